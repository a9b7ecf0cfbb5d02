-- The conversation list's counts and searches without scanning.
-- Every answer with `limit` carries X-Total-Count, and the summary counts
-- too: counting 100,000 conversations, or rechecking the 7,000 that a
-- popular product's trigrams return, cost more than the page itself.
--
-- 1. conversation_counts: conversations per status, kept by triggers in the
--    same transaction as every insert, delete and change of status, so that
--    the whole list's X-Total-Count, the status filter's and the summary's
--    counters read a few rows (modules/conversations/repository.ts count,
--    modules/summary/repository.ts). Rows are split by id % 16, as the
--    analytics rollups are, so that writers on a PostgreSQL server rarely
--    wait for the same row; readers add them up.
-- 2. conversation_phone_suffixes: every suffix (4 digits or longer) of each
--    phone number's digits. "The number contains 0712345" is "one of its
--    suffixes starts with 0712345": a btree range that returns exactly the
--    matches, where the trigram index of migration 003 read the posting
--    lists of trigrams every Kenyan number holds (254, 547…). About 70 MB
--    for 100,000 conversations. Searches of fewer than 4 digits still use
--    the trigram index. No index by conversation: a number never changes
--    and conversations are not deleted in normal use, so those rare writes
--    scan the table rather than every write keeping one more index.
-- 3. conversation_mentions and mentioned_names: each product a conversation
--    mentions, by name, and every name ever mentioned. How many
--    conversations mention a product containing 'Galaxy Black' is: the names
--    that contain it (a few thousand names at most, one scan), then their
--    conversations from the primary key alone, with no recheck of each
--    conversation's row (4 ms instead of 16–38 ms for 7,000 matches of
--    100,000). The page itself still reads the trigram index of migration
--    006, whose statistics let the planner choose between walking the list's
--    order (a popular product) and fetching the few matches (a rare one).

-- No writer may slip between the back-fill and the triggers.
lock table conversations in share row exclusive mode;

create table conversation_counts (
  status text not null,
  shard smallint not null,
  n bigint not null,
  primary key (status, shard)
);

insert into conversation_counts (status, shard, n)
select status, id % 16, count(*) from conversations group by 1, 2;

create function conversation_counts_change() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update conversation_counts set n = n - 1 where status = old.status and shard = old.id % 16;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into conversation_counts as c (status, shard, n) values (new.status, new.id % 16, 1)
    on conflict (status, shard) do update set n = c.n + 1;
  end if;
  return null;
end $$;

create trigger conversation_counts_insert_delete after insert or delete on conversations
  for each row execute function conversation_counts_change();
-- Only a change of status moves a count: a new message (last_message_at,
-- unread_count) does not run the trigger at all.
create trigger conversation_counts_status after update of status on conversations
  for each row when (old.status is distinct from new.status) execute function conversation_counts_change();

create function conversation_counts_truncate() returns trigger language plpgsql as $$
begin
  delete from conversation_counts;
  return null;
end $$;
create trigger conversation_counts_truncate after truncate on conversations
  for each statement execute function conversation_counts_truncate();

-- 2 and 3: kept by triggers from the conversation's own columns; a
-- conversation's rows go with it (on delete cascade, and truncate … cascade).
lock table conversations in share row exclusive mode;

create table conversation_phone_suffixes (
  -- "C": byte order, so that LIKE 'digits%' is a range of the primary key.
  suffix text collate "C" not null,
  conversation_id integer not null references conversations(id) on delete cascade,
  primary key (suffix, conversation_id)
);

create table mentioned_names (
  name text primary key
);
create table conversation_mentions (
  name text not null,
  conversation_id integer not null references conversations(id) on delete cascade,
  primary key (name, conversation_id)
);
create index conversation_mentions_conversation on conversation_mentions (conversation_id);

-- The search rows of the conversations `ids` names: phone suffixes, mentions, or both.
create function conversation_search_rows_add(ids integer[], phones boolean, mentions boolean) returns void language sql as $$
  insert into conversation_phone_suffixes (suffix, conversation_id)
  select right(d.digits, k), d.id
  from (select c.id, regexp_replace(c.whatsapp_phone_number, '[^0-9]', '', 'g') as digits
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

select conversation_search_rows_add(array(select id from conversations), true, true);

create function conversation_search_rows_insert() returns trigger language plpgsql as $$
begin
  perform conversation_search_rows_add(array(select id from new_rows), true, true);
  return null;
end $$;
create trigger conversation_search_rows_insert after insert on conversations
  referencing new table as new_rows for each statement execute function conversation_search_rows_insert();

create function conversation_search_rows_update() returns trigger language plpgsql as $$
declare
  phone boolean := old.whatsapp_phone_number is distinct from new.whatsapp_phone_number;
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
-- Only a change of number or of products mentioned: a new message does not run it.
create trigger conversation_search_rows_update after update of whatsapp_phone_number, products_mentioned on conversations
  for each row
  when (old.whatsapp_phone_number is distinct from new.whatsapp_phone_number
        or old.products_mentioned is distinct from new.products_mentioned)
  execute function conversation_search_rows_update();
