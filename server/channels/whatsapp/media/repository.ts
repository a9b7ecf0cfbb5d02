// The SQL of customers' media: the download queue (migration 018) and the
// attachment a message holds (messages.attachment, migration 016). The
// attachment is read and changed as jsonb in SQL, so the update that marks it
// ready or expired applies only while it is still pending: a message changed
// meanwhile (another instance finished first) is left as it is.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';

/** A job the worker has taken: due, and now leased to it until `leaseUntil`. */
export type DownloadJob = {
  messageId: number;
  mediaId: string;
  sha256: string | null;
  mimeType: string | null;
  attempts: number;
  mismatches: number;
  firstTriedAt: Date;
  /** The attachment's kind (image, document …), and whether it still waits for its file. */
  kind: string | null;
  pending: boolean;
};

/** What the route reads of a message's attachment. */
export type StoredAttachment = {
  kind?: string;
  state?: string;
  file?: string;
  mimeType?: string;
  filename?: string;
  size?: number;
};

/** The pending attachments of these messages (all of them when `messageId` is undefined) that have no job yet. */
const queuePending = (now: Date, messageId?: number) => sql`
  insert into whatsapp_media_downloads (message_id, media_id, sha256, mime_type, next_attempt_at)
  select id, attachment ->> 'mediaId', attachment ->> 'sha256', attachment ->> 'mimeType', ${now}
  from messages
  where (attachment ->> 'state') = 'pending' and attachment ->> 'mediaId' is not null
    ${messageId === undefined ? sql`` : sql`and id = ${messageId}`}
  on conflict (message_id) do nothing
  returning message_id`;

export function mediaRepository(db: Kysely<DB>) {
  return {
    /**
     * Queues the download of a message's pending attachment, read from the
     * message itself (the stored row is the truth, whatever a caller passes).
     * Nothing is added for a message already queued, or whose attachment is
     * no longer pending: a repeated delivery neither adds a job nor blocks one.
     */
    async enqueue(messageId: number, now: Date): Promise<boolean> {
      // Rows, not numAffectedRows: the PGlite driver gives no count for raw SQL.
      return (await queuePending(now, messageId).execute(db)).rows.length > 0;
    },

    /** Queues every pending attachment that lost its job (a crash between storing a message and queueing it). */
    async enqueueOrphans(now: Date): Promise<number> {
      return (await queuePending(now).execute(db)).rows.length;
    },

    /**
     * Takes up to `limit` due jobs, earliest first, and leases them: their
     * next_attempt_at moves to `leaseUntil`, so another instance (or this one's
     * next run) does not take them while they are being worked on, and a job
     * whose worker died comes back when the lease ends.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DownloadJob[]> {
      const rows = await sql<{
        message_id: number;
        media_id: string;
        sha256: string | null;
        mime_type: string | null;
        attempts: number;
        mismatches: number;
        first_tried_at: Date;
        kind: string | null;
        pending: boolean | null;
      }>`
        update whatsapp_media_downloads
        set next_attempt_at = ${leaseUntil}, first_tried_at = coalesce(first_tried_at, ${now})
        where message_id in (
          select message_id from whatsapp_media_downloads
          where next_attempt_at <= ${now}
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        returning message_id, media_id, sha256, mime_type, attempts, mismatches, first_tried_at,
          (select attachment ->> 'kind' from messages where id = message_id) as kind,
          (select (attachment ->> 'state') = 'pending' from messages where id = message_id) as pending`.execute(db);
      return rows.rows.map((row) => ({
        messageId: row.message_id,
        mediaId: row.media_id,
        sha256: row.sha256,
        mimeType: row.mime_type,
        attempts: row.attempts,
        mismatches: row.mismatches,
        firstTriedAt: new Date(row.first_tried_at),
        kind: row.kind,
        pending: row.pending === true,
      }));
    },

    /** A failed attempt: tried again at `next`. */
    async reschedule(messageId: number, next: Date, error: string, mismatch: boolean): Promise<void> {
      await db
        .updateTable('whatsapp_media_downloads')
        .set({
          attempts: sql<number>`attempts + 1`,
          mismatches: mismatch ? sql<number>`mismatches + 1` : sql<number>`mismatches`,
          next_attempt_at: next,
          last_error: error,
        })
        .where('message_id', '=', messageId)
        .execute();
    },

    /**
     * Ends a job: the attachment gets `patch` merged in (state ready or
     * expired) if it is still pending, and the job goes. Returns the message's
     * conversation when the attachment changed.
     */
    async finish(messageId: number, patch: Record<string, unknown>): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const changed = await sql<{ conversation_id: number }>`
          update messages set attachment = attachment || ${JSON.stringify(patch)}::jsonb
          where id = ${messageId} and (attachment ->> 'state') = 'pending'
          returning conversation_id`.execute(trx);
        await trx.deleteFrom('whatsapp_media_downloads').where('message_id', '=', messageId).execute();
        return changed.rows[0]?.conversation_id;
      });
    },

    /** The attachment of a message of this conversation; undefined when there is no such message. */
    async attachmentOf(
      conversationId: number,
      messageId: number,
    ): Promise<{ attachment: StoredAttachment | null } | undefined> {
      const row = await sql<{ attachment: StoredAttachment | null }>`
        select attachment from messages where id = ${messageId} and conversation_id = ${conversationId}`.execute(db);
      return row.rows[0];
    },
  };
}
