import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { serverMessage } from '../../../api/error-message';
import { useCreateQuickReply, useUpdateQuickReply } from '../../../api/generated/endpoints/quick-replies/quick-replies';
import {
  createQuickReplyBodyContentMax,
  createQuickReplyBodyTitleMax,
} from '../../../api/generated/zod/quick-replies/quick-replies.zod';
import type { QuickReply } from '../../../api/generated/model/quickReply';
import { useToast } from '../../../lib/toast/toast-context';

type Errors = { title?: string; content?: string };

/** The contract's limits (generated from openapi.yaml) with messages for a person. */
export function quickReplyErrors(title: string, content: string): Errors {
  const errors: Errors = {};
  if (!title.trim()) errors.title = 'Title is required';
  else if (title.length > createQuickReplyBodyTitleMax)
    errors.title = `Title must be at most ${createQuickReplyBodyTitleMax} characters`;
  if (!content.trim()) errors.content = 'Message is required';
  else if (content.length > createQuickReplyBodyContentMax)
    errors.content = `Message must be at most ${createQuickReplyBodyContentMax} characters`;
  return errors;
}

/** Adds a quick reply, or edits `reply`. A refusal keeps everything typed and says why. */
export function QuickReplyForm({ reply, onDone }: { reply?: QuickReply; onDone: () => void }) {
  const create = useCreateQuickReply();
  const update = useUpdateQuickReply();
  const toast = useToast();
  const [title, setTitle] = useState(reply?.title ?? '');
  const [content, setContent] = useState(reply?.content ?? '');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = tried ? quickReplyErrors(title, content) : {};
  const pending = create.isPending || update.isPending;
  const prefix = reply ? `quick-reply-${reply.id}` : 'quick-reply-new';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = quickReplyErrors(title, content);
    if (found.title || found.content) {
      document.getElementById(`${prefix}-${found.title ? 'title' : 'content'}`)?.focus();
      return;
    }
    setFailure(null);
    try {
      if (reply) await update.mutateAsync({ quickReplyId: reply.id, data: { title, content } });
      else await create.mutateAsync({ data: { title, content } });
      toast({ title: 'Quick reply saved', description: `"${title}" is ready to use in the composer.` });
      onDone();
    } catch (error) {
      setFailure(serverMessage(error, 'Failed to save the quick reply'));
    }
  };

  return (
    <form className="quick-reply-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="settings-field">
        <label htmlFor={`${prefix}-title`}>Title</label>
        <InputText
          id={`${prefix}-title`}
          value={title}
          maxLength={createQuickReplyBodyTitleMax + 20}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${prefix}-title-error` : undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
        {errors.title && (
          <small id={`${prefix}-title-error`} className="field-error">
            {errors.title}
          </small>
        )}
      </div>
      <div className="settings-field">
        <label htmlFor={`${prefix}-content`}>Message</label>
        <InputTextarea
          id={`${prefix}-content`}
          value={content}
          rows={3}
          autoResize
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${prefix}-content-error` : undefined}
          onChange={(event) => setContent(event.target.value)}
        />
        {errors.content && (
          <small id={`${prefix}-content-error`} className="field-error">
            {errors.content}
          </small>
        )}
      </div>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="settings-actions">
        <Button type="submit" label="Save" loading={pending} />
        <Button type="button" label="Cancel" outlined disabled={pending} onClick={onDone} />
      </div>
    </form>
  );
}
