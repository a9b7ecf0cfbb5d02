import type { Selectable } from 'kysely';
import type { components } from '../../contract/types';
import type { MessagesTable } from '../../db/schema';
import type { ConversationRow } from './repository';

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
});

export const toMessage = (row: Selectable<MessagesTable>): Message => ({
  id: row.id,
  sender: row.sender as Message['sender'],
  content: row.content,
  timestamp: row.timestamp.toISOString(),
  messageType: row.message_type,
});
