import type { ConversationStatus } from '../../api/generated/model/conversationStatus';
import { ConversationStatus as Statuses } from '../../api/generated/model/conversationStatus';

/** Spec §4: the labels of the conversation statuses. */
export const statusLabels: Record<ConversationStatus, string> = {
  bot_active: 'Bot Active',
  admin_required: 'Admin Required',
  admin_takeover: 'Admin Takeover',
};

export const conversationStatuses = Object.values(Statuses);

/** Spec §2: 'N message(s)'. */
export const messageCount = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;
