-- Analytics from rollups instead of scans (modules/analytics/repository.ts).
-- Triggers keep two small tables equal to what a scan of every row would
-- give, and this migration fills them from the rows already stored:
--
--   bot_response_daily    the bot's response time: every pair of a customer
--                         message and the bot message right after it in the
--                         same conversation (ordered by timestamp, id), its
--                         seconds summed per UTC day of the bot's message
--                         (sum + count). Rows are split by conversation_id % 16
--                         so that concurrent writers on a PostgreSQL server
--                         rarely wait for the same row; readers add them up.
--   product_event_counts  product_events counted per product and kind.
--
-- A message written between two stored ones (an out-of-order timestamp)
-- removes the pair those two made and adds the new ones. Deletes (messages
-- go only with their conversation, by cascade) and updates recompute the
-- conversations they touch. Writers to one conversation take its row lock
-- first, so that on a PostgreSQL server each trigger sees the messages
-- committed before it (READ COMMITTED takes a new snapshot per statement).

-- No writer may slip between the back-fill and the triggers.
lock table messages, product_events in share row exclusive mode;

create table bot_response_daily (
  day date not null,
  shard smallint not null,
  seconds numeric not null,
  pairs bigint not null,
  primary key (day, shard)
);

create table product_event_counts (
  product_id integer not null references products(id) on delete cascade,
  kind text not null check (kind in ('view', 'inquiry')),
  count bigint not null,
  primary key (product_id, kind)
);
-- No index on count: a catalogue has a few hundred products, sorting them is
-- cheap, and without one every update is a HOT update that PGlite (which runs
-- no autovacuum) prunes as it goes.

-- The overview's counts by index: converted (partial); created_at and
-- last_message_at ranges use the indexes of 001.
create index conversations_converted on conversations (id) where converted;

-- Adds signed pairs ((conversation_id, customer timestamp, bot timestamp, +1 or -1)) to bot_response_daily.
create function bot_response_apply(changes jsonb) returns void language sql as $$
  insert into bot_response_daily as r (day, shard, seconds, pairs)
  select (bot_at at time zone 'UTC')::date, conversation_id % 16,
         sum(sign * extract(epoch from (bot_at - customer_at))), sum(sign)
  from jsonb_to_recordset(changes) as c(conversation_id integer, customer_at timestamptz, bot_at timestamptz, sign integer)
  group by 1, 2
  order by 1, 2
  on conflict (day, shard) do update set seconds = r.seconds + excluded.seconds, pairs = r.pairs + excluded.pairs
$$;

-- New messages: only their neighbours change.
create function messages_rollup_insert() returns trigger language plpgsql as $$
begin
  perform 1 from conversations where id in (select conversation_id from new_rows) order by id for no key update;
  with pairs as (
    -- (previous, new) for every new message
    select m.conversation_id, p.sender as first_sender, p.timestamp as first_at,
           m.sender as second_sender, m.timestamp as second_at, 1 as sign
    from new_rows m
    cross join lateral (
      select p.sender, p.timestamp from messages p
      where p.conversation_id = m.conversation_id and (p.timestamp, p.id) < (m.timestamp, m.id)
      order by p.timestamp desc, p.id desc limit 1) p
    union all
    -- (new, next) when the next one was already stored
    select m.conversation_id, m.sender, m.timestamp, n.sender, n.timestamp, 1
    from new_rows m
    cross join lateral (
      select n.id, n.sender, n.timestamp from messages n
      where n.conversation_id = m.conversation_id and (n.timestamp, n.id) > (m.timestamp, m.id)
      order by n.timestamp, n.id limit 1) n
    where n.id not in (select id from new_rows)
    union all
    -- stored neighbours that the new messages now stand between
    select distinct on (p.id, n.id) m.conversation_id, p.sender, p.timestamp, n.sender, n.timestamp, -1
    from new_rows m
    cross join lateral (
      select p.id, p.sender, p.timestamp from messages p
      where p.conversation_id = m.conversation_id and (p.timestamp, p.id) < (m.timestamp, m.id)
        and p.id not in (select id from new_rows)
      order by p.timestamp desc, p.id desc limit 1) p
    cross join lateral (
      select n.id, n.sender, n.timestamp from messages n
      where n.conversation_id = m.conversation_id and (n.timestamp, n.id) > (m.timestamp, m.id)
        and n.id not in (select id from new_rows)
      order by n.timestamp, n.id limit 1) n
  )
  insert into bot_response_daily as r (day, shard, seconds, pairs)
  select (second_at at time zone 'UTC')::date, conversation_id % 16,
         sum(sign * extract(epoch from (second_at - first_at))), sum(sign)
  from pairs
  where first_sender = 'customer' and second_sender = 'bot'
  group by 1, 2
  order by 1, 2
  on conflict (day, shard) do update set seconds = r.seconds + excluded.seconds, pairs = r.pairs + excluded.pairs;
  return null;
end $$;

-- Pairs of whole conversations before and after: subtracts the old, adds the new.
create function bot_response_recompute(conversation_ids integer[], before_rows jsonb) returns void
language plpgsql as $$
declare
  changes jsonb;
begin
  with now_rows as (
    select conversation_id, id, sender, timestamp from messages where conversation_id = any(conversation_ids)
  ), old_rows as (
    select * from jsonb_to_recordset(before_rows) as o(conversation_id integer, id integer, sender text, timestamp timestamptz)
  ), sequences as (
    select conversation_id, id, sender, timestamp, 1 as sign from now_rows
    union all
    select conversation_id, id, sender, timestamp, -1 from old_rows
  ), pairs as (
    select conversation_id, sign, sender, timestamp,
           lag(sender) over w as previous_sender, lag(timestamp) over w as previous_at
    from sequences
    window w as (partition by sign, conversation_id order by timestamp, id)
  )
  select jsonb_agg(jsonb_build_object('conversation_id', conversation_id, 'customer_at', previous_at,
                                      'bot_at', timestamp, 'sign', sign))
  into changes
  from pairs where sender = 'bot' and previous_sender = 'customer';
  if changes is not null then
    perform bot_response_apply(changes);
  end if;
end $$;

create function messages_rollup_delete() returns trigger language plpgsql as $$
declare
  ids integer[];
  before_rows jsonb;
begin
  select array_agg(distinct conversation_id) into ids from old_rows;
  perform 1 from conversations where id = any(ids) order by id for no key update;
  -- Before the delete: what is left of those conversations plus what went.
  select jsonb_agg(to_jsonb(b)) into before_rows from (
    select conversation_id, id, sender, timestamp from messages where conversation_id = any(ids)
    union all
    select conversation_id, id, sender, timestamp from old_rows
  ) b;
  perform bot_response_recompute(ids, before_rows);
  return null;
end $$;

create function messages_rollup_update() returns trigger language plpgsql as $$
declare
  ids integer[];
  before_rows jsonb;
begin
  select array_agg(distinct conversation_id) into ids
  from (select conversation_id from old_rows union select conversation_id from new_rows) c;
  perform 1 from conversations where id = any(ids) order by id for no key update;
  select jsonb_agg(to_jsonb(b)) into before_rows from (
    select conversation_id, id, sender, timestamp from messages
    where conversation_id = any(ids) and id not in (select id from new_rows)
    union all
    select conversation_id, id, sender, timestamp from old_rows
  ) b;
  perform bot_response_recompute(ids, before_rows);
  return null;
end $$;

create function messages_rollup_truncate() returns trigger language plpgsql as $$
begin
  delete from bot_response_daily;
  return null;
end $$;

create trigger messages_rollup_insert after insert on messages
  referencing new table as new_rows for each statement execute function messages_rollup_insert();
create trigger messages_rollup_delete after delete on messages
  referencing old table as old_rows for each statement execute function messages_rollup_delete();
create trigger messages_rollup_update after update on messages
  referencing old table as old_rows new table as new_rows for each statement execute function messages_rollup_update();
create trigger messages_rollup_truncate after truncate on messages
  for each statement execute function messages_rollup_truncate();

-- Product events: counts go up on insert, down on delete (a product's own
-- counts go with it by cascade), both on an update.
create function product_events_add(changes jsonb) returns void language sql as $$
  with c as (
    select product_id, kind, sum(sign) as n
    from jsonb_to_recordset(changes) as c(product_id integer, kind text, sign integer)
    group by 1, 2
  ), down as (
    update product_event_counts p set count = p.count + c.n
    from c where c.n < 0 and p.product_id = c.product_id and p.kind = c.kind
  )
  insert into product_event_counts as p (product_id, kind, count)
  select product_id, kind, n from c where n > 0
  order by 1, 2
  on conflict (product_id, kind) do update set count = p.count + excluded.count
$$;

create function product_events_rollup() returns trigger language plpgsql as $$
declare
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('product_id', product_id, 'kind', kind, 'sign', 1)) into changes from new_rows;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_object('product_id', product_id, 'kind', kind, 'sign', -1)) into changes from old_rows;
  else
    select jsonb_agg(c) into changes from (
      select jsonb_build_object('product_id', product_id, 'kind', kind, 'sign', 1) as c from new_rows
      union all
      select jsonb_build_object('product_id', product_id, 'kind', kind, 'sign', -1) from old_rows) u;
  end if;
  if changes is not null then
    perform product_events_add(changes);
  end if;
  return null;
end $$;

create function product_events_rollup_truncate() returns trigger language plpgsql as $$
begin
  delete from product_event_counts;
  return null;
end $$;

create trigger product_events_rollup_insert after insert on product_events
  referencing new table as new_rows for each statement execute function product_events_rollup();
create trigger product_events_rollup_delete after delete on product_events
  referencing old table as old_rows for each statement execute function product_events_rollup();
create trigger product_events_rollup_update after update on product_events
  referencing old table as old_rows new table as new_rows for each statement execute function product_events_rollup();
create trigger product_events_rollup_truncate after truncate on product_events
  for each statement execute function product_events_rollup_truncate();

-- Back-fill from what is stored.
insert into bot_response_daily (day, shard, seconds, pairs)
select (timestamp at time zone 'UTC')::date, conversation_id % 16,
       sum(extract(epoch from (timestamp - previous_at))), count(*)
from (
  select conversation_id, sender, timestamp,
         lag(sender) over w as previous_sender,
         lag(timestamp) over w as previous_at
  from messages
  window w as (partition by conversation_id order by timestamp, id)
) pairs
where sender = 'bot' and previous_sender = 'customer'
group by 1, 2;

insert into product_event_counts (product_id, kind, count)
select product_id, kind, count(*) from product_events group by 1, 2;
