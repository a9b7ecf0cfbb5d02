-- M-Pesa's callbacks (server/payments/mpesa/callbacks): each one Safaricom
-- posts is stored here, as received, before it is acknowledged, and a worker
-- processes it after (the same claim and retry columns as whatsapp_events,
-- migration 016). Only STK results and C2B confirmations are stored: a C2B
-- validation moves no money and is answered at once.
create table mpesa_callbacks (
  id bigserial primary key,
  kind text not null check (kind in ('stk', 'c2b_confirmation')),
  received_at timestamptz not null default now(),
  body text not null,
  processed_at timestamptz,
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now()
);
create index mpesa_callbacks_unprocessed on mpesa_callbacks (next_attempt_at, id) where processed_at is null;

-- What the callbacks said: one row per STK push (CheckoutRequestID) and one
-- per M-Pesa receipt (an STK's MpesaReceiptNumber, a C2B's TransID), so that
-- a callback posted twice, even at the same moment, is one payment. A
-- successful one names the order it paid (order_payments then holds it with
-- method mpesa and the receipt as reference), or keeps in words why it did
-- not (reason). A failed STK keeps Safaricom's code and our words for it.
create table mpesa_payments (
  id serial primary key,
  kind text not null check (kind in ('stk', 'c2b')),
  status text not null check (status in ('succeeded', 'failed')),
  checkout_request_id text unique,
  receipt text unique,
  amount_cents integer check (amount_cents > 0),
  result_code integer not null,
  result_desc text not null,
  -- The account number the customer typed (C2B paybill); null for STK.
  bill_ref text,
  -- The payer's name as Safaricom gives it (C2B); the MSISDN is a hash and is not kept.
  payer_name text,
  transaction_at timestamptz,
  callback_id bigint not null references mpesa_callbacks(id),
  order_id integer references orders(id),
  -- Why a successful payment paid no order, or what a failed one means, in words.
  reason text,
  created_at timestamptz not null default now(),
  check (checkout_request_id is not null or receipt is not null),
  check (status = 'failed' or (receipt is not null and amount_cents is not null))
);
create index mpesa_payments_order on mpesa_payments (order_id) where order_id is not null;
create index mpesa_payments_unmatched on mpesa_payments (created_at desc, id desc)
  where status = 'succeeded' and order_id is null;

-- A paybill payment names its order by the account number the customer typed:
-- the order's own number (unique, indexed) or its quote's, found here rather
-- than by reading every order.
create index orders_quote_number on orders (quote_number) where quote_number is not null;
