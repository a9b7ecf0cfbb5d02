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
}
export interface ConversationsTable {
  id: Generated<number>;
  customer_name: string | null;
  whatsapp_phone_number: string;
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
  /** Migration 007: customer messages since staff last opened the conversation. */
  unread_count: Generated<number>;
  /** Migration 009: message_preview of the last message, kept by addMessage. */
  last_message_preview: Generated<string | null>;
  /** Migration 009: message_preview of the customer's last message, kept by addMessage. */
  last_customer_message_preview: Generated<string | null>;
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
}
export type DeliveryStatus = 'queued' | 'sent' | 'delivered' | 'read' | 'failed';
export type OutboxTemplate = { name: string; language: string; variables: string[] };
export interface MessageTemplatesTable {
  id: number;
  name: string;
  label: string;
  language: string;
  body: string;
  variables: ColumnType<{ label: string; example?: string }[], string, string>;
}
export interface QuickRepliesTable {
  id: Generated<number>;
  title: string;
  content: string;
  position: number;
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
}
export interface OutboxTable {
  id: Generated<number>;
  conversation_id: number;
  to_phone: string;
  content: string;
  kind: 'admin_reply' | 'follow_up';
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Date | null;
  /** Migration 007: the message this row delivers. */
  message_id: number | null;
  /** Migration 007: set when the message is an approved template. */
  template: ColumnType<OutboxTemplate | null, string | null | undefined, string | null>;
}
export interface SignInAttemptsTable {
  scope: 'address' | 'account' | 'known';
  key: string;
  failures: ColumnType<number, number | undefined, number>;
  window_start: Date;
  blocked_until: Date | null;
  updated_at: Date;
}
export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Timestamp;
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
}
