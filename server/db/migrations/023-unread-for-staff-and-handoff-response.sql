-- Two changes to what the inbox and the analytics count.
--
-- 1. Unread counts only what a person has to read: customer messages while
--    the conversation is handed over (admin_required) or taken over
--    (admin_takeover); the bot answers the others (messageAdded in
--    modules/conversations/repository.ts). The trigger below keeps the rest
--    for every writer of the status: the customer's message that made the
--    bot hand over counts from the hand-off, and a conversation back with the
--    bot has nothing left for a person.
-- 2. The staff's first response runs from a hand-off (handoff_at, migration
--    021) to the first admin message after it, averaged over the hand-offs
--    staff answered. handoff_unanswered_at is the hand-off nobody on staff
--    has answered yet: set with handoff_at, cleared by the first admin
--    message after it (which adds its time to staff_first_response_daily) or
--    when the conversation goes back to the bot (not answered, not counted).

alter table conversations add column handoff_unanswered_at timestamptz;

-- Migration 021's function, with the unread count and the open hand-off.
create or replace function conversation_handoff() returns trigger language plpgsql as $$
begin
  if new.status = 'bot_active' then
    new.handoff_reason := null;
    new.handoff_at := null;
    new.handoff_customer_text := null;
    new.handoff_unanswered_at := null;
    new.unread_count := 0;
  elsif new.status = 'admin_required' and tg_op = 'INSERT' then
    new.handoff_at := coalesce(new.handoff_at, new.last_message_at);
    new.handoff_unanswered_at := new.handoff_at;
  elsif new.status = 'admin_required' then
    if new.handoff_at is not distinct from old.handoff_at then
      -- Not set by the statement: a new hand-off from now, without what an earlier one said.
      new.handoff_at := now();
      if new.handoff_reason is not distinct from old.handoff_reason then new.handoff_reason := null; end if;
      if new.handoff_customer_text is not distinct from old.handoff_customer_text then
        new.handoff_customer_text := null;
      end if;
    end if;
    new.handoff_unanswered_at := new.handoff_at;
    -- From the bot, where nothing counted: the customer's message that made it hand over.
    if old.status = 'bot_active' and new.last_customer_message_at is not null then
      new.unread_count := greatest(new.unread_count, 1);
    end if;
  end if;
  return new;
end $$;

-- Answered hand-offs per UTC day of the hand-off and shard (as the response
-- rollups of migrations 004 and 010): the seconds summed and how many.
create table staff_first_response_daily (
  day date not null,
  shard smallint not null,
  seconds numeric not null,
  handoffs bigint not null,
  primary key (day, shard)
);

-- New admin messages answer their conversation's open hand-off: the first
-- of them at or after it closes the hand-off and adds its time. The update
-- locks the conversation's row, so two replies at once close it once.
create function staff_first_response_insert() returns trigger language plpgsql as $$
begin
  with answered as (
    select c.id as conversation_id, c.handoff_unanswered_at as handed_over_at, min(m.timestamp) as answered_at
    from new_rows m
    join conversations c on c.id = m.conversation_id
    where m.sender = 'admin' and c.handoff_unanswered_at is not null and m.timestamp >= c.handoff_unanswered_at
    group by c.id, c.handoff_unanswered_at
  ), closed as (
    update conversations c set handoff_unanswered_at = null
    from answered a
    where c.id = a.conversation_id and c.handoff_unanswered_at = a.handed_over_at
    returning c.id
  )
  insert into staff_first_response_daily as r (day, shard, seconds, handoffs)
  select (a.handed_over_at at time zone 'UTC')::date, a.conversation_id % 16,
         sum(extract(epoch from (a.answered_at - a.handed_over_at))), count(*)
  from answered a
  where a.conversation_id in (select id from closed)
  group by 1, 2
  order by 1, 2
  on conflict (day, shard) do update
    set seconds = r.seconds + excluded.seconds, handoffs = r.handoffs + excluded.handoffs;
  return null;
end $$;

create trigger staff_first_response_insert after insert on messages
  referencing new table as new_rows for each statement execute function staff_first_response_insert();

create function staff_first_response_truncate() returns trigger language plpgsql as $$
begin
  delete from staff_first_response_daily;
  return null;
end $$;

create trigger staff_first_response_truncate after truncate on messages
  for each statement execute function staff_first_response_truncate();

-- What is stored. Conversations the bot has were counted by the old rule:
-- nothing of theirs is left for a person.
update conversations set unread_count = 0 where unread_count > 0 and status = 'bot_active';

-- Answered hand-offs, back-filled from their notifications: before
-- migration 021 a hand-off left no mark on the conversation, but each raised
-- a notification at that moment (the bot's and the simulator's hand-offs are
-- the only writers of notifications). A notification is a hand-off,
-- answered by the first admin message after it and before the
-- conversation's next one.
with handoffs as (
  select conversation_id, created_at as handed_over_at,
         lead(created_at) over (partition by conversation_id order by created_at, id) as next_at
  from notifications
  where conversation_id is not null
), answered as (
  select h.conversation_id, h.handed_over_at,
         (select min(m.timestamp) from messages m
           where m.conversation_id = h.conversation_id and m.sender = 'admin'
             and m.timestamp >= h.handed_over_at and (h.next_at is null or m.timestamp < h.next_at)) as answered_at
  from handoffs h
)
insert into staff_first_response_daily (day, shard, seconds, handoffs)
select (handed_over_at at time zone 'UTC')::date, conversation_id % 16,
       sum(extract(epoch from (answered_at - handed_over_at))), count(*)
from answered
where answered_at is not null
group by 1, 2;

-- A conversation still with staff whose hand-off no admin message has
-- answered yet: that hand-off is open, and the next admin message answers it.
update conversations c
   set handoff_unanswered_at = c.handoff_at
 where c.status in ('admin_required', 'admin_takeover')
   and c.handoff_at is not null
   and not exists (select 1 from messages m
                    where m.conversation_id = c.id and m.sender = 'admin' and m.timestamp >= c.handoff_at);
