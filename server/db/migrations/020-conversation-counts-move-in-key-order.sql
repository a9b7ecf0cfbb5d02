-- A change of status moves a conversation's count from its old status's row
-- to its new one's (migration 008's row trigger). It took the old row first,
-- then the new: two conversations of one shard moving at once in opposite
-- directions (open → closed and closed → open) locked the two rows in
-- opposite orders, and PostgreSQL ended one of the writes with a deadlock.
-- Both rows are now changed in one statement, in key order, as every other
-- count trigger does (migrations 013 and 014).
create or replace function conversation_counts_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    insert into conversation_counts as c (status, shard, n)
    select moved.status, new.id % 16, moved.k
    from (values (old.status, -1), (new.status, 1)) as moved(status, k)
    order by moved.status
    on conflict (status, shard) do update set n = c.n + excluded.n;
    return null;
  end if;
  if tg_op = 'DELETE' then
    update conversation_counts set n = n - 1 where status = old.status and shard = old.id % 16;
  end if;
  if tg_op = 'INSERT' then
    insert into conversation_counts as c (status, shard, n) values (new.status, new.id % 16, 1)
    on conflict (status, shard) do update set n = c.n + 1;
  end if;
  return null;
end $$;
