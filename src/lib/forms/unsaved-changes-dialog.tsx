import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import type { Blocker } from 'react-router-dom';
// Same size rules as the other small dialogs: fixed width, full width on phones.
const smallDialogProps = {
  style: { width: '28rem' },
  breakpoints: { '640px': '92vw' },
  draggable: false,
  resizable: false,
} as const;

/** Asks before a navigation would lose what was typed in the form. */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const stay = () => blocker.state === 'blocked' && blocker.reset();
  return (
    <Dialog
      header="Unsaved changes"
      visible={blocker.state === 'blocked'}
      onHide={stay}
      {...smallDialogProps}
      footer={
        <div className="dialog-actions">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself, on the choice that loses nothing */}
          <Button type="button" label="Keep editing" outlined autoFocus onClick={stay} />
          <Button
            type="button"
            label="Discard changes"
            severity="danger"
            onClick={() => blocker.state === 'blocked' && blocker.proceed()}
          />
        </div>
      }
    >
      <p className="dialog-text">You have unsaved changes. If you leave this page, they will be lost.</p>
    </Dialog>
  );
}
