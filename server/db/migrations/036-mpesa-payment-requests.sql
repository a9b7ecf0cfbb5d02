-- M-Pesa payment requests (STK pushes) staff send for an order, stored with
-- M-Pesa's CheckoutRequestID before the dashboard is answered, so that the
-- callback that follows names its order: a paid one records the payment on it
-- (through the orders service, once per receipt) and settles the request
-- paid; an unpaid one settles it failed with the reason in words.
create table mpesa_stk_requests (
  id serial primary key,
  order_id integer not null references orders(id),
  amount_cents integer not null check (amount_cents > 0),
  -- As M-Pesa writes it: 2547XXXXXXXX.
  phone text not null,
  checkout_request_id text not null unique,
  merchant_request_id text,
  status text not null default 'pending' check (status in ('pending', 'paid', 'failed')),
  reason text,
  receipt text,
  requested_at timestamptz not null default now(),
  settled_at timestamptz,
  requested_by text not null
);
create index mpesa_stk_requests_order on mpesa_stk_requests (order_id, requested_at desc, id desc);

-- Staff's hand on an unmatched payment: matched to an order by hand or
-- dismissed as not the shop's, with their words and name.
alter table mpesa_payments add column dismissed boolean not null default false;
alter table mpesa_payments add column note text;
alter table mpesa_payments add column handled_by text;

-- The unmatched ones are the succeeded payments on no order and not dismissed:
-- the partial index follows the new meaning (the list and the summary's count).
drop index mpesa_payments_unmatched;
create index mpesa_payments_unmatched on mpesa_payments (created_at desc, id desc)
  where status = 'succeeded' and order_id is null and not dismissed;
-- Newest first across all payments (the payments list).
create index mpesa_payments_newest on mpesa_payments (created_at desc, id desc);
