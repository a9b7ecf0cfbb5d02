import type { ConversationStatus } from '../../../api/generated/model/conversationStatus';
import { statusLabels } from '../status';

const icons: Record<ConversationStatus, string> = {
  bot_active: 'pi pi-android',
  admin_required: 'pi pi-exclamation-triangle',
  admin_takeover: 'pi pi-user',
};

/** The status as text with an icon; colour only adds to what the words say. */
export function StatusBadge({ status }: { status: ConversationStatus }) {
  return (
    <span className={`status-badge status-${status}`}>
      <i className={icons[status]} aria-hidden="true" />
      {statusLabels[status]}
    </span>
  );
}
