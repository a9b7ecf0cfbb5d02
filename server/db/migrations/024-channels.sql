-- Channels (server/channels): a customer writes through a channel (WhatsApp,
-- the simulator, any other added later), so the columns that named WhatsApp
-- name the channel and its own address and ids instead. Data is kept: the
-- columns are renamed, and every row written before this migration is
-- WhatsApp's (the simulator played WhatsApp customers until now).

-- The channel a conversation's customer writes through, and their address on
-- it (a WhatsApp number, a chat id…). One customer is one (channel, address).
alter table conversations add column channel text not null default 'whatsapp';
alter table conversations rename column whatsapp_phone_number to customer_address;
-- A channel names the customer by address: their latest conversation on it
-- by one index probe (inboundRepository.findByAddress reads newest first).
drop index conversations_whatsapp_phone_number;
create index conversations_channel_address on conversations (channel, customer_address, id desc);

-- The channel's own id of a message (inbound: what the channel called it;
-- outbound: what it answered a send with), unique per channel: a channel may
-- deliver the same message twice, even at once, and the insert's "on
-- conflict do nothing" keeps exactly one. `channel` is set with external_id.
alter table messages rename column whatsapp_message_id to external_id;
alter table messages add column channel text;
update messages set channel = 'whatsapp' where external_id is not null;
drop index messages_whatsapp_message_id;
create unique index messages_channel_external_id on messages (channel, external_id)
  where external_id is not null;

-- The outbox sends each row through its conversation's channel.
alter table outbox add column channel text not null default 'whatsapp';
alter table outbox rename column whatsapp_message_id to external_id;
alter table outbox rename column to_phone to to_address;

-- Migration 008's search rows and 009's notification trigger read the old
-- column by name in their bodies: the same functions over the new one.
create or replace function conversation_search_rows_add(ids integer[], phones boolean, mentions boolean) returns void language sql as $$
  insert into conversation_phone_suffixes (suffix, conversation_id)
  select right(d.digits, k), d.id
  from (select c.id, regexp_replace(c.customer_address, '[^0-9]', '', 'g') as digits
        from unnest(ids) as i(id) join conversations c on c.id = i.id
        where phones) d
  cross join lateral generate_series(4, length(d.digits)) k
  on conflict do nothing;
  insert into mentioned_names (name)
  select distinct m.name
  from unnest(ids) as i(id) join conversations c on c.id = i.id
  cross join lateral unnest(c.products_mentioned) as m(name)
  where mentions and m.name is not null
  order by 1
  on conflict do nothing;
  insert into conversation_mentions (name, conversation_id)
  select distinct m.name, c.id
  from unnest(ids) as i(id) join conversations c on c.id = i.id
  cross join lateral unnest(c.products_mentioned) as m(name)
  where mentions and m.name is not null
  on conflict do nothing;
$$;

create or replace function conversation_search_rows_update() returns trigger language plpgsql as $$
declare
  phone boolean := old.customer_address is distinct from new.customer_address;
  mentions boolean := old.products_mentioned is distinct from new.products_mentioned;
begin
  if phone then
    delete from conversation_phone_suffixes where conversation_id = new.id;
  end if;
  if mentions then
    delete from conversation_mentions where conversation_id = new.id;
  end if;
  perform conversation_search_rows_add(array[new.id], phone, mentions);
  return null;
end $$;
-- The trigger's column list and condition follow the rename by themselves; made again to read as it runs.
drop trigger conversation_search_rows_update on conversations;
create trigger conversation_search_rows_update after update of customer_address, products_mentioned on conversations
  for each row
  when (old.customer_address is distinct from new.customer_address
        or old.products_mentioned is distinct from new.products_mentioned)
  execute function conversation_search_rows_update();

create or replace function notification_customer() returns trigger language plpgsql as $$
begin
  if new.customer_phone is null then
    select c.customer_name, c.customer_address, c.last_customer_message_preview
      into new.customer_name, new.customer_phone, new.customer_quote
      from conversations c
     where c.id = new.conversation_id;
  end if;
  return new;
end $$;
