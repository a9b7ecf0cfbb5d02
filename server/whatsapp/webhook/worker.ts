// Works through stored webhook deliveries (whatsapp_events), one at a time
// in the order received: the one just received at once, and, at start and
// every `retryMs`, any still unprocessed (received while the server was
// stopping, or failed earlier and due again).
//
// A delivery is claimed by moving its next_attempt_at forward in the same
// statement that reads it, so another server instance's sweep leaves it
// alone while this one works on it. A failure (the database unreachable, a
// bug) is logged and retried with backoff; after MAX_ATTEMPTS it is given up
// and logged as an error. A delivery that is no JSON, or fails Meta's schema
// (inbound-schema.ts), is marked processed with the reason (last_error) and
// logged as a warning: it would never succeed.
// Processed deliveries are removed after KEEP_DAYS.
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { purgeHeldStatuses } from '../statuses';
import { validateWebhookPayload } from '../inbound-schema';
import { readDelivery, type WebhookDelivery } from './payload';

const MAX_ATTEMPTS = 20;
/** The first retry waits this long, each next one twice as long, up to MAX_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** How long a claimed delivery is left alone by other instances. */
const CLAIM_MS = 5 * 60_000;
const KEEP_DAYS = 7;
const PURGE_EVERY_MS = 60 * 60_000;
const ERROR_MAX = 500;

const plain = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, ERROR_MAX) ||
  'no reason given';

/** Milliseconds before attempt `attempts + 1`, with up to 20% jitter so that many failures do not retry together. */
export const backoffMs = (attempts: number, random = Math.random) =>
  Math.round(Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS) * (1 + 0.2 * random()));

export function webhookWorker(options: {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  process: (delivery: WebhookDelivery, eventId: string) => Promise<void>;
  /** How often unprocessed deliveries are looked for (default 30 s). */
  retryMs?: number;
}) {
  const { db, log } = options;
  let queue: Promise<void> = Promise.resolve();
  let queued = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastPurge = 0;

  const finish = (id: string, error: string | null) =>
    db
      .updateTable('whatsapp_events')
      .set({ processed_at: sql<Date>`now()`, last_error: error })
      .where('id', '=', id)
      .execute();

  async function work(id: string): Promise<void> {
    const claimed = await db
      .updateTable('whatsapp_events')
      .set({
        attempts: sql<number>`attempts + 1`,
        next_attempt_at: sql<Date>`now() + ${`${CLAIM_MS} milliseconds`}::interval`,
      })
      .where('id', '=', id)
      .where('processed_at', 'is', null)
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .returning(['body', 'attempts'])
      .executeTakeFirst();
    if (!claimed) return;
    let body: unknown;
    try {
      // PostgreSQL's text and jsonb hold no NUL character: one sent as \u0000 is dropped here, once,
      // so that a message carrying it is stored (without it) instead of failing every retry.
      body = JSON.parse(claimed.body, (_key, value: unknown) =>
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
    try {
      await options.process(delivery.value, id);
      await finish(id, null);
    } catch (error) {
      const reason = plain(error);
      if (claimed.attempts >= MAX_ATTEMPTS) {
        log.error({ eventId: id, attempts: claimed.attempts, error: reason }, 'gave up on a WhatsApp webhook');
        await finish(id, `gave up after ${claimed.attempts} attempts: ${reason}`);
        return;
      }
      const wait = backoffMs(claimed.attempts);
      log.warn(
        { eventId: id, attempts: claimed.attempts, retryInMs: wait, error: reason },
        'processing a WhatsApp webhook failed; it will be retried',
      );
      await db
        .updateTable('whatsapp_events')
        .set({ last_error: reason, next_attempt_at: sql<Date>`now() + ${`${wait} milliseconds`}::interval` })
        .where('id', '=', id)
        .execute();
    }
  }

  function enqueue(id: string) {
    queued++;
    queue = queue
      .then(() => work(id))
      .catch((error) => log.error({ err: error, eventId: id }, 'the WhatsApp webhook worker failed'))
      .finally(() => {
        queued--;
      });
  }

  async function sweep() {
    if (stopped) return;
    try {
      // whatsapp_events_unprocessed (migration 016).
      const due = await db
        .selectFrom('whatsapp_events')
        .select('id')
        .where('processed_at', 'is', null)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(100)
        .execute();
      for (const row of due) enqueue(row.id);
      if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await db
          .deleteFrom('whatsapp_events')
          .where('processed_at', '<', sql<Date>`now() - ${`${KEEP_DAYS} days`}::interval`)
          .execute();
        await purgeHeldStatuses(db, new Date());
      }
    } catch (error) {
      log.error({ err: error }, 'looking for unprocessed WhatsApp webhooks failed');
    }
  }

  return {
    /** A delivery was just stored: processed after those before it. */
    received(id: string) {
      if (!stopped) enqueue(id);
    },
    start() {
      stopped = false;
      void sweep();
      timer = setInterval(() => void sweep(), options.retryMs ?? 30_000);
      timer.unref();
    },
    /** Stops looking for work and waits for what was taken. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      while (queued > 0) await queue;
    },
    /** Resolves when every delivery queued so far has been worked on. */
    async idle() {
      while (queued > 0) await queue;
    },
  };
}
