// Works through stored webhook deliveries (whatsapp_events), one at a time
// in the order received: the one just received at once, and, at start and
// every `retryMs`, any still unprocessed (received while the server was
// stopping, or failed earlier and due again).
//
// The loop is server/jobs/worker.ts. A delivery is claimed by moving its
// next_attempt_at forward in the same statement that reads it, so another
// server instance leaves it alone while this one works on it. A failure (the
// database unreachable, a bug) is logged and retried with backoff; after
// MAX_ATTEMPTS it is given up and logged as an error. A delivery that is no JSON, or fails Meta's schema
// (inbound-schema.ts), is marked processed with the reason (last_error) and
// logged as a warning: it would never succeed.
// Processed deliveries are removed after KEEP_DAYS.
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import type { Backoff } from '../../../jobs/backoff';
import { jobWorker, type JobQueue } from '../../../jobs/worker';
import { purgeHeldStatuses } from '../statuses';
import { validateWebhookPayload } from '../inbound-schema';
import { readDelivery, type WebhookDelivery } from './payload';

const MAX_ATTEMPTS = 20;
/** 5 s doubling, at most an hour, plus up to 20% (server/jobs/backoff.ts). */
export const WEBHOOK_BACKOFF: Backoff = { firstMs: 5_000, maxMs: 60 * 60_000, jitter: [1, 1.2] };
/** How long a claimed delivery is left alone by other instances. */
const CLAIM_MS = 5 * 60_000;
const KEEP_DAYS = 7;
const PURGE_EVERY_MS = 60 * 60_000;

/** A claimed delivery: its id, the raw body, and the number of this attempt. */
type Claimed = { id: string; body: string; attempts: number };

export function webhookWorker(options: {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  process: (delivery: WebhookDelivery, eventId: string) => Promise<void>;
  /** How often unprocessed deliveries are looked for (default 30 s). */
  retryMs?: number;
}) {
  const { db, log } = options;
  let lastPurge = 0;

  const finish = (id: string, error: string | null) =>
    db
      .updateTable('whatsapp_events')
      .set({ processed_at: sql<Date>`now()`, last_error: error })
      .where('id', '=', id)
      .execute();

  /** Processed deliveries older than KEEP_DAYS, and held statuses never matched, go (at most hourly). */
  async function purge() {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    try {
      await db
        .deleteFrom('whatsapp_events')
        .where('processed_at', '<', sql<Date>`now() - ${`${KEEP_DAYS} days`}::interval`)
        .execute();
      await purgeHeldStatuses(db, new Date());
    } catch (error) {
      log.error({ err: error }, 'removing old WhatsApp webhooks failed');
    }
  }

  async function run({ id, body: raw }: Claimed): Promise<void> {
    let body: unknown;
    try {
      // PostgreSQL's text and jsonb hold no NUL character: one sent as \u0000 is dropped here, once,
      // so that a message carrying it is stored (without it) instead of failing every retry.
      body = JSON.parse(raw, (_key, value: unknown) =>
        typeof value === 'string' ? value.replaceAll('\u0000', '') : value,
      );
    } catch {
      log.warn({ eventId: id }, 'a signed WhatsApp webhook is not JSON: stored, not processed');
      await finish(id, 'not JSON');
      return;
    }
    // Meta's schema first (inbound-schema.ts). A delivery that departs from
    // it (a field Meta made optional in practice, say) is still read for
    // what this server can use: one odd message must not lose the others in
    // the same delivery. readDelivery skips each message or status it cannot
    // read and refuses only what is not a WhatsApp delivery at all.
    const valid = validateWebhookPayload(body);
    if (!valid.ok)
      log.warn(
        { eventId: id, error: valid.error },
        "a signed WhatsApp webhook departs from Meta's schema: reading what it can",
      );
    const delivery = readDelivery(valid.ok ? valid.value : body);
    if (!delivery.ok) {
      log.warn({ eventId: id, error: delivery.error }, 'a signed WhatsApp webhook is not one this server reads');
      await finish(id, `not a WhatsApp webhook: ${delivery.error}`);
      return;
    }
    await options.process(delivery.value, id);
    await finish(id, null);
  }

  const queue: JobQueue<Claimed> = {
    name: 'the WhatsApp webhook worker',
    /**
     * The next due delivery, claimed by moving its next_attempt_at forward in
     * the statement that reads it (whatsapp_events_unprocessed, migration
     * 016): one at a time, in the order received.
     */
    async claim(_now, limit) {
      await purge();
      const claimed = await sql<Claimed>`
        update whatsapp_events
        set attempts = attempts + 1, next_attempt_at = now() + ${`${CLAIM_MS} milliseconds`}::interval
        where id in (
          select id from whatsapp_events
          where processed_at is null and next_attempt_at <= now()
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked
        )
        returning id, body, attempts`.execute(db);
      return claimed.rows.map((row) => ({ ...row, id: String(row.id) }));
    },
    run,
    attempt: (event) => event.attempts,
    async reschedule({ id }, { attempt, error, delayMs }) {
      log.warn(
        { eventId: id, attempts: attempt, retryInMs: delayMs, error },
        'processing a WhatsApp webhook failed; it will be retried',
      );
      await db
        .updateTable('whatsapp_events')
        .set({ last_error: error, next_attempt_at: sql<Date>`now() + ${`${delayMs} milliseconds`}::interval` })
        .where('id', '=', id)
        .execute();
    },
    async giveUp({ id }, { attempt, error }) {
      log.error({ eventId: id, attempts: attempt, error }, 'gave up on a WhatsApp webhook');
      await finish(id, `gave up after ${attempt} attempts: ${error}`);
    },
  };
  const worker = jobWorker(queue, {
    backoff: WEBHOOK_BACKOFF,
    maxAttempts: MAX_ATTEMPTS,
    batch: 1,
    pollMs: options.retryMs ?? 30_000,
    log: (message, error) => log.error({ err: error }, message),
  });

  return {
    /** A delivery was just stored: processed after those before it. */
    received(_id: string) {
      worker.kick();
    },
    start() {
      worker.start();
    },
    /** Stops looking for work and waits for the delivery in hand. */
    stop: () => worker.stop(),
    /** Resolves when every delivery due so far has been worked on. */
    idle: () => worker.idle(),
  };
}
