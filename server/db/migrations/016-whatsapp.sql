-- The WhatsApp Cloud API channel, receiving side (server/whatsapp/webhook).
--
-- WhatsApp's id of a message, inbound (from the webhook) and outbound (the id
-- the Cloud API answers a send with). Unique: Meta retries a webhook until it
-- gets a 200 and may deliver the same message twice, even at once; the
-- insert's "on conflict do nothing" on this index keeps exactly one. Most
-- messages (the simulator's, the demo's, every one before this migration)
-- have none, so the index holds only the ones that do.
alter table messages add column whatsapp_message_id text;
create unique index messages_whatsapp_message_id on messages (whatsapp_message_id)
  where whatsapp_message_id is not null;
-- What a message carries besides its text (server/db/schema.ts MessageAttachment):
-- a picture, a document, a location, a reaction…; null for plain text.
alter table messages add column attachment jsonb;
-- WhatsApp's own words for a failed delivery: {"code": …, "title": …, "details": …}.
-- failure_reason (migration 007) keeps the plain sentence staff read.
alter table messages add column failure jsonb;

-- Every signed webhook delivery, stored as received before it is answered:
-- the 200 goes out only once the body is durable, and the work (conversations,
-- messages, statuses, the bot) happens after, retried with backoff until it
-- succeeds (next_attempt_at) and never turned into an error for Meta.
create table whatsapp_events (
  id bigserial primary key,
  received_at timestamptz not null default now(),
  -- The raw body, byte for byte as signed (UTF-8 JSON).
  body text not null,
  processed_at timestamptz,
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now()
);
-- The worker's queue: the few deliveries not yet processed, in their order.
create index whatsapp_events_unprocessed on whatsapp_events (next_attempt_at, id) where processed_at is null;
-- Processed deliveries are kept a while (to look into a problem) and then
-- removed: they hold customers' messages, which live on in messages.
create index whatsapp_events_processed_at on whatsapp_events (processed_at) where processed_at is not null;

-- Statuses (sent, delivered, read, failed) of a message id not known yet: a
-- webhook can arrive before the send's answer has stored the id on the
-- message. They are applied, in order, when it is (statuses.ts
-- applyHeldStatuses). One row per id and status: a repeated delivery is kept once.
create table whatsapp_held_statuses (
  whatsapp_message_id text not null,
  status text not null check (status in ('sent', 'delivered', 'read', 'failed')),
  timestamp timestamptz not null,
  -- For a failure: {"code": …, "title": …, "details": …}.
  error jsonb,
  received_at timestamptz not null default now(),
  primary key (whatsapp_message_id, status)
);
-- Statuses of ids that never become known (a message sent from another app on
-- the same number) are removed after a while, oldest first.
create index whatsapp_held_statuses_received_at on whatsapp_held_statuses (received_at);

-- A webhook names the customer by number: find their conversation by an
-- index made for equality (the trigram index of migration 003 serves the
-- search's "contains"), newest first as inboundRepository.findByPhone reads.
create index conversations_whatsapp_phone_number on conversations (whatsapp_phone_number, id desc);

-- The bot's replies go out through the outbox like staff's.
alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check check (kind in ('admin_reply', 'follow_up', 'bot_reply'));
