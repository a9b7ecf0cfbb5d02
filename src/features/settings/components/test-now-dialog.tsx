import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { isMissing } from '../../../api/error-message';
import { useGetFollowUpsDue } from '../../../api/generated/endpoints/follow-ups/follow-ups';
import { sendsTemplate, TemplateText, type FollowUpTemplate } from '../follow-up-template';
import { dueQuestion } from '../follow-up-rules';

type Props = {
  visible: boolean;
  /** The saved settings: what the check will send (not what is typed and unsaved). */
  hours: number;
  message: string;
  /** Whether the form holds changes not saved yet (the check does not use them). */
  unsaved: boolean;
  template: FollowUpTemplate;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * Test Now asks first: how many customers get the follow-up (the dry run GET /api/follow-ups/due,
 * beyond the spec; without it "every customer due a follow-up") and the message they will read.
 * Cancel, the choice that sends nothing, has the focus.
 */
export function TestNowDialog(props: Props) {
  return (
    <Dialog
      header="Send follow-ups now?"
      visible={props.visible}
      onHide={props.onCancel}
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '92vw' }}
      draggable={false}
      resizable={false}
    >
      {props.visible && <TestNowBody {...props} />}
    </Dialog>
  );
}

function TestNowBody({ hours, message, unsaved, template, onCancel, onConfirm }: Props) {
  // Counted afresh each time the dialog opens.
  const due = useGetFollowUpsDue({ query: { refetchOnMount: 'always', gcTime: 0 } });
  const counting = due.isPending && !due.isError;
  // A backend without the dry run (404) or a failed count: the sentence without a number.
  const count = due.data?.count ?? (due.isError || isMissing(due.error) ? null : undefined);
  const nobody = count === 0;
  const asTemplate = sendsTemplate(hours, template);
  return (
    <div className="test-now">
      {counting ? (
        <p role="status">Counting the customers due a follow-up...</p>
      ) : nobody ? (
        <p>No customer is due a follow-up right now, so nothing would be sent.</p>
      ) : (
        <p className="test-now-question">{dueQuestion(count ?? null)}</p>
      )}
      {!nobody && (
        <>
          <p className="settings-hint">What the customers will read:</p>
          <blockquote className="settings-template-text">
            {asTemplate && template.state === 'found' ? <TemplateText template={template.template} /> : message}
          </blockquote>
          {asTemplate && template.state === 'found' && (
            <p className="settings-hint">
              The approved follow-up template, because WhatsApp accepts only templates after 24 hours.
            </p>
          )}
          {!asTemplate && template.state === 'found' && (
            <p className="settings-hint">
              A customer whose last message is more than 24 hours old gets the approved follow-up template instead.
            </p>
          )}
          {asTemplate && template.state === 'none' && (
            <p className="settings-hint">There is no approved follow-up template, so nothing will be sent.</p>
          )}
          {unsaved && <p className="settings-hint">Your unsaved changes are not used: save them first to send them.</p>}
        </>
      )}
      <div className="dialog-actions">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself, on the choice that sends nothing */}
        <Button type="button" label={nobody ? 'OK' : 'Cancel'} outlined autoFocus onClick={onCancel} />
        {!nobody && <Button type="button" label="Send now" icon="pi pi-send" disabled={counting} onClick={onConfirm} />}
      </div>
    </div>
  );
}
