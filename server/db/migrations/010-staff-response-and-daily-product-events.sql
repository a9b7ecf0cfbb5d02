-- Two more rollups for the analytics (modules/analytics/repository.ts),
-- kept like those of 004 and filled here from the rows already stored:
--
--   staff_response_daily   the staff's first-response time: every pair of a
--                          customer message and the admin message right after
--                          it in the same conversation (ordered by timestamp,
--                          id), summed per UTC day of the admin's message and
--                          shard, exactly as bot_response_daily does for the bot.
--   product_event_daily    product_events counted per UTC day, product and
--                          kind, so the top-10 tables can cover the last 7, 30
--                          or 90 days from a few thousand rows.
--
-- The message triggers of 004 are replaced by versions that keep both
-- response rollups from the same pairs.

lock table messages, product_events in share row exclusive mode;

create table staff_response_daily (
  day date not null,
  shard smallint not null,
  seconds numeric not null,
  pairs bigint not null,
  primary key (day, shard)
);

create table product_event_daily (
  day date not null,
  product_id integer not null references products(id) on delete cascade,
  kind text not null check (kind in ('view', 'inquiry')),
  count bigint not null,
  primary key (kind, day, product_id)
);
create index product_event_daily_product on product_event_daily (product_id);

-- Signed pairs ((conversation_id, customer timestamp, reply timestamp, +1 or -1)) into one of the two rollups.
create function staff_response_apply(changes jsonb) returns void language sql as $$
  insert into staff_response_daily as r (day, shard, seconds, pairs)
  select (bot_at at time zone 'UTC')::date, conversation_id % 16,
         sum(sign * extract(epoch from (bot_at - customer_at))), sum(sign)
  from jsonb_to_recordset(changes) as c(conversation_id integer, customer_at timestamptz, bot_at timestamptz, sign integer)
  group by 1, 2
  order by 1, 2
  on conflict (day, shard) do update set seconds = r.seconds + excluded.seconds, pairs = r.pairs + excluded.pairs
$$;

-- New messages: only their neighbours change (as in 004), now for bot and admin replies.
create or replace function messages_rollup_insert() returns trigger language plpgsql as $$
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
  ), replies as (
    select second_sender as responder, (second_at at time zone 'UTC')::date as day, conversation_id % 16 as shard,
           sum(sign * extract(epoch from (second_at - first_at))) as seconds, sum(sign) as pairs
    from pairs
    where first_sender = 'customer' and second_sender in ('bot', 'admin')
    group by 1, 2, 3
  ), bot as (
    insert into bot_response_daily as r (day, shard, seconds, pairs)
    select day, shard, seconds, pairs from replies where responder = 'bot'
    order by 1, 2
    on conflict (day, shard) do update set seconds = r.seconds + excluded.seconds, pairs = r.pairs + excluded.pairs
  )
  insert into staff_response_daily as r (day, shard, seconds, pairs)
  select day, shard, seconds, pairs from replies where responder = 'admin'
  order by 1, 2
  on conflict (day, shard) do update set seconds = r.seconds + excluded.seconds, pairs = r.pairs + excluded.pairs;
  return null;
end $$;

-- Pairs of whole conversations before and after (as in 004), for both rollups.
create or replace function bot_response_recompute(conversation_ids integer[], before_rows jsonb) returns void
language plpgsql as $$
declare
  bot_changes jsonb;
  staff_changes jsonb;
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
                                      'bot_at', timestamp, 'sign', sign)) filter (where sender = 'bot'),
         jsonb_agg(jsonb_build_object('conversation_id', conversation_id, 'customer_at', previous_at,
                                      'bot_at', timestamp, 'sign', sign)) filter (where sender = 'admin')
  into bot_changes, staff_changes
  from pairs where sender in ('bot', 'admin') and previous_sender = 'customer';
  if bot_changes is not null then
    perform bot_response_apply(bot_changes);
  end if;
  if staff_changes is not null then
    perform staff_response_apply(staff_changes);
  end if;
end $$;

create or replace function messages_rollup_truncate() returns trigger language plpgsql as $$
begin
  delete from bot_response_daily;
  delete from staff_response_daily;
  return null;
end $$;

-- Product events per day: up on insert, down on delete, both on an update.
create function product_event_daily_add(changes jsonb) returns void language sql as $$
  with c as (
    select (created_at at time zone 'UTC')::date as day, product_id, kind, sum(sign) as n
    from jsonb_to_recordset(changes) as c(product_id integer, kind text, created_at timestamptz, sign integer)
    group by 1, 2, 3
  ), down as (
    update product_event_daily p set count = p.count + c.n
    from c where c.n < 0 and p.kind = c.kind and p.day = c.day and p.product_id = c.product_id
  )
  insert into product_event_daily as p (day, product_id, kind, count)
  select day, product_id, kind, n from c where n > 0
  order by 1, 2, 3
  on conflict (kind, day, product_id) do update set count = p.count + excluded.count
$$;

create function product_event_daily_rollup() returns trigger language plpgsql as $$
declare
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('product_id', product_id, 'kind', kind, 'created_at', created_at, 'sign', 1))
    into changes from new_rows;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_object('product_id', product_id, 'kind', kind, 'created_at', created_at, 'sign', -1))
    into changes from old_rows;
  else
    select jsonb_agg(c) into changes from (
      select jsonb_build_object('product_id', product_id, 'kind', kind, 'created_at', created_at, 'sign', 1) as c
      from new_rows
      union all
      select jsonb_build_object('product_id', product_id, 'kind', kind, 'created_at', created_at, 'sign', -1)
      from old_rows) u;
  end if;
  if changes is not null then
    perform product_event_daily_add(changes);
  end if;
  return null;
end $$;

create function product_event_daily_truncate() returns trigger language plpgsql as $$
begin
  delete from product_event_daily;
  return null;
end $$;

create trigger product_event_daily_insert after insert on product_events
  referencing new table as new_rows for each statement execute function product_event_daily_rollup();
create trigger product_event_daily_delete after delete on product_events
  referencing old table as old_rows for each statement execute function product_event_daily_rollup();
create trigger product_event_daily_update after update on product_events
  referencing old table as old_rows new table as new_rows for each statement execute function product_event_daily_rollup();
create trigger product_event_daily_truncate after truncate on product_events
  for each statement execute function product_event_daily_truncate();

-- Back-fill from what is stored.
insert into staff_response_daily (day, shard, seconds, pairs)
select (timestamp at time zone 'UTC')::date, conversation_id % 16,
       sum(extract(epoch from (timestamp - previous_at))), count(*)
from (
  select conversation_id, sender, timestamp,
         lag(sender) over w as previous_sender,
         lag(timestamp) over w as previous_at
  from messages
  window w as (partition by conversation_id order by timestamp, id)
) pairs
where sender = 'admin' and previous_sender = 'customer'
group by 1, 2;

insert into product_event_daily (day, product_id, kind, count)
select (created_at at time zone 'UTC')::date, product_id, kind, count(*) from product_events group by 1, 2, 3;
