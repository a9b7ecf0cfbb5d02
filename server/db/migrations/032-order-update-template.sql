-- The demo's order_update template, in English and Swahili, beside migration
-- 007's four: an order's news (scheduled, on its way, delivered, cancelled)
-- reaches a customer whose 24-hour reply window has closed only as an approved
-- template, a UTILITY one at Meta. {{3}} is the news in the template's language
-- (server/modules/orders/service.ts, orderNews). Like the other demo templates
-- it has no WhatsApp id: hidden once WhatsApp is connected, removed by the first
-- sync, which brings the business account's own. A server that already synced
-- one of that name and language keeps it.
insert into message_templates (name, label, language, body, variables) values
  ('order_update', 'Order update', 'en',
   'Hello {{1}}, an update on your order {{2}}: {{3}}. Reply to this message if you have any questions.',
   '[{"label": "Customer name", "example": "Brian"}, {"label": "Order number", "example": "SO00003"}, {"label": "Order news", "example": "it is on its way to you"}]'),
  ('order_update', 'Order update', 'sw',
   'Habari {{1}}, taarifa kuhusu oda yako {{2}}: {{3}}. Jibu ujumbe huu ukiwa na swali lolote.',
   '[{"label": "Customer name", "example": "Wanjiru"}, {"label": "Order number", "example": "SO00003"}, {"label": "Order news", "example": "iko njiani kukuletea"}]')
on conflict (name, language) do nothing;
