-- Why and since when a conversation needs a person (beyond the spec:
-- openapi.yaml's handoffReason, handoffAt and handoffCustomerText).
--
-- 1. handoff_reason, handoff_at, handoff_customer_text: set in the statement
--    that makes a conversation admin_required (the bot's hand-over, the
--    simulator's, or staff's; modules/conversations), kept while staff have it
--    taken over, cleared when it goes back to the bot.
-- 2. A trigger keeps the rule for every other writer (a bulk insert of a
--    seed or a benchmark, a status set without them): a conversation that
--    becomes admin_required without a time waits from the transaction's
--    time (an inserted one from its last message), and one that goes back to
--    the bot forgets the hand-off. It fires only when the status changes, so the
--    updates of every new message do not run it.
-- 3. conversations_waiting: the "Needs a person" list, longest waiting first
--    (search with order=waiting), and its pages read this partial index.

alter table conversations
  add column handoff_reason text check (
    handoff_reason in (
      'product_not_found', 'delivery_inquiry', 'payment_inquiry', 'unclear_request',
      'person_requested', 'bot_off', 'staff_marked'
    )
  ),
  add column handoff_at timestamptz,
  add column handoff_customer_text text;

create function conversation_handoff() returns trigger language plpgsql as $$
begin
  if new.status = 'bot_active' then
    new.handoff_reason := null;
    new.handoff_at := null;
    new.handoff_customer_text := null;
  elsif new.status = 'admin_required' and tg_op = 'INSERT' then
    new.handoff_at := coalesce(new.handoff_at, new.last_message_at);
  elsif new.status = 'admin_required' and new.handoff_at is not distinct from old.handoff_at then
    -- Not set by the statement: a new hand-off from now, without what an earlier one said.
    new.handoff_at := now();
    if new.handoff_reason is not distinct from old.handoff_reason then new.handoff_reason := null; end if;
    if new.handoff_customer_text is not distinct from old.handoff_customer_text then
      new.handoff_customer_text := null;
    end if;
  end if;
  return new;
end $$;

create trigger conversation_handoff_insert before insert on conversations
  for each row when (new.status <> 'admin_takeover') execute function conversation_handoff();
create trigger conversation_handoff_status before update of status on conversations
  for each row when (old.status is distinct from new.status) execute function conversation_handoff();

-- Conversations already waiting: since their last activity, for the reason of
-- their latest notification (the bot's hand-over raises one) and with what
-- the customer last wrote.
update conversations c
   set handoff_at = c.last_message_at,
       handoff_customer_text = c.last_customer_message_preview,
       handoff_reason = (
         select n.type from notifications n
          where n.conversation_id = c.id
          order by n.created_at desc, n.id desc limit 1)
 where c.status = 'admin_required';

create index conversations_waiting on conversations (handoff_at, id) where status = 'admin_required';
