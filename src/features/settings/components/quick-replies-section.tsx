import { useState } from 'react';
import { Button } from 'primereact/button';
import { isMissing, serverMessage } from '../../../api/error-message';
import {
  useDeleteQuickReply,
  useListQuickReplies,
  useReorderQuickReplies,
} from '../../../api/generated/endpoints/quick-replies/quick-replies';
import type { QuickReply } from '../../../api/generated/model/quickReply';
import { LoadError } from '../../../components/ui/load-error';
import { QUICK_REPLY_VARIABLES } from '../../../lib/quick-replies/variables';
import { useToast } from '../../../lib/toast/toast-context';
import { DeleteQuickReplyDialog } from './delete-quick-reply-dialog';
import { QuickReplyForm } from './quick-reply-form';

/**
 * Staff's saved answers (beyond the spec): add, edit, delete and order. The
 * composer inserts them with "/". A backend without them (404) shows no section.
 */
export function QuickRepliesSection() {
  const list = useListQuickReplies();
  const reorder = useReorderQuickReplies();
  const remove = useDeleteQuickReply();
  const toast = useToast();
  // null: no form; 'new': adding; a reply: editing it.
  const [editing, setEditing] = useState<QuickReply | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QuickReply | null>(null);

  if (isMissing(list.error)) return null;
  const replies = list.data ?? [];
  // A backend that keeps Swahili texts says so on every quick reply (contentSw, null when none).
  const swahili = replies.some((reply) => 'contentSw' in reply);

  const move = async (index: number, step: number) => {
    const ids = replies.map((r) => r.id);
    [ids[index], ids[index + step]] = [ids[index + step], ids[index]];
    try {
      await reorder.mutateAsync({ data: { ids } });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to reorder quick replies'),
        variant: 'destructive',
      });
    }
  };

  const confirmDelete = async (reply: QuickReply) => {
    try {
      await remove.mutateAsync({ quickReplyId: reply.id });
      setDeleting(null);
      toast({ title: 'Quick reply deleted', description: `"${reply.title}" was deleted.` });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to delete the quick reply'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="quick-replies-title">
      <h2 id="quick-replies-title">Quick replies</h2>
      <p className="settings-hint">
        Saved answers you insert from the message composer by typing / . These placeholders are filled from the
        conversation:
      </p>
      <ul className="settings-placeholders">
        {QUICK_REPLY_VARIABLES.map((variable) => (
          <li key={variable.name}>
            <code>{`{{${variable.name}}}`}</code> {variable.label}
          </li>
        ))}
      </ul>
      {list.isPending ? (
        <p role="status">Loading quick replies...</p>
      ) : list.isError ? (
        <LoadError message="Failed to load quick replies" onRetry={list.refetch} />
      ) : replies.length === 0 ? (
        <p>No quick replies yet.</p>
      ) : (
        <ul className="settings-list">
          {replies.map((reply, index) => (
            <li key={reply.id} className="settings-item">
              {editing !== null && editing !== 'new' && editing.id === reply.id ? (
                <QuickReplyForm reply={reply} swahili={swahili} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <h3>{reply.title}</h3>
                  <p className="settings-item-text">{reply.content}</p>
                  <div className="settings-actions">
                    <Button type="button" label="Edit" size="small" outlined onClick={() => setEditing(reply)} />
                    <Button
                      type="button"
                      label="Delete"
                      size="small"
                      outlined
                      severity="danger"
                      onClick={() => setDeleting(reply)}
                    />
                    {/* The two arrows stay together, at the end of the line. */}
                    <span className="settings-order">
                      <Button
                        type="button"
                        icon="pi pi-arrow-up"
                        size="small"
                        text
                        aria-label={`Move ${reply.title} up`}
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => void move(index, -1)}
                      />
                      <Button
                        type="button"
                        icon="pi pi-arrow-down"
                        size="small"
                        text
                        aria-label={`Move ${reply.title} down`}
                        disabled={index === replies.length - 1 || reorder.isPending}
                        onClick={() => void move(index, 1)}
                      />
                    </span>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' ? (
        <QuickReplyForm swahili={swahili} onDone={() => setEditing(null)} />
      ) : (
        list.isSuccess && (
          <div className="settings-actions">
            <Button type="button" label="Add quick reply" icon="pi pi-plus" onClick={() => setEditing('new')} />
          </div>
        )
      )}
      <DeleteQuickReplyDialog
        reply={deleting}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={(reply) => void confirmDelete(reply)}
      />
    </section>
  );
}
