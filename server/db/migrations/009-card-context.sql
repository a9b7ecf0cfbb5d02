-- Context on every card (all beyond the spec): the conversation
-- list shows each conversation's last message and what the customer last
-- wrote, the notifications name the customer and quote them.
--
-- 1. message_preview(text): the text a card shows of a message, its first
--    line without blanks around it, at most 200 characters (the 200th then
--    '…'); null for a message of blanks only. One definition for the
--    back-fill below and for every new message
--    (modules/conversations/repository.ts addMessage).
-- 2. conversations.last_message_preview and last_customer_message_preview:
--    kept where messages are added, in the same update that moves
--    last_message_at, so that the list's page reads them from the row it
--    already reads (no subquery per conversation).
-- 3. notifications.customer_name, customer_phone, customer_quote: who the
--    notification is about and what they had last written when it was
--    created, copied from its conversation by a trigger before each insert
--    (one row read by primary key; notifications are rare). Its list reads
--    them from its own rows, with no join.

create function message_preview(content text) returns text
  language sql immutable parallel safe
  as $$
    select case when char_length(line) > 200 then left(line, 199) || '…' else nullif(line, '') end
      from (select btrim(split_part(ltrim(content, E' \t\r\n'), E'\n', 1), E' \t\r') as line) first_line
  $$;

alter table conversations
  add column last_message_preview text,
  add column last_customer_message_preview text;

-- No message may slip in between the back-fill and the code that keeps them.
lock table messages in share mode;

-- Each conversation's newest message, and its customer's newest, by the index
-- messages_conversation (conversation_id, timestamp, id) read backwards.
update conversations c
   set last_message_preview = (
         select message_preview(m.content) from messages m
          where m.conversation_id = c.id
          order by m.timestamp desc, m.id desc limit 1),
       last_customer_message_preview = (
         select message_preview(m.content) from messages m
          where m.conversation_id = c.id and m.sender = 'customer'
          order by m.timestamp desc, m.id desc limit 1);

alter table notifications
  add column customer_name text,
  add column customer_phone text,
  add column customer_quote text;

-- Notifications stored before this migration: the customer's newest message
-- written at or before the notification.
update notifications n
   set customer_name = c.customer_name,
       customer_phone = c.whatsapp_phone_number,
       customer_quote = (
         select message_preview(m.content) from messages m
          where m.conversation_id = n.conversation_id and m.sender = 'customer' and m.timestamp <= n.created_at
          order by m.timestamp desc, m.id desc limit 1)
  from conversations c
 where c.id = n.conversation_id;

alter table notifications alter column customer_phone set not null;

-- A notification inserted without them takes them from its conversation at
-- that moment (its number, its name, what its customer last wrote).
create function notification_customer() returns trigger language plpgsql as $$
begin
  if new.customer_phone is null then
    select c.customer_name, c.whatsapp_phone_number, c.last_customer_message_preview
      into new.customer_name, new.customer_phone, new.customer_quote
      from conversations c
     where c.id = new.conversation_id;
  end if;
  return new;
end $$;

create trigger notifications_customer before insert on notifications
  for each row execute function notification_customer();
