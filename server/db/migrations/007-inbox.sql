-- An inbox that knows WhatsApp's rules (all beyond the spec).
--
-- Read state and the 24-hour reply window live on the conversation, kept up
-- to date where messages are added (modules/conversations/repository.ts
-- addMessage), so that the list, its filters and its pages read one row per
-- conversation and never count messages.
alter table conversations add column last_customer_message_at timestamptz;
-- Customer messages since staff last opened the conversation (shared by all staff).
alter table conversations add column unread_count integer not null default 0 check (unread_count >= 0);

update conversations c
   set last_customer_message_at = m.at
  from (select conversation_id, max(timestamp) as at from messages where sender = 'customer' group by conversation_id) m
 where m.conversation_id = c.id;
-- The history before this migration counts as read: nobody can tell now what
-- staff had opened, and a first start showing every old conversation unread
-- would bury the new ones.

-- "Unread" is a small part of a large list: a partial index in the list's
-- order answers its pages and its count.
create index conversations_unread on conversations (last_message_at desc, id desc) where unread_count > 0;
-- The reply-window filters are ranges of the customer's last message.
create index conversations_last_customer_message_at on conversations (last_customer_message_at);

-- Delivery state of every message that goes out through the outbox (admin
-- replies, templates, follow-ups); null on customer and bot messages.
alter table messages add column delivery_status text
  check (delivery_status in ('queued', 'sent', 'delivered', 'read', 'failed'));
alter table messages add column failure_reason text;

alter table outbox add column message_id integer references messages(id) on delete cascade;
-- A template goes to WhatsApp by name with its variables, not as text:
-- {"name": …, "language": …, "variables": […]}; null for free text.
alter table outbox add column template jsonb;
create index outbox_message on outbox (message_id);

-- Outbox rows written before this migration name no message: link each to
-- the message of the same conversation and text written closest in time.
update outbox o
   set message_id = (
     select m.id from messages m
      where m.conversation_id = o.conversation_id and m.content = o.content and m.sender in ('admin', 'bot')
      order by abs(extract(epoch from (m.timestamp - o.created_at))), m.id
      limit 1);
update messages m
   set delivery_status = case o.status when 'pending' then 'queued' when 'sent' then 'sent' else 'failed' end,
       failure_reason = case when o.status = 'failed' then 'WhatsApp did not accept the message after 5 attempts.' end
  from outbox o
 where o.message_id = m.id;

-- WhatsApp-approved templates: the only messages that reach a customer whose
-- reply window has closed. Approval happens at Meta; the server keeps the list.
create table message_templates (
  id integer primary key,
  name text not null unique,
  label text not null,
  language text not null,
  body text not null,
  -- [{"label": …, "example": …}], one per {{n}} placeholder, in order.
  variables jsonb not null
);
insert into message_templates values
  (1, 'follow_up_reminder', 'Follow-up', 'en',
   'Hello {{1}}, this is Stone & Sinks following up on your enquiry. Reply to this message and we will gladly help you complete your order.',
   '[{"label": "Customer name", "example": "Brian"}]'),
  (2, 'quote_ready', 'Quote ready', 'en',
   'Hello {{1}}, your quote for {{2}} is ready. Reply to this message to see it and confirm your order.',
   '[{"label": "Customer name", "example": "Brian"}, {"label": "Product", "example": "Absolute Black Granite"}]'),
  (3, 'delivery_update', 'Delivery update', 'en',
   'Hello {{1}}, your order is scheduled for delivery on {{2}}. Reply to this message if you need to change the date.',
   '[{"label": "Customer name", "example": "Brian"}, {"label": "Delivery date", "example": "Thursday 26 November"}]'),
  (4, 'payment_reminder', 'Payment reminder', 'en',
   'Hello {{1}}, a balance of KES {{2}} is due for your order. Reply to this message for the M-Pesa payment details.',
   '[{"label": "Customer name", "example": "Brian"}, {"label": "Amount", "example": "14,700"}]');

-- Staff's saved answers, in their order.
create table quick_replies (
  id serial primary key,
  title text not null,
  content text not null,
  position integer not null
);
create index quick_replies_position on quick_replies (position, id);
insert into quick_replies (title, content, position) values
  ('Delivery areas', 'We deliver across Nairobi the next day, and to Nakuru, Mombasa and Kisumu within 3 days.', 1),
  ('Payment terms', 'We take M-Pesa (Paybill 522522) and bank transfer. A 50% deposit confirms your order; the balance is due on delivery.', 2),
  ('Price of the product', 'Hello {{customerName}}, {{productName}} is {{priceRange}}.', 3),
  ('Offer', 'We can do {{offerPrice}} for {{productName}}, {{customerName}}. Shall I book it for you?', 4);
