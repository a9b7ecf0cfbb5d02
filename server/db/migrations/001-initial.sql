create table users (
  id serial primary key,
  username text not null unique,
  password_hash text not null,
  created_at timestamptz not null default now()
);

-- The cookie holds a random token; only its SHA-256 is stored, so a copy of
-- the database cannot be replayed as sessions.
create table sessions (
  token_hash text primary key,
  user_id integer not null references users(id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index sessions_expires_at on sessions (expires_at);

create table products (
  id serial primary key,
  name text not null,
  category text not null check (category in ('granite', 'marble', 'quartz', 'sink')),
  dimensions text,
  description text,
  starting_price numeric(12, 2) not null check (starting_price >= 0),
  ending_price numeric(12, 2) not null check (ending_price >= 0),
  color text,
  installation_price_per_slab numeric(12, 2) check (installation_price_per_slab >= 0),
  material text,
  bowl_configuration text,
  stock integer not null default 0 check (stock >= 0),
  is_active boolean not null default true,
  product_image_url text,
  installation_image_urls text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index products_created_at on products (created_at desc, id desc);
-- The CSV import matches rows to products by category and name.
create index products_category_name on products (category, lower(name));

create table conversations (
  id serial primary key,
  customer_name text,
  whatsapp_phone_number text not null,
  status text not null default 'bot_active' check (status in ('bot_active', 'admin_required', 'admin_takeover')),
  last_message_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  message_count integer not null default 0,
  products_mentioned text[] not null default '{}',
  current_product_id integer references products(id) on delete set null,
  current_offer_price numeric(12, 2),
  bargaining_round integer,
  converted boolean not null default false,
  last_follow_up_at timestamptz
);
create index conversations_last_message_at on conversations (last_message_at desc, id desc);
create index conversations_created_at on conversations (created_at);

create table messages (
  id serial primary key,
  conversation_id integer not null references conversations(id) on delete cascade,
  sender text not null check (sender in ('customer', 'bot', 'admin')),
  content text not null,
  message_type text not null default 'text',
  timestamp timestamptz not null default now()
);
create index messages_conversation on messages (conversation_id, timestamp, id);

create table notifications (
  id serial primary key,
  type text not null check (type in ('product_not_found', 'delivery_inquiry', 'payment_inquiry', 'unclear_request')),
  message text not null,
  is_read boolean not null default false,
  conversation_id integer not null references conversations(id) on delete cascade,
  created_at timestamptz not null default now()
);
create index notifications_created_at on notifications (created_at desc, id desc);

create table product_events (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  conversation_id integer references conversations(id) on delete set null,
  kind text not null check (kind in ('view', 'inquiry')),
  created_at timestamptz not null default now()
);
create index product_events_product on product_events (kind, product_id);

create table follow_up_settings (
  id integer primary key check (id = 1),
  enabled boolean not null,
  hours_until_follow_up integer not null check (hours_until_follow_up between 1 and 168),
  follow_up_message text not null
);
insert into follow_up_settings values (1, true, 24, 'Hello from Stone & Sinks! Are you still interested in the products you asked about? Reply here and we will help.');

-- Every message meant for a customer (admin replies, follow-ups) is written
-- here first; a sender delivers it and marks it sent.
create table outbox (
  id serial primary key,
  conversation_id integer not null references conversations(id) on delete cascade,
  to_phone text not null,
  content text not null,
  kind text not null check (kind in ('admin_reply', 'follow_up')),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index outbox_pending on outbox (status, id);
