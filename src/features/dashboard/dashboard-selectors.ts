// What the dashboard picks out of the product and conversation lists.
import type { Conversation } from '../../api/generated/model/conversation';
import type { Product } from '../../api/generated/model/product';

/** The dashboard lists at most 5 recent products and 5 pending conversations. */
export const DASHBOARD_LIST_LIMIT = 5;

/** The first five products, in the order the server lists them. */
export const recentProducts = (products: readonly Product[]): Product[] => products.slice(0, DASHBOARD_LIST_LIMIT);

/** The first five conversations waiting for a human (status admin_required). */
export function pendingConversations(conversations: readonly Conversation[]): Conversation[] {
  const pending: Conversation[] = [];
  for (const conversation of conversations) {
    if (conversation.status !== 'admin_required') continue;
    pending.push(conversation);
    if (pending.length === DASHBOARD_LIST_LIMIT) break;
  }
  return pending;
}

export const countActiveProducts = (products: readonly Product[]): number => products.filter((p) => p.isActive).length;

export const countNeedingAttention = (conversations: readonly Conversation[]): number =>
  conversations.filter((c) => c.status === 'admin_required').length;

/** What "active" means for a conversation, here as in the summary and the analytics overview. */
export const ACTIVE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Conversations with a message in the 24 hours before `now`. */
export function countActiveConversations(conversations: readonly Conversation[], now: number): number {
  const since = now - ACTIVE_WINDOW_MS;
  return conversations.filter((c) => {
    const at = Date.parse(c.lastMessageAt);
    return at >= since;
  }).length;
}

export const productsCaption = (total: number): string => `${total} total`;
export const attentionCaption = (count: number): string => `${count} ${count === 1 ? 'needs' : 'need'} attention`;
