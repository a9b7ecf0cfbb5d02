-- The message that sent a quote to the customer names it, so the thread can
-- show the quote's card where it was sent. Nullable and without a default:
-- adding it rewrites no existing message. No foreign key: quotes are never
-- deleted, and a key would make every quote update check messages.
alter table messages add column quote_id integer;
