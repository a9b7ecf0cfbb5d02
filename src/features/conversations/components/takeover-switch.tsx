import { useState } from 'react';
import { InputSwitch } from 'primereact/inputswitch';
import type { Conversation } from '../../../api/generated/model/conversation';
import { useUpdateConversationStatus } from '../../../api/generated/endpoints/conversations/conversations';
import { useToast } from '../../../lib/toast/toast-context';

/**
 * The Admin Takeover switch: on → admin_takeover, off → bot_active; the conversation is
 * refetched, then the toast. While the change is on its way the switch shows
 * the position asked for; afterwards it shows the conversation's real status,
 * so a failed change puts it back.
 */
export function TakeoverSwitch({ conversation }: { conversation: Conversation }) {
  const update = useUpdateConversationStatus();
  const toast = useToast();
  const [requested, setRequested] = useState<boolean | null>(null);
  const checked = requested ?? conversation.status === 'admin_takeover';

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

  return (
    <div className="takeover-switch">
      <InputSwitch
        inputId="admin-takeover"
        checked={checked}
        disabled={update.isPending}
        onChange={(event) => void change(Boolean(event.value))}
        // The inner input is the switch; a second checkbox role around it nests one control in another.
        pt={{ root: { role: undefined, 'aria-checked': undefined }, input: { 'aria-keyshortcuts': 't' } }}
      />
      <label htmlFor="admin-takeover">Admin Takeover</label>
    </div>
  );
}
