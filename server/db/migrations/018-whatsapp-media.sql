-- Customers' media: a photo, document, voice note, video or
-- sticker arrives as a WhatsApp media id; the message is kept at once with
-- its attachment pending (messages.attachment, migration 016) and the file is
-- fetched afterwards (server/whatsapp/media/downloader.ts). One job per
-- message: the primary key makes a repeated webhook delivery, or a second
-- enqueue of the same message, a no-op rather than a second download, and a
-- job never waits behind another message's.
--
-- next_attempt_at: when the job is due (the worker also pushes it forward
-- while it works on it, so another server instance does not take it too).
-- first_tried_at: set on the first attempt; the job gives up 7 days after it.
-- mismatches: downloads whose SHA-256 differed from WhatsApp's (given up after a few).
create table whatsapp_media_downloads (
  message_id integer primary key references messages(id) on delete cascade,
  media_id text not null,
  sha256 text,
  mime_type text,
  attempts integer not null default 0,
  mismatches integer not null default 0,
  next_attempt_at timestamptz not null,
  first_tried_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
-- The worker's question: which jobs are due, earliest first.
create index whatsapp_media_downloads_due on whatsapp_media_downloads (next_attempt_at);

-- The attachments still waiting for their file: few at any time, found by
-- this index without reading a million messages (at start, the worker queues
-- any pending attachment that has no job, e.g. after a crash between storing
-- the message and queueing its download).
create index messages_attachment_pending on messages (id) where (attachment ->> 'state') = 'pending';
