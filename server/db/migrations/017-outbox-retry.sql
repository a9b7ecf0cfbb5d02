-- Sending over the WhatsApp Cloud API: retries with backoff, the
-- WhatsApp message id of what was sent, and templates synced from Meta.

-- When a pending row may be tried again (null: now). A transient failure
-- (WhatsApp busy, a network error) sets it a few seconds to minutes ahead,
-- doubling with each attempt (server/outbox/sender.ts); a row is picked only
-- once it is due, and never before an earlier row to the same customer that
-- is still waiting, so a customer gets messages in the order they were written.
alter table outbox add column next_attempt_at timestamptz;
-- The id WhatsApp gave the message ("wamid."…); its statuses name it. Also
-- kept on the message (messages.whatsapp_message_id, migration 016).
alter table outbox add column whatsapp_message_id text;
-- Rows waiting to be sent, by customer and in order: "is an earlier message
-- to this customer still waiting?" is one index probe. Few rows at any time.
create index outbox_pending_recipient on outbox (to_phone, id) where status = 'pending';
-- The dispatcher's timer: when the next waiting row falls due.
create index outbox_pending_next_attempt on outbox (next_attempt_at) where status = 'pending';

-- Templates synced from the WhatsApp business account. Meta knows a template
-- by its name and language together (one name can be approved in English
-- and in Swahili); migration 007's four demo templates have no WhatsApp id.
alter table message_templates add column whatsapp_id text;
-- 'positional' (the body says {{1}}, {{2}}…) or 'named' (the body says
-- {{customer_name}}…; a send then names each parameter).
alter table message_templates add column parameter_format text not null default 'positional'
  check (parameter_format in ('positional', 'named'));
alter table message_templates add column synced_at timestamptz;
alter table message_templates drop constraint message_templates_name_key;
create unique index message_templates_name_language on message_templates (name, language);
-- Synced templates get ids from a sequence; an id stays with its
-- (name, language) from one sync to the next, so a dashboard holding a list
-- sends what staff chose.
create sequence message_templates_id_seq owned by message_templates.id;
select setval('message_templates_id_seq', coalesce((select max(id) from message_templates), 0) + 1, false);
alter table message_templates alter column id set default nextval('message_templates_id_seq');
