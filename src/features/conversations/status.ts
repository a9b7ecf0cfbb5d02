import type { ConversationStatus } from '../../api/generated/model/conversationStatus';
import { ConversationStatus as Statuses } from '../../api/generated/model/conversationStatus';

/** How each conversation status reads on screen. */
export const statusLabels: Record<ConversationStatus, string> = {
  bot_active: 'Bot Active',
  admin_required: 'Admin Required',
  admin_takeover: 'Admin Takeover',
};

export const conversationStatuses = Object.values(Statuses);

/** '1 message', 'N messages'. */
export const messageCount = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;
