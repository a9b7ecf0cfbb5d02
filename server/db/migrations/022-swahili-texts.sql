-- The customer's language beyond the greeting: a product's Swahili
-- description (the bot shows it to customers writing Swahili or Sheng, the
-- English one when it is null), a quick reply's Swahili text, and the
-- language a conversation's customer last wrote in, as the bot reads it ('en'
-- or 'sw'; null until they write), which the dashboard uses to offer the
-- Swahili quick replies and templates, and the follow-up sender to send the
-- Swahili follow-up message (follow_up_settings.follow_up_message_sw).
alter table products add column description_sw text;
alter table quick_replies add column content_sw text;
alter table conversations add column customer_language text check (customer_language in ('en', 'sw'));
alter table follow_up_settings add column follow_up_message_sw text not null
  default 'Habari kutoka Stone & Sinks! Bado unavutiwa na bidhaa ulizouliza? Jibu hapa nasi tutakusaidia.';
