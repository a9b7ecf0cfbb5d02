-- A version of the names mentioned, so that the product search's count can
-- be remembered. Counting the conversations that mention a
-- product containing 'Galaxy Black' reads every mention of every matching
-- name (7,000 for a popular product in a year's data): the dearest part of
-- that search's answer, repeated for each page and each refresh although the
-- mentions change only when a conversation mentions a new product.
--
-- mention_versions: one counter per shard (conversation_id % 16, as the
-- counts of migrations 008 and 013 split their rows, so that writers on a
-- PostgreSQL server rarely wait for the same row); their sum goes up with
-- every statement that adds or removes a mention or a name, in the same
-- transaction. A count read in the same statement as the sum is the count
-- for that sum: while the sum has not moved, it still holds
-- (modules/conversations/repository.ts countOf).

create table mention_versions (
  shard smallint primary key,
  v bigint not null
);
insert into mention_versions (shard, v) select s, 0 from generate_series(0, 15) as s;

create function mention_versions_added() returns trigger language plpgsql as $$
begin
  update mention_versions set v = v + 1
  where shard in (select distinct conversation_id % 16 from new_rows);
  return null;
end $$;
create trigger mention_versions_insert after insert on conversation_mentions
  referencing new table as new_rows for each statement execute function mention_versions_added();

create function mention_versions_removed() returns trigger language plpgsql as $$
begin
  update mention_versions set v = v + 1
  where shard in (select distinct conversation_id % 16 from old_rows);
  return null;
end $$;
create trigger mention_versions_delete after delete on conversation_mentions
  referencing old table as old_rows for each statement execute function mention_versions_removed();

-- A name stored or removed (only when a row was: the conversation's own
-- insert stores names with "on conflict do nothing", most often none), and a
-- truncate (of the conversations, which cascades): every count may have moved.
create function mention_versions_names() returns trigger language plpgsql as $$
begin
  if exists (select 1 from changed_rows) then
    update mention_versions set v = v + 1;
  end if;
  return null;
end $$;
create trigger mention_versions_names_insert after insert on mentioned_names
  referencing new table as changed_rows for each statement execute function mention_versions_names();
create trigger mention_versions_names_delete after delete on mentioned_names
  referencing old table as changed_rows for each statement execute function mention_versions_names();

create function mention_versions_all() returns trigger language plpgsql as $$
begin
  update mention_versions set v = v + 1;
  return null;
end $$;
create trigger mention_versions_truncate after truncate on conversation_mentions
  for each statement execute function mention_versions_all();
create trigger mention_versions_names_truncate after truncate on mentioned_names
  for each statement execute function mention_versions_all();
