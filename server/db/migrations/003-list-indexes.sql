-- Indexes for every filter and order the paged lists offer (see the
-- repositories in modules/products, modules/conversations and
-- modules/notifications), so that a page, a count or a search reads an index
-- instead of the whole table.

-- Trigram indexes serve the contains-searches (LIKE / ILIKE '%text%').
create extension if not exists pg_trgm;

-- The conversations' search by status, newest activity first (and its pages).
create index conversations_status_last_message_at on conversations (status, last_message_at desc, id desc);

-- The search by part of a phone number.
--
-- fastupdate off (here and below): by default a GIN index queues new entries
-- in a pending list that every search reads through until a VACUUM merges
-- it, and PGlite runs no autovacuum. Conversations are added a few at a time,
-- so each insert updating the index directly costs little.
create index conversations_phone_trgm on conversations
  using gin (whatsapp_phone_number gin_trgm_ops) with (fastupdate = off);

-- The search by part of a product the customer mentioned: the names joined in
-- one text (one a line), indexed by trigrams. The joined text contains the
-- search text whenever one name does; the query then checks each name on its
-- own, so a match across two names is not one and the answer stays "some name
-- contains the text" (ILIKE, case-insensitive). Immutable: it reads nothing
-- but its argument.
create function conversation_products_text(products text[]) returns text
  language sql immutable parallel safe
  as $$ select array_to_string(products, E'\n') $$;
create index conversations_products_trgm on conversations
  using gin (conversation_products_text(products_mentioned) gin_trgm_ops) with (fastupdate = off);

-- Unread notifications, newest first. (All notifications: notifications_created_at;
-- products: products_created_at; a conversation's messages, newest or oldest
-- first: messages_conversation, read backwards or forwards. All in 001.)
create index notifications_unread on notifications (created_at desc, id desc) where not is_read;
