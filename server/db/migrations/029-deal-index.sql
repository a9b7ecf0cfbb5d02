-- The Deals view (openapi.yaml DealFilter, deal=true): the conversations
-- holding an agreed deal, most recent activity first, read from this partial
-- index instead of the whole table. A few in a hundred conversations end in
-- a deal, so the index stays small.
create index conversations_deal on conversations (last_message_at desc, id desc) where deal_agreed_at is not null;
