-- The notification list's counts without scanning. Every page of
-- GET /api/notifications carries X-Total-Count, and a year of hand-offs is
-- tens of thousands of rows: counting them cost more than the page itself.
--
-- notification_counts: notifications read and unread, kept by statement
-- triggers in the same transaction as every insert, delete (a conversation's
-- cascade too), change of is_read ("Mark all as read" changes thousands of
-- rows in one statement: one update of the counts, not one per row) and
-- truncate. Rows are split by id % 16, as migration 008's conversation counts
-- are, so that writers on a PostgreSQL server rarely wait for the same row;
-- readers add them up (modules/notifications/repository.ts count).

-- No writer may slip between the back-fill and the triggers.
lock table notifications in share row exclusive mode;

create table notification_counts (
  is_read boolean not null,
  shard smallint not null,
  n bigint not null,
  primary key (is_read, shard)
);

insert into notification_counts (is_read, shard, n)
select is_read, id % 16, count(*) from notifications group by 1, 2;

-- Each trigger adds, per (is_read, shard), +1 for each row that came and -1
-- for each row that went, in key order (concurrent writers lock the same
-- rows in the same order).
create function notification_counts_insert() returns trigger language plpgsql as $$
begin
  insert into notification_counts as c (is_read, shard, n)
  select is_read, id % 16, count(*) from new_rows group by 1, 2 order by 1, 2
  on conflict (is_read, shard) do update set n = c.n + excluded.n;
  return null;
end $$;
create trigger notification_counts_insert after insert on notifications
  referencing new table as new_rows for each statement execute function notification_counts_insert();

create function notification_counts_delete() returns trigger language plpgsql as $$
begin
  insert into notification_counts as c (is_read, shard, n)
  select is_read, id % 16, -count(*) from old_rows group by 1, 2 order by 1, 2
  on conflict (is_read, shard) do update set n = c.n + excluded.n;
  return null;
end $$;
create trigger notification_counts_delete after delete on notifications
  referencing old table as old_rows for each statement execute function notification_counts_delete();

-- Only rows whose is_read changed move a count; an update of anything else
-- (migration 009's customer columns) adds nothing. PostgreSQL allows no
-- column list on a trigger with transition tables, hence the join.
create function notification_counts_update() returns trigger language plpgsql as $$
begin
  insert into notification_counts as c (is_read, shard, n)
  select is_read, shard, sum(k)
  from (select o.is_read, o.id % 16 as shard, -1 as k
        from old_rows o join new_rows n on n.id = o.id
        where o.is_read is distinct from n.is_read
        union all
        select n.is_read, n.id % 16, 1
        from old_rows o join new_rows n on n.id = o.id
        where o.is_read is distinct from n.is_read) moved
  group by 1, 2 order by 1, 2
  on conflict (is_read, shard) do update set n = c.n + excluded.n;
  return null;
end $$;
create trigger notification_counts_update after update on notifications
  referencing old table as old_rows new table as new_rows for each statement execute function notification_counts_update();

create function notification_counts_truncate() returns trigger language plpgsql as $$
begin
  delete from notification_counts;
  return null;
end $$;
create trigger notification_counts_truncate after truncate on notifications
  for each statement execute function notification_counts_truncate();
