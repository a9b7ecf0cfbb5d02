-- Orders (openapi.yaml, tag orders): made from an accepted quote, then
-- delivered (or collected) and paid for, in parts.
--
-- Amounts are whole cents (integer: up to KES 21,474,836.47, far above any
-- kitchen). The quote is named by its id and number only, without a foreign
-- key: quotes live in their own module, and an order outlives any change
-- there. One order per quote: the unique index on quote_id makes a second
-- creation for the same quote (a repeated acceptance, two at once) find the
-- first instead of making another.
--
-- The customer's name and number are copied from the conversation when the
-- order is made (what the order was made out to), so that the list and its
-- search read one table.

-- Order numbers are never reused, even when the transaction that took one
-- rolls back: "SO" and at least 5 digits, at most 12 characters.
create sequence order_numbers maxvalue 9999999999;

create function order_number(n bigint) returns text
  language sql immutable parallel safe
  as $$ select 'SO' || lpad(n::text, greatest(5, length(n::text)), '0') $$;

create table orders (
  id serial primary key,
  number text not null unique default order_number(nextval('order_numbers')) check (length(number) <= 12),
  quote_id integer,
  quote_number text,
  conversation_id integer not null references conversations(id),
  customer_name text,
  customer_phone text not null,
  status text not null default 'confirmed'
    check (status in ('confirmed', 'scheduled', 'out_for_delivery', 'delivered', 'cancelled')),
  payment_status text not null default 'unpaid' check (payment_status in ('unpaid', 'deposit_paid', 'paid', 'refunded')),
  subtotal_cents integer not null check (subtotal_cents >= 0),
  delivery_fee_cents integer not null default 0 check (delivery_fee_cents >= 0),
  discount_cents integer not null default 0 check (discount_cents >= 0),
  total_cents integer not null check (total_cents >= 0),
  deposit_cents integer not null default 0 check (deposit_cents >= 0 and deposit_cents <= total_cents),
  -- The sum of the order's payments, kept with each payment in the same transaction.
  paid_cents integer not null default 0 check (paid_cents >= 0 and paid_cents <= total_cents),
  delivery_zone_id integer,
  delivery_town text,
  delivery_address text,
  delivery_date date,
  pickup boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  -- What the list's search reads: number, name and phone digits, lowered (see the trigram index).
  search_folded text generated always as (
    lower(number || E'\n' || coalesce(customer_name, '') || E'\n' || regexp_replace(customer_phone, '\D', '', 'g'))
  ) stored
);

create unique index orders_quote on orders (quote_id) where quote_id is not null;
create index orders_conversation on orders (conversation_id);

-- The list, newest first, and its pages (keyset on created_at, id), whole or
-- with one status or one payment status.
create index orders_created_at on orders (created_at desc, id desc);
create index orders_status_created_at on orders (status, created_at desc, id desc);
create index orders_payment_status_created_at on orders (payment_status, created_at desc, id desc);

-- The search by part of the number, name or phone (contains): trigrams.
-- fastupdate off, as in migration 003 (PGlite runs no autovacuum).
create extension if not exists pg_trgm;
create index orders_search_trgm on orders using gin (search_folded gin_trgm_ops) with (fastupdate = off);

-- The counters: orders still to deliver, by date, and those with a balance.
create index orders_to_deliver on orders (delivery_date)
  where status in ('confirmed', 'scheduled', 'out_for_delivery') and not pickup;
create index orders_outstanding on orders (id) include (total_cents, paid_cents)
  where status <> 'cancelled' and paid_cents < total_cents;

-- Every page with `limit` carries X-Total-Count: the whole list's count, and a
-- status's or a payment status's (or both), are read from order_counts, kept by
-- triggers in the same transaction as every insert, delete and change of
-- state (as migration 008 keeps conversation_counts), split by id % 16 so
-- that writers on a PostgreSQL server rarely wait for the same row. Only a
-- search is counted from the orders themselves, through its trigram index.
create table order_counts (
  status text not null,
  payment_status text not null,
  shard smallint not null,
  n bigint not null,
  primary key (status, payment_status, shard)
);

create function order_counts_change() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update order_counts set n = n - 1
      where status = old.status and payment_status = old.payment_status and shard = old.id % 16;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into order_counts as c (status, payment_status, shard, n)
      values (new.status, new.payment_status, new.id % 16, 1)
      on conflict (status, payment_status, shard) do update set n = c.n + 1;
  end if;
  return null;
end $$;

create trigger order_counts_insert_delete after insert or delete on orders
  for each row execute function order_counts_change();
-- A payment or a delivery change that keeps both states does not run it.
create trigger order_counts_update after update of status, payment_status on orders
  for each row when (old.status is distinct from new.status or old.payment_status is distinct from new.payment_status)
  execute function order_counts_change();

create table order_lines (
  id serial primary key,
  order_id integer not null references orders(id) on delete cascade,
  position smallint not null,
  product_id integer references products(id) on delete set null,
  description text not null,
  quantity integer not null check (quantity >= 1),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  installation_cents integer not null default 0 check (installation_cents >= 0),
  line_total_cents integer not null check (line_total_cents >= 0),
  unique (order_id, position)
);

create table order_payments (
  id serial primary key,
  order_id integer not null references orders(id) on delete cascade,
  amount_cents integer not null check (amount_cents > 0),
  method text not null check (method in ('mpesa', 'cash', 'bank')),
  reference text not null,
  received_at timestamptz not null,
  recorded_by text not null,
  -- One M-Pesa code, receipt or bank reference is one payment, whichever order it was recorded on.
  unique (method, reference)
);
create index order_payments_order on order_payments (order_id, received_at, id);

create table order_events (
  id serial primary key,
  order_id integer not null references orders(id) on delete cascade,
  at timestamptz not null,
  by_name text not null,
  event text not null
    check (event in ('created', 'status_changed', 'payment_recorded', 'delivery_scheduled', 'note', 'customer_told')),
  text text not null
);
create index order_events_order on order_events (order_id, at, id);
