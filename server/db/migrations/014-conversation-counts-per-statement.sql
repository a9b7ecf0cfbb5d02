-- Migration 008's counts per status, added to once per statement instead of
-- once per row on insert and delete. A statement that stores
-- thousands of conversations (an import, a restore, the benchmark's year of
-- data) updated the same few rows once per conversation: each update leaves
-- the row's old version behind, and one transaction's dead versions cannot
-- be pruned until it ends, so 100,000 inserts left 48 rows spread over 644
-- pages (5 MB), read whole by every list's X-Total-Count and the summary.
-- Now a statement adds one delta per (status, shard), in key order
-- (concurrent writers lock the same rows in the same order), as migration
-- 013's notification counts do. A change of status stays a row trigger:
-- PostgreSQL allows no column list on a trigger with transition tables, and
-- a statement trigger on every update would capture the rows of each new
-- message's update of its conversation for nothing.
--
-- The table is rebuilt from the rows (truncate gives it new, compact files;
-- the lock keeps writers out until the triggers are in place).

lock table conversations in share row exclusive mode;

drop trigger conversation_counts_insert_delete on conversations;

create function conversation_counts_insert() returns trigger language plpgsql as $$
begin
  insert into conversation_counts as c (status, shard, n)
  select status, id % 16, count(*) from new_rows group by 1, 2 order by 1, 2
  on conflict (status, shard) do update set n = c.n + excluded.n;
  return null;
end $$;
create trigger conversation_counts_insert after insert on conversations
  referencing new table as new_rows for each statement execute function conversation_counts_insert();

create function conversation_counts_delete() returns trigger language plpgsql as $$
begin
  insert into conversation_counts as c (status, shard, n)
  select status, id % 16, -count(*) from old_rows group by 1, 2 order by 1, 2
  on conflict (status, shard) do update set n = c.n + excluded.n;
  return null;
end $$;
create trigger conversation_counts_delete after delete on conversations
  referencing old table as old_rows for each statement execute function conversation_counts_delete();

truncate conversation_counts;
insert into conversation_counts (status, shard, n)
select status, id % 16, count(*) from conversations group by 1, 2;
