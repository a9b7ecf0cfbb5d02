-- Quotes (openapi.yaml Quote) and the business profile they print
-- (BusinessProfile).
--
-- business_profile: one row once staff save it; until then the service
-- answers the defaults.
--
-- quotes: every revision is a row; a revision keeps its quote's number.
-- Numbers come from a sequence, so two quotes made at once never share one
-- and a number is never given out again (a rolled-back create leaves a gap).
-- Amounts are whole cents (bigint): the server computes them all. `status`
-- stores draft, sent, accepted, cancelled or superseded; a sent quote past
-- valid_until reads as expired (the service decides on read, with its clock).
-- delivery_zone_id names a delivery zone without a foreign key: the zones
-- are their own module; the quote keeps the town and fee it was priced with.
--
-- quote_lines: a line keeps the product's name, so it survives the product's
-- deletion (product_id then becomes null).
--
-- outbox.document: a document sent with the message (a quote's PDF): its
-- URL, file name and caption.

create table business_profile (
  id integer primary key default 1 check (id = 1),
  name text not null check (char_length(name) between 1 and 80),
  phone text not null default '' check (char_length(phone) <= 30),
  email text not null default '' check (char_length(email) <= 120),
  address text not null default '' check (char_length(address) <= 200),
  logo_url text,
  quote_deposit_percent integer not null default 50 check (quote_deposit_percent between 0 and 100),
  quote_validity_days integer not null default 14 check (quote_validity_days between 1 and 90),
  updated_at timestamptz not null default now()
);

create sequence quote_number_seq;

create table quotes (
  id serial primary key,
  number text not null check (char_length(number) between 1 and 12),
  revision integer not null default 1 check (revision >= 1),
  conversation_id integer not null references conversations(id) on delete cascade,
  status text not null default 'draft'
    check (status in ('draft', 'sent', 'accepted', 'cancelled', 'superseded')),
  subtotal_cents bigint not null check (subtotal_cents >= 0),
  delivery_zone_id integer,
  delivery_town text,
  delivery_fee_cents bigint not null default 0 check (delivery_fee_cents >= 0),
  pickup boolean not null default false,
  discount_cents bigint not null default 0 check (discount_cents >= 0),
  total_cents bigint not null check (total_cents >= 0),
  deposit_percent integer not null check (deposit_percent between 0 and 100),
  deposit_cents bigint not null check (deposit_cents >= 0 and deposit_cents <= total_cents),
  validity_days integer not null check (validity_days between 1 and 90),
  note text not null default '' check (char_length(note) <= 500),
  created_at timestamptz not null,
  sent_at timestamptz,
  valid_until timestamptz,
  accepted_at timestamptz,
  accepted_by text,
  unique (number, revision),
  check ((status = 'draft') = (sent_at is null) or status in ('cancelled', 'superseded')),
  check ((status = 'accepted') = (accepted_at is not null))
);
create index quotes_conversation on quotes (conversation_id, created_at desc, id desc);
create index quotes_created on quotes (created_at desc, id desc);

create table quote_lines (
  id serial primary key,
  quote_id integer not null references quotes(id) on delete cascade,
  position integer not null,
  product_id integer references products(id) on delete set null,
  description text not null,
  quantity integer not null check (quantity between 1 and 1000),
  unit_price_cents bigint not null check (unit_price_cents >= 0),
  installation_cents bigint not null default 0 check (installation_cents >= 0),
  line_total_cents bigint not null check (line_total_cents >= 0),
  unique (quote_id, position)
);

alter table outbox add column document jsonb;
