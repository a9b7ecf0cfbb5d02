-- The customer's language beyond the greeting: a product's Swahili
-- description (the bot shows it to customers writing Swahili or Sheng, the
-- English one when it is null), a quick reply's Swahili text, and the
-- language a conversation's customer last wrote in, as the bot reads it ('en'
-- or 'sw'; null until they write), which the dashboard uses to offer the
-- Swahili quick replies and templates.
alter table products add column description_sw text;
alter table quick_replies add column content_sw text;
alter table conversations add column customer_language text check (customer_language in ('en', 'sw'));
