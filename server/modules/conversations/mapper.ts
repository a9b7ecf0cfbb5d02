import type { Selectable } from 'kysely';
import type { components } from '../../contract/types';
import type { MessagesTable } from '../../db/schema';
import { REPLY_WINDOW_MS, type ConversationRow } from './repository';

export type Conversation = components['schemas']['Conversation'];
export type Message = components['schemas']['Message'];

export const toConversation = (row: ConversationRow): Conversation => ({
  id: row.id,
  customerName: row.customer_name,
  whatsappPhoneNumber: row.whatsapp_phone_number,
  status: row.status as Conversation['status'],
  lastMessageAt: row.last_message_at.toISOString(),
  createdAt: row.created_at.toISOString(),
  messageCount: row.message_count,
  productsMentioned: row.products_mentioned,
  currentProductId: row.current_product_id,
  currentOfferPrice: row.current_offer_price === null ? null : Number(row.current_offer_price),
  bargainingRound: row.bargaining_round,
  unreadCount: row.unread_count,
  replyWindowClosesAt: replyWindowClosesAt(row),
  lastMessagePreview: row.last_message_preview,
  lastCustomerMessagePreview: row.last_customer_message_preview,
});

/** 24 hours after the customer's last message; null when the customer never wrote. */
export const replyWindowClosesAt = (row: Pick<ConversationRow, 'last_customer_message_at'>): string | null =>
  row.last_customer_message_at === null
    ? null
    : new Date(row.last_customer_message_at.getTime() + REPLY_WINDOW_MS).toISOString();

/** Free text reaches the customer only before the window closes; at the very instant it closes, no longer. */
export const windowOpen = (row: Pick<ConversationRow, 'last_customer_message_at'>, now: Date) =>
  row.last_customer_message_at !== null && now.getTime() < row.last_customer_message_at.getTime() + REPLY_WINDOW_MS;

export const toMessage = (row: Selectable<MessagesTable>): Message => ({
  id: row.id,
  sender: row.sender as Message['sender'],
  content: row.content,
  timestamp: row.timestamp.toISOString(),
  messageType: row.message_type,
  ...(row.delivery_status !== null && {
    deliveryStatus: row.delivery_status,
    failureReason: row.failure_reason,
  }),
});
