-- A price the customer agreed to is kept with the conversation (openapi.yaml
-- Deal): the product (its name kept, the link dropped if it is deleted),
-- the price of one unit, how many when said, who agreed it and when. The
-- conversation's list query reads these columns with the rest of its row,
-- so a deal costs no join. `converted` (migration 001) stays the flag the
-- analytics and the follow-ups read.
--
-- A customer agreeing is also a notification, deal_accepted, beside the
-- bot's four hand-over types: the check allows it.

alter table conversations
  add column deal_product_id integer references products(id) on delete set null,
  add column deal_product_name text,
  add column deal_unit_price numeric(12, 2) check (deal_unit_price >= 0),
  add column deal_quantity integer check (deal_quantity >= 1),
  add column deal_agreed_by text check (deal_agreed_by in ('bot', 'staff')),
  add column deal_agreed_at timestamptz,
  -- A deal is whole or absent.
  add constraint conversations_deal_whole check (
    (deal_product_name is null) = (deal_unit_price is null)
    and (deal_product_name is null) = (deal_agreed_by is null)
    and (deal_product_name is null) = (deal_agreed_at is null)
  );

alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (
  type in ('product_not_found', 'delivery_inquiry', 'payment_inquiry', 'unclear_request', 'deal_accepted')
);
