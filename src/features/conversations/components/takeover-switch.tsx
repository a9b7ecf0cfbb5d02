import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import type { Conversation } from '../../../api/generated/model/conversation';
import { useUpdateConversationStatus } from '../../../api/generated/endpoints/conversations/conversations';
import { useToast } from '../../../lib/toast/toast-context';

/**
 * Admin Takeover on or off: on → admin_takeover, off → bot_active; the conversation is
 * refetched, then the spec's toast. `requested` is the position asked for while the
 * change is on its way (null otherwise).
 */
function useTakeover(conversation: Conversation) {
  const update = useUpdateConversationStatus();
  const toast = useToast();
  const [requested, setRequested] = useState<boolean | null>(null);

  const change = async (on: boolean) => {
    setRequested(on);
    try {
      // Resolves after the conversation has been refetched (the invalidation table).
      await update.mutateAsync({ id: conversation.id, data: { status: on ? 'admin_takeover' : 'bot_active' } });
      toast({ title: 'Status updated', description: 'Conversation status has been updated' });
    } catch {
      toast({ title: 'Error', description: 'Failed to update conversation status', variant: 'destructive' });
    } finally {
      setRequested(null);
    }
  };

  return { requested, pending: update.isPending, change };
}

/**
 * The Admin Takeover switch. While the change is on its way the switch shows
 * the position asked for; afterwards it shows the conversation's real status,
 * so a failed change puts it back.
 */
export function TakeoverSwitch({ conversation }: { conversation: Conversation }) {
  const { requested, pending, change } = useTakeover(conversation);
  const checked = requested ?? conversation.status === 'admin_takeover';

  return (
    <div className="takeover-switch">
      <InputSwitch
        inputId="admin-takeover"
        checked={checked}
        disabled={pending}
        onChange={(event) => void change(Boolean(event.value))}
        // The inner input is the switch; a second checkbox role around it nests one control in another.
        pt={{ root: { role: undefined, 'aria-checked': undefined }, input: { 'aria-keyshortcuts': 't' } }}
      />
      <label htmlFor="admin-takeover">Admin Takeover</label>
    </div>
  );
}

interface TakeoverNoteProps {
  conversation: Conversation;
  /** Why the control beside it is disabled ("The bot is answering: only Admin Takeover can send."). */
  reason: string;
  /** The button's label ("Take over to send a template"). */
  label: string;
}

/**
 * Beyond the spec: a reason beside a control that only Admin Takeover unlocks, and the
 * button that takes over from there — the same call and toasts as the switch.
 */
export function TakeoverNote({ conversation, reason, label }: TakeoverNoteProps) {
  const { pending, change } = useTakeover(conversation);
  return (
    <div className="takeover-note">
      <p>
        <i className="pi pi-info-circle" aria-hidden="true" /> {reason}
      </p>
      <Button
        type="button"
        label={label}
        icon={pending ? 'pi pi-spin pi-spinner' : 'pi pi-user-edit'}
        size="small"
        disabled={pending}
        onClick={() => void change(true)}
      />
    </div>
  );
}
