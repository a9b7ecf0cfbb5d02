// Works through stored M-Pesa callbacks (mpesa_callbacks), one at a time in
// the order received: the one just stored at once, and, at start and every
// `retryMs`, any still unprocessed (stored while the server was stopping, or
// failed earlier and due again). The loop is server/jobs/worker.ts; a
// callback is claimed as whatsapp_events are (next_attempt_at moved forward
// in the statement that reads it). A failure (the database unreachable, a
// bug) is retried with backoff and given up after MAX_ATTEMPTS, logged as an
// error; a callback that can never be read is marked processed with the
// reason. Processed callbacks are kept: each payment names its callback.
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import type { Backoff } from '../../../jobs/backoff';
import { jobWorker, type JobQueue } from '../../../jobs/worker';
import { UnreadableCallback } from './process';

const MAX_ATTEMPTS = 20;
/** 5 s doubling, at most an hour, plus up to 20% (server/jobs/backoff.ts). */
const CALLBACK_BACKOFF: Backoff = { firstMs: 5_000, maxMs: 60 * 60_000, jitter: [1, 1.2] };
/** How long a claimed callback is left alone by other instances. */
const CLAIM_MS = 5 * 60_000;

type Claimed = { id: string; kind: 'stk' | 'c2b_confirmation'; body: string; attempts: number };

export function callbackWorker(options: {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  process: (callback: Claimed) => Promise<void>;
  /** How often unprocessed callbacks are looked for (default 30 s). */
  retryMs?: number;
}) {
  const { db, log } = options;

  const finish = (id: string, error: string | null) =>
    db
      .updateTable('mpesa_callbacks')
      .set({ processed_at: sql<Date>`now()`, last_error: error })
      .where('id', '=', id)
      .execute();

  async function run(callback: Claimed): Promise<void> {
    try {
      await options.process(callback);
    } catch (error) {
      if (!(error instanceof UnreadableCallback)) throw error;
      log.warn({ callbackId: callback.id, error: error.message }, 'an M-Pesa callback cannot be processed: kept');
      await finish(callback.id, error.message);
      return;
    }
    await finish(callback.id, null);
  }

  const queue: JobQueue<Claimed> = {
    name: 'the M-Pesa callback worker',
    async claim(_now, limit) {
      const claimed = await sql<Claimed>`
        update mpesa_callbacks
        set attempts = attempts + 1, next_attempt_at = now() + ${`${CLAIM_MS} milliseconds`}::interval
        where id in (
          select id from mpesa_callbacks
          where processed_at is null and next_attempt_at <= now()
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked
        )
        returning id, kind, body, attempts`.execute(db);
      return claimed.rows.map((row) => ({ ...row, id: String(row.id) }));
    },
    run,
    attempt: (callback) => callback.attempts,
    async reschedule({ id }, { attempt, error, delayMs }) {
      log.warn(
        { callbackId: id, attempts: attempt, retryInMs: delayMs, error },
        'processing an M-Pesa callback failed; it will be retried',
      );
      await db
        .updateTable('mpesa_callbacks')
        .set({ last_error: error, next_attempt_at: sql<Date>`now() + ${`${delayMs} milliseconds`}::interval` })
        .where('id', '=', id)
        .execute();
    },
    async giveUp({ id }, { attempt, error }) {
      log.error({ callbackId: id, attempts: attempt, error }, 'gave up on an M-Pesa callback');
      await finish(id, `gave up after ${attempt} attempts: ${error}`);
    },
  };
  const worker = jobWorker(queue, {
    backoff: CALLBACK_BACKOFF,
    maxAttempts: MAX_ATTEMPTS,
    batch: 1,
    pollMs: options.retryMs ?? 30_000,
    log: (message, error) => log.error({ err: error }, message),
  });

  return {
    /** A callback was just stored: processed after those before it. */
    received: () => worker.kick(),
    start: () => worker.start(),
    /** Stops looking for work and waits for the callback in hand. */
    stop: () => worker.stop(),
    /** Resolves when every callback due so far has been worked on. */
    idle: () => worker.idle(),
  };
}
