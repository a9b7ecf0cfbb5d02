import type { Selectable } from 'kysely';
import type { components } from '../../app/openapi/types';
import type { MessageAttachment as StoredAttachment, MessagesTable } from '../../db/schema';
import { ATTACHMENT_NUMBERS, ATTACHMENT_TEXT_LIMITS, attachmentUrl } from './attachment-fields';
import { REPLY_WINDOW_MS, type ConversationRow } from './repository';

export type Conversation = components['schemas']['Conversation'];
export type Message = components['schemas']['Message'];
export type Attachment = components['schemas']['MessageAttachment'];

export const toConversation = (row: ConversationRow): Conversation => ({
  id: row.id,
  customerName: row.customer_name,
  whatsappPhoneNumber: row.customer_address,
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
  handoffReason: row.handoff_reason as Conversation['handoffReason'],
  handoffAt: row.handoff_at === null ? null : row.handoff_at.toISOString(),
  handoffCustomerText: row.handoff_customer_text,
  customerLanguage: row.customer_language as Conversation['customerLanguage'],
  deal: dealOf(row),
});

/** The deal the customer last agreed to (migration 025), or null. */
const dealOf = (row: ConversationRow): Conversation['deal'] =>
  row.deal_product_name === null || row.deal_unit_price === null || row.deal_agreed_at === null
    ? null
    : {
        productId: row.deal_product_id,
        productName: row.deal_product_name,
        unitPrice: Number(row.deal_unit_price),
        quantity: row.deal_quantity,
        // Migration 026: where it goes, as the customer said after agreeing.
        deliveryTown: row.deal_delivery_town,
        pickup: row.deal_pickup ?? false,
        agreedBy: row.deal_agreed_by as NonNullable<Conversation['deal']>['agreedBy'],
        agreedAt: row.deal_agreed_at.toISOString(),
      };

/** 24 hours after the customer's last message; null when the customer never wrote. */
export const replyWindowClosesAt = (row: Pick<ConversationRow, 'last_customer_message_at'>): string | null =>
  row.last_customer_message_at === null
    ? null
    : new Date(row.last_customer_message_at.getTime() + REPLY_WINDOW_MS).toISOString();

/** Free text reaches the customer only before the window closes; at the very instant it closes, no longer. */
export const windowOpen = (row: Pick<ConversationRow, 'last_customer_message_at'>, now: Date) =>
  row.last_customer_message_at !== null && now.getTime() < row.last_customer_message_at.getTime() + REPLY_WINDOW_MS;

type MessageRow = Selectable<MessagesTable>;

const cut = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/**
 * The stored attachment (server/db/schema.ts) as the contract's: the fields
 * the dashboard shows, never the WhatsApp media id, hash or stored file name.
 * `url` only once the file is stored (state ready). A reaction names the
 * message it reacts to by our id (`reactsToMessageId`, resolved by the
 * caller from WhatsApp's id; null when this conversation has no such message).
 */
export function toAttachment(
  row: Pick<MessageRow, 'id' | 'conversation_id'>,
  stored: StoredAttachment,
  reactsToMessageId: number | null = null,
): Attachment {
  const source = stored as unknown as Record<string, unknown>;
  const attachment: Record<string, unknown> = { kind: stored.kind };
  if (typeof source.state === 'string') attachment.state = source.state;
  if (source.state === 'ready') attachment.url = attachmentUrl(row.conversation_id, row.id);
  for (const [field, max] of Object.entries(ATTACHMENT_TEXT_LIMITS)) {
    const value = source[field];
    if (typeof value === 'string') attachment[field] = cut(value, max);
  }
  for (const field of ATTACHMENT_NUMBERS) if (typeof source[field] === 'number') attachment[field] = source[field];
  if (stored.kind === 'contacts') {
    const names = Array.isArray(source.names) ? source.names.filter((n): n is string => typeof n === 'string') : [];
    attachment.name = cut(names.join(', '), ATTACHMENT_TEXT_LIMITS.name);
  }
  if (stored.kind === 'reaction') attachment.reactsToMessageId = reactsToMessageId;
  return attachment as Attachment;
}

/**
 * A stored message as the contract's. `reactsToMessageId`: for a reaction,
 * the id of the message it reacts to (see toMessages); a single message
 * mapped alone (an admin's reply) is never a reaction.
 */
export const toMessage = (row: MessageRow, reactsToMessageId: number | null = null): Message => ({
  id: row.id,
  sender: row.sender as Message['sender'],
  content: row.content,
  timestamp: row.timestamp.toISOString(),
  messageType: row.message_type,
  // A quote's message is one sent through the outbox: its quoteId comes with the delivery state.
  ...(row.delivery_status !== null && {
    deliveryStatus: row.delivery_status,
    failureReason: row.failure_reason,
    ...(row.quote_id !== null && { quoteId: row.quote_id }),
  }),
  ...(row.attachment && { attachment: toAttachment(row, row.attachment, reactsToMessageId) }),
});

/**
 * A conversation's whole list, each reaction pointed at the message it
 * reacts to among them by WhatsApp's id: the reference for the JSON the
 * database builds, which finds it through the unique index on
 * messages.external_id, within the same conversation.
 */
export function toMessages(rows: readonly MessageRow[]): Message[] {
  const byWhatsAppId = new Map<string, number>();
  for (const row of rows) if (row.external_id) byWhatsAppId.set(row.external_id, row.id);
  return rows.map((row) =>
    toMessage(row, row.attachment?.kind === 'reaction' ? (byWhatsAppId.get(row.attachment.reactsTo) ?? null) : null),
  );
}
