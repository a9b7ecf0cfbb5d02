-- A deal keeps the product's starting price at the moment the customer agreed
-- (Analytics → Sales: the average discount from the starting price). Read
-- from the product in the same statement that stores the deal; null for a
-- deal stored before this column, which the average leaves out. The partial
-- index reads the deals agreed in a period without the rest of the table.
alter table conversations add column deal_list_price numeric(12, 2) check (deal_list_price >= 0);

create index conversations_deal_agreed on conversations (deal_agreed_at) where deal_agreed_at is not null;
