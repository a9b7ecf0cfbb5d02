import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { QuickReply } from '../../../api/generated/model/quickReply';

/** Asks before a quick reply is deleted; Cancel (the choice that loses nothing) has the focus. */
export function DeleteQuickReplyDialog({
  reply,
  pending,
  onCancel,
  onConfirm,
}: {
  reply: QuickReply | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reply: QuickReply) => void;
}) {
  return (
    <Dialog
      header="Delete quick reply"
      visible={reply !== null}
      onHide={onCancel}
      style={{ width: '28rem' }}
      breakpoints={{ '640px': '92vw' }}
      draggable={false}
      resizable={false}
      footer={
        <div className="dialog-actions">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself, on the choice that loses nothing */}
          <Button type="button" label="Cancel" outlined autoFocus onClick={onCancel} />
          <Button
            type="button"
            label="Delete"
            severity="danger"
            loading={pending}
            onClick={() => reply && onConfirm(reply)}
          />
        </div>
      }
    >
      {reply && <p className="dialog-text">Delete quick reply &quot;{reply.title}&quot;?</p>}
    </Dialog>
  );
}
