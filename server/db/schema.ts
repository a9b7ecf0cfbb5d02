// Row types of the tables in migrations/, for Kysely's typed queries.
import type { GeneratedAlways, ColumnType, Generated } from 'kysely';

/** numeric columns: pg hands them back as strings, they go in as numbers. */
type Numeric = ColumnType<string | number, number | string, number | string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: Timestamp;
}
export interface SessionsTable {
  token_hash: string;
  user_id: number;
  expires_at: Date;
  created_at: Timestamp;
}
export interface ProductsTable {
  id: Generated<number>;
  name: string;
  category: string;
  dimensions: string | null;
  description: string | null;
  starting_price: Numeric;
  ending_price: Numeric;
  color: string | null;
  installation_price_per_slab: ColumnType<string | number | null, number | string | null, number | string | null>;
  material: string | null;
  bowl_configuration: string | null;
  stock: number;
  is_active: boolean;
  product_image_url: string | null;
  installation_image_urls: string[];
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 022: the description in Swahili, shown to customers writing Swahili or Sheng. */
  description_sw: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface ConversationsTable {
  id: Generated<number>;
  customer_name: string | null;
  /** Migration 024: the channel the customer writes through (server/channels); 'whatsapp' by default. */
  channel: ColumnType<string, string | undefined, string>;
  /** Migration 024 (was whatsapp_phone_number): the customer's address on the channel, e.g. a WhatsApp number. */
  customer_address: string;
  status: ColumnType<string, string | undefined, string>;
  last_message_at: Timestamp;
  created_at: Timestamp;
  message_count: Generated<number>;
  products_mentioned: ColumnType<string[], string[] | undefined, string[]>;
  /** The names joined, a line each, lowered (migrations 006 and 012): kept by PostgreSQL, never written. */
  products_folded: GeneratedAlways<string>;
  current_product_id: number | null;
  current_offer_price: ColumnType<string | number | null, number | null | undefined, number | null>;
  bargaining_round: number | null;
  converted: Generated<boolean>;
  last_follow_up_at: Date | null;
  /** Migration 007: the customer's last message (the 24-hour reply window runs from it). */
  last_customer_message_at: Date | null;
  /**
   * Migration 007: customer messages since staff last opened the conversation, counted while
   * it is admin_required or admin_takeover (migration 023).
   */
  unread_count: Generated<number>;
  /** Migration 009: message_preview of the last message, kept by addMessage. */
  last_message_preview: Generated<string | null>;
  /** Migration 009: message_preview of the customer's last message, kept by addMessage. */
  last_customer_message_preview: Generated<string | null>;
  /** Migration 021: why a person is needed (HandoffReason), set with admin_required, cleared with bot_active. */
  handoff_reason: Generated<string | null>;
  /** Migration 021: since when a person is needed. */
  handoff_at: Generated<Date | null>;
  /** Migration 021: message_preview of the customer's message that caused the hand-off. */
  handoff_customer_text: Generated<string | null>;
  /** Migration 023: handoff_at until the first admin message after it (or back to the bot). */
  handoff_unanswered_at: Generated<Date | null>;
  /** Migration 022: the language the customer last wrote in ('en' or 'sw'), as the bot reads it; null until they write. */
  customer_language: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 025: the deal the customer last agreed to (openapi.yaml Deal); all null until one. */
  deal_product_id: Generated<number | null>;
  deal_product_name: Generated<string | null>;
  deal_unit_price: ColumnType<string | null, number | null | undefined, number | null>;
  /** The product's starting price when the deal was agreed (migration 030); null before it. */
  deal_list_price: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  deal_quantity: Generated<number | null>;
  deal_agreed_by: Generated<string | null>;
  deal_agreed_at: Generated<Date | null>;
  /** Migration 026: the deal's delivery zone (null once deleted), its town as said, or collection. */
  deal_delivery_zone_id: Generated<number | null>;
  deal_delivery_town: Generated<string | null>;
  deal_pickup: Generated<boolean | null>;
}
export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender: string;
  content: string;
  message_type: string;
  timestamp: Timestamp;
  /** Migration 007: only on messages sent through the outbox. */
  delivery_status: DeliveryStatus | null;
  failure_reason: string | null;
  /** Migrations 016 and 024: the channel's id of the message (inbound, or outbound once sent); unique per channel. */
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 024: the channel that named external_id (null without one). */
  channel: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 016: what the message carries besides text; null for plain text. */
  attachment: ColumnType<MessageAttachment | null, string | null | undefined, string | null>;
  /** Migration 016: WhatsApp's words for a failed delivery. */
  failure: ColumnType<MessageFailure | null, string | null | undefined, string | null>;
  /** Migration 034: the quote this message sent (its PDF went with it); null on every other message. */
  quote_id: ColumnType<number | null, number | null | undefined, number | null>;
}
export type DeliveryStatus = 'queued' | 'sent' | 'delivered' | 'read' | 'failed';
/** Migration 016: messages.attachment (JSON). */
export type MessageAttachment =
  | {
      kind: 'image' | 'video' | 'audio' | 'sticker' | 'document';
      mediaId: string;
      state: 'pending' | 'ready' | 'expired';
      mimeType?: string;
      sha256?: string;
      filename?: string;
      size?: number;
      caption?: string;
      /** The stored file's name in DATA_DIR/media. */
      file?: string;
    }
  | { kind: 'location'; latitude: number; longitude: number; name?: string; address?: string }
  | { kind: 'contacts'; names: string[] }
  | { kind: 'reaction'; emoji: string; /** WhatsApp id of the message reacted to. */ reactsTo: string }
  | { kind: 'interactive' | 'button'; title: string; id?: string }
  | { kind: 'unsupported'; type: string };
/** Migration 016: messages.failure (JSON), from a failed status's errors[0]. */
export type MessageFailure = { code: number | null; title: string | null; details: string | null };
export type OutboxTemplate = {
  name: string;
  language: string;
  variables: string[];
  /** Migration 017: for a template with named parameters ({{customer_name}}), their names in order. */
  parameterNames?: string[];
};
export interface MessageTemplatesTable {
  /** Migration 017: synced templates take the next value of message_templates_id_seq. */
  id: Generated<number>;
  name: string;
  label: string;
  language: string;
  body: string;
  /** One per placeholder in order; `name` for a named parameter (migration 017). */
  variables: ColumnType<{ label: string; example?: string; name?: string }[], string, string>;
  /** Migration 017: Meta's id of a synced template; null for the demo's. */
  whatsapp_id: ColumnType<string | null, string | null | undefined, string | null>;
  parameter_format: ColumnType<'positional' | 'named', 'positional' | 'named' | undefined, 'positional' | 'named'>;
  synced_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export interface QuickRepliesTable {
  id: Generated<number>;
  title: string;
  content: string;
  position: number;
  /** Migration 022: the text in Swahili, for customers writing Swahili; null: none. */
  content_sw: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface NotificationsTable {
  id: Generated<number>;
  type: string;
  message: string;
  is_read: Generated<boolean>;
  conversation_id: number;
  created_at: Timestamp;
  /** Migration 009: copied from the conversation by a trigger when the insert gives no phone. */
  customer_name: Generated<string | null>;
  customer_phone: Generated<string>;
  customer_quote: Generated<string | null>;
}
export interface ProductEventsTable {
  id: Generated<number>;
  product_id: number;
  conversation_id: number | null;
  kind: 'view' | 'inquiry';
  created_at: Timestamp;
}
export interface FollowUpSettingsTable {
  id: number;
  enabled: boolean;
  hours_until_follow_up: number;
  follow_up_message: string;
  /** Migration 022: the message in Swahili, for customers writing Swahili. */
  follow_up_message_sw: ColumnType<string, string | undefined, string>;
}
export interface OutboxTable {
  id: Generated<number>;
  conversation_id: number;
  /** Migration 024 (was to_phone): the customer's address on the row's channel. */
  to_address: string;
  /** Migration 024: the channel that sends the row (the conversation's). */
  channel: ColumnType<string, string | undefined, string>;
  content: string;
  /** 'bot_reply': migration 016. */
  kind: 'admin_reply' | 'follow_up' | 'bot_reply';
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Date | null;
  /** Migration 007: the message this row delivers. */
  message_id: number | null;
  /** Migration 007: set when the message is an approved template. */
  template: ColumnType<OutboxTemplate | null, string | null | undefined, string | null>;
  /** Migration 017: when a pending row may be tried again (null: now). */
  next_attempt_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migrations 017 and 024: the id the channel gave the sent message. */
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 027: a document sent with the message (a quote's PDF). */
  document: ColumnType<OutboxDocument | null, string | null | undefined, string | null>;
}
export interface SignInAttemptsTable {
  scope: 'address' | 'account' | 'known';
  key: string;
  failures: ColumnType<number, number | undefined, number>;
  window_start: Date;
  blocked_until: Date | null;
  updated_at: Date;
}
/** Migration 018: one download job per message whose WhatsApp media is not stored yet. */
export interface WhatsappMediaDownloadsTable {
  message_id: number;
  media_id: string;
  sha256: string | null;
  mime_type: string | null;
  attempts: Generated<number>;
  mismatches: Generated<number>;
  next_attempt_at: Timestamp;
  first_tried_at: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
}
/** Migration 016: every signed webhook delivery, raw, until processed (and a while after). */
export interface WhatsappEventsTable {
  id: GeneratedAlways<string>;
  received_at: Timestamp;
  body: string;
  processed_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
}
/** Migration 016: statuses of message ids not known yet. */
export interface WhatsappHeldStatusesTable {
  whatsapp_message_id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  timestamp: Date;
  error: ColumnType<MessageFailure | null, string | null | undefined, string | null>;
  received_at: Timestamp;
}
/** Migration 019: Settings → Chatbot (openapi.yaml's BotSettings as JSON); one row (id 1) once saved. */
export interface BotSettingsTable {
  id: number;
  settings: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}
/** Migration 019: what the bot keeps for a conversation between turns (tools.remember), JSON of at most 4 KB. */
export interface BotMemoryTable {
  conversation_id: number;
  memory: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}
/** Migration 026: where the business delivers; the fee in cents, `name_key` the name's compared form. */
export interface DeliveryZonesTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  places: ColumnType<string[], string, string>;
  fee_cents: number;
  lead_days: number;
}
/** Migration 026: pickup (one row, id 1; none until saved). */
export interface DeliveryPickupTable {
  id: number;
  enabled: boolean;
  location: string;
  lead_days: number;
}
export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Timestamp;
}

/** Migration 027: the business profile quotes print (one row, id 1, once saved). */
export interface BusinessProfileTable {
  id: ColumnType<number, number | undefined, never>;
  name: string;
  phone: ColumnType<string, string | undefined, string>;
  email: ColumnType<string, string | undefined, string>;
  address: ColumnType<string, string | undefined, string>;
  logo_url: ColumnType<string | null, string | null | undefined, string | null>;
  quote_deposit_percent: ColumnType<number, number | undefined, number>;
  quote_validity_days: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}
/** bigint columns: pg hands them back as strings; they go in as numbers. */
type Cents = ColumnType<string | number, number | bigint | string, number | bigint | string>;
/** Migration 027: a quote's revision; amounts in whole cents. */
export interface QuotesTable {
  id: Generated<number>;
  number: string;
  revision: ColumnType<number, number | undefined, number>;
  conversation_id: number;
  status: ColumnType<'draft' | 'sent' | 'accepted' | 'cancelled' | 'superseded', string | undefined, string>;
  subtotal_cents: Cents;
  delivery_zone_id: number | null;
  delivery_town: string | null;
  delivery_fee_cents: Cents;
  pickup: boolean;
  discount_cents: Cents;
  total_cents: Cents;
  deposit_percent: number;
  deposit_cents: Cents;
  validity_days: number;
  note: string;
  created_at: Timestamp;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  valid_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  accepted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** 'customer' or the staff member's username. */
  accepted_by: ColumnType<string | null, string | null | undefined, string | null>;
}
/** Migration 027: one line of a quote; the description is the product's name when priced. */
export interface QuoteLinesTable {
  id: Generated<number>;
  quote_id: number;
  position: number;
  product_id: number | null;
  description: string;
  quantity: number;
  unit_price_cents: Cents;
  installation_cents: Cents;
  line_total_cents: Cents;
}
/** Migration 027: outbox.document (JSON), a document sent with the message. */
export type OutboxDocument = { url: string; filename: string; caption: string };

/** Migration 028: an order made from an accepted quote (amounts in cents). */
export interface OrdersTable {
  id: Generated<number>;
  /** "SO00042", from the sequence order_numbers (the column's default). */
  number: Generated<string>;
  quote_id: number | null;
  quote_number: string | null;
  conversation_id: number;
  customer_name: string | null;
  customer_phone: string;
  status: Generated<string>;
  payment_status: Generated<string>;
  subtotal_cents: number;
  delivery_fee_cents: Generated<number>;
  discount_cents: Generated<number>;
  total_cents: number;
  deposit_cents: Generated<number>;
  paid_cents: Generated<number>;
  delivery_zone_id: number | null;
  delivery_town: string | null;
  delivery_address: string | null;
  /** A date column: pg hands it back as a Date at local midnight unless read as text. */
  delivery_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
  pickup: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Kept by PostgreSQL, never written: number, name and phone digits, lowered. */
  search_folded: GeneratedAlways<string>;
}
/** Migration 028: orders per status and payment status, by shard, kept by triggers (never written by code). */
export interface OrderCountsTable {
  status: string;
  payment_status: string;
  shard: number;
  n: ColumnType<string, never, never>;
}
export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  product_id: number | null;
  description: string;
  quantity: number;
  unit_price_cents: number;
  installation_cents: number;
  line_total_cents: number;
}
export interface OrderPaymentsTable {
  id: Generated<number>;
  order_id: number;
  amount_cents: number;
  method: string;
  reference: string;
  received_at: Timestamp;
  recorded_by: string;
}
/** Migration 035: every stored M-Pesa callback, raw, until processed (server/payments/mpesa/callbacks). */
export interface MpesaCallbacksTable {
  id: GeneratedAlways<string>;
  kind: 'stk' | 'c2b_confirmation';
  received_at: Timestamp;
  body: string;
  processed_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
}
/** Migration 035: what the callbacks said, once per STK push and once per receipt. */
export interface MpesaPaymentsTable {
  id: Generated<number>;
  kind: 'stk' | 'c2b';
  status: 'succeeded' | 'failed';
  checkout_request_id: string | null;
  receipt: string | null;
  amount_cents: number | null;
  result_code: number;
  result_desc: string;
  bill_ref: string | null;
  payer_name: string | null;
  transaction_at: Date | null;
  callback_id: string;
  order_id: number | null;
  reason: string | null;
  created_at: Generated<Date>;
  /** Staff said it is not the shop's (migration 036). */
  dismissed: Generated<boolean>;
  /** Staff's words when they matched or dismissed it. */
  note: string | null;
  handled_by: string | null;
}
export interface MpesaStkRequestsTable {
  id: Generated<number>;
  order_id: number;
  amount_cents: number;
  phone: string;
  checkout_request_id: string;
  merchant_request_id: string | null;
  status: Generated<'pending' | 'paid' | 'failed'>;
  reason: string | null;
  receipt: string | null;
  requested_at: Timestamp;
  settled_at: Date | null;
  requested_by: string;
}
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  at: Timestamp;
  by_name: string;
  event: string;
  text: string;
}
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  products: ProductsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  notifications: NotificationsTable;
  product_events: ProductEventsTable;
  follow_up_settings: FollowUpSettingsTable;
  outbox: OutboxTable;
  message_templates: MessageTemplatesTable;
  quick_replies: QuickRepliesTable;
  schema_migrations: SchemaMigrationsTable;
  sign_in_attempts: SignInAttemptsTable;
  whatsapp_events: WhatsappEventsTable;
  whatsapp_held_statuses: WhatsappHeldStatusesTable;
  whatsapp_media_downloads: WhatsappMediaDownloadsTable;
  bot_settings: BotSettingsTable;
  bot_memory: BotMemoryTable;
  business_profile: BusinessProfileTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
  orders: OrdersTable;
  order_counts: OrderCountsTable;
  order_lines: OrderLinesTable;
  order_payments: OrderPaymentsTable;
  order_events: OrderEventsTable;
  mpesa_callbacks: MpesaCallbacksTable;
  mpesa_payments: MpesaPaymentsTable;
  mpesa_stk_requests: MpesaStkRequestsTable;
  delivery_zones: DeliveryZonesTable;
  delivery_pickup: DeliveryPickupTable;
}
