-- Delivery zones (openapi.yaml DeliveryZone): where the business delivers,
-- the fee in KES (kept in cents, so a fee is exact) and the days delivery
-- takes. `places` are other names of areas and towns in the zone (a JSON
-- array of strings) the chatbot recognises in a customer's message beside
-- the name. `name_key` is the name in its compared form (lowercase, no
-- accents, single spaces, written by the server) and makes names unique
-- whatever their case or accents.
create table delivery_zones (
  id serial primary key,
  name text not null check (length(name) between 1 and 60),
  name_key text not null unique,
  places jsonb not null default '[]'::jsonb,
  fee_cents integer not null check (fee_cents between 0 and 100000000),
  lead_days integer not null check (lead_days between 0 and 60)
);

-- delivery_pickup (openapi.yaml Pickup): whether customers may collect
-- their order themselves, where, and after how many days. One row; none
-- until staff save (pickup off).
create table delivery_pickup (
  id integer primary key check (id = 1),
  enabled boolean not null,
  location text not null check (length(location) <= 200),
  lead_days integer not null check (lead_days between 0 and 60)
);

-- A deal's delivery (openapi.yaml Deal deliveryTown, pickup), as the customer
-- said it after agreeing: the zone recognised (the link dropped if the zone
-- is deleted, its name kept in deal_delivery_town), or collection.
alter table conversations
  add column deal_delivery_zone_id integer references delivery_zones(id) on delete set null,
  add column deal_delivery_town text,
  add column deal_pickup boolean;
