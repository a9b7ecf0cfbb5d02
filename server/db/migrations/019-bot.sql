-- The catalogue chatbot (server/bot).
--
-- bot_settings: Settings → Chatbot (openapi.yaml's BotSettings), one row,
-- kept as the JSON the dashboard saved. No row until staff save: the server
-- answers with the defaults (server/modules/bot-settings/defaults.ts).
create table bot_settings (
  id integer primary key check (id = 1),
  settings jsonb not null,
  updated_at timestamptz not null default now()
);

-- bot_memory: what the bot keeps between the turns of a conversation
-- (tools.remember: its language, the product whose price is being bargained,
-- how many messages in a row it could not place…), at most 4 KB of JSON,
-- read back as the next turn's `memory`. Goes with its conversation.
create table bot_memory (
  conversation_id integer primary key references conversations(id) on delete cascade,
  memory jsonb not null,
  updated_at timestamptz not null default now()
);
