// The job primitive (server/jobs): the one backoff, the stored error text,
// and the worker loop, shown with a queue a future job would be ("payment
// callbacks": a table, its SQL, a few callbacks and the configuration) over
// PGlite: it retries with backoff, gives up after its attempts or its
// deadline, stops and resumes.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection';
import { backoff } from '../../jobs/backoff';
import { ERROR_TEXT_MAX, errorText } from '../../jobs/error-text';
import { jobWorker, type JobQueue, type JobWorkerOptions } from '../../jobs/worker';
import { OUTBOX_BACKOFF } from '../../delivery/outbox/sender';
import { MEDIA_BACKOFF } from '../../channels/whatsapp/media/downloader';
import { WEBHOOK_BACKOFF } from '../../channels/whatsapp/webhook/worker';

const low = () => 0;
const high = () => 0.999_999;

describe('backoff', () => {
  it('doubles from the first wait, with jitter (half to all), capped', () => {
    expect([1, 2, 3, 4].map((n) => backoff(n, OUTBOX_BACKOFF, low))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect([1, 2, 3, 4].map((n) => backoff(n, OUTBOX_BACKOFF, high))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoff(20, OUTBOX_BACKOFF, high)).toBe(300_000);
    // Attempt 0 (never failed) waits as long as the first failure.
    expect(backoff(0, OUTBOX_BACKOFF, high)).toBe(2_000);
  });

  it('is each queue’s own schedule: media 30 s to 6 h, webhooks 5 s to 1 h plus up to 20%', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((n) => backoff(n, MEDIA_BACKOFF, middle))).toEqual([22_500, 45_000, 90_000, 180_000]);
    expect(backoff(30, MEDIA_BACKOFF, low)).toBe(3 * 3_600_000);
    expect([1, 2, 3].map((n) => backoff(n, WEBHOOK_BACKOFF, low))).toEqual([5_000, 10_000, 20_000]);
    expect(backoff(1, WEBHOOK_BACKOFF, high)).toBe(6_000);
    expect(backoff(40, WEBHOOK_BACKOFF, low)).toBe(3_600_000);
  });
});

describe('errorText', () => {
  it('is one line, never empty, and at most ERROR_TEXT_MAX characters', () => {
    expect(errorText(new Error('gateway\n  down '))).toBe('gateway down');
    expect(errorText(new Error('  '))).toBe('no reason given');
    expect(errorText('a string')).toBe('a string');
    const long = errorText(new Error('😀'.repeat(2 * ERROR_TEXT_MAX)));
    expect(Array.from(long)).toHaveLength(ERROR_TEXT_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});

// A future job, as it would be written: its table and SQL, the callbacks, the configuration.
type Callback = { id: number; attempts: number; created_at: Date };
type Outcome = { id: number; why: string; error: string };

function paymentCallbacks(
  db: Kysely<unknown>,
  deliver: (id: number) => Promise<void>,
  options: Partial<JobWorkerOptions> & { deadlineMs?: number; permanent?: (error: unknown) => boolean },
) {
  const now = options.now ?? (() => new Date());
  const givenUp: Outcome[] = [];
  const queue: JobQueue<Callback> = {
    name: 'payment callbacks',
    async claim(at, limit) {
      const leaseUntil = new Date(at.getTime() + 60_000);
      const rows = await sql<Callback>`
        update payment_callbacks set next_attempt_at = ${leaseUntil}
        where id in (
          select id from payment_callbacks where done_at is null and next_attempt_at <= ${at}
          order by next_attempt_at, id limit ${limit} for update skip locked)
        returning id, attempts, created_at`.execute(db);
      // An update's returning rows come in no set order: first due first, again.
      return rows.rows.sort((a, b) => a.id - b.id);
    },
    async run({ id }) {
      await deliver(id);
      await sql`update payment_callbacks set done_at = ${now()}, next_attempt_at = null where id = ${id}`.execute(db);
    },
    attempt: (job) => job.attempts + 1,
    async reschedule({ id }, { error, at }) {
      await sql`update payment_callbacks set attempts = attempts + 1, last_error = ${error}, next_attempt_at = ${at}
        where id = ${id}`.execute(db);
    },
    async giveUp({ id }, { error, why }) {
      givenUp.push({ id, why, error });
      await sql`update payment_callbacks set attempts = attempts + 1, last_error = ${error}, done_at = ${now()},
        next_attempt_at = null where id = ${id}`.execute(db);
    },
    judge: (error) => (options.permanent?.(error) ? { giveUp: true } : { retry: true }),
    ...(options.deadlineMs !== undefined && {
      deadline: (job: Callback) => new Date(new Date(job.created_at).getTime() + options.deadlineMs!),
    }),
    async nextDue() {
      const row = await sql<{ at: Date | null }>`
        select min(next_attempt_at) as at from payment_callbacks where done_at is null`.execute(db);
      return row.rows[0]?.at ? new Date(row.rows[0].at) : null;
    },
  };
  const worker = jobWorker(queue, { backoff: { firstMs: 1_000, maxMs: 8_000 }, maxAttempts: 5, ...options });
  return { worker, givenUp };
}

let database: Database;
let db: Kysely<unknown>;
const clock = { now: new Date('2026-03-10T11:00:00.000Z') };
const now = () => clock.now;
const later = (ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};

beforeAll(async () => {
  database = await openDatabase({});
  db = database.db as unknown as Kysely<unknown>;
  await sql`create table payment_callbacks (
    id serial primary key,
    created_at timestamptz not null,
    attempts integer not null default 0,
    last_error text,
    next_attempt_at timestamptz,
    done_at timestamptz)`.execute(db);
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  clock.now = new Date('2026-03-10T11:00:00.000Z');
  await sql`truncate payment_callbacks`.execute(db);
});

async function queueCallback(): Promise<number> {
  const row = await sql<{ id: number }>`
    insert into payment_callbacks (created_at, next_attempt_at) values (${clock.now}, ${clock.now})
    returning id`.execute(db);
  return row.rows[0]!.id;
}
async function callback(id: number) {
  const row = await sql<{
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date | null;
    done_at: Date | null;
  }>`
    select attempts, last_error, next_attempt_at, done_at from payment_callbacks where id = ${id}`.execute(db);
  return row.rows[0]!;
}
const waitFor = (ms: number) => new Date(clock.now.getTime() + ms);

describe('a job worker', () => {
  it('retries a failed job with backoff, not before it is due, until it succeeds', async () => {
    const failures = ['the bank is down', 'the bank is still down'];
    const calls: number[] = [];
    const { worker } = paymentCallbacks(
      db,
      async (id) => {
        calls.push(id);
        const failure = failures.shift();
        if (failure) throw new Error(failure);
      },
      { now, random: () => 0.5 },
    );
    const id = await queueCallback();

    expect(await worker.runDue()).toEqual({ done: 0, retried: 1, failed: 0 });
    // 1 s, three quarters of it with this jitter.
    expect(await callback(id)).toMatchObject({
      attempts: 1,
      last_error: 'the bank is down',
      next_attempt_at: waitFor(750),
    });
    later(500);
    expect(await worker.runDue()).toEqual({ done: 0, retried: 0, failed: 0 });
    later(250);
    expect(await worker.runDue()).toEqual({ done: 0, retried: 1, failed: 0 });
    // Doubled.
    expect(await callback(id)).toMatchObject({ attempts: 2, next_attempt_at: waitFor(1_500) });
    later(1_500);
    expect(await worker.runDue()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect((await callback(id)).done_at).toEqual(clock.now);
    expect(calls).toEqual([id, id, id]);
    await worker.stop();
  });

  it('gives a job up after its attempts, with the error clipped, and at once when it can never succeed', async () => {
    const { worker, givenUp } = paymentCallbacks(
      db,
      async (id) => {
        throw new Error(id % 2 === 0 ? 'refused: unknown account' : `timeout\n${'x'.repeat(1_000)}`);
      },
      { now, random: () => 0, permanent: (error) => (error as Error).message.startsWith('refused') },
    );
    const failing = await queueCallback();
    const refused = await queueCallback();
    const [odd, even] = failing % 2 === 1 ? [failing, refused] : [refused, failing];
    for (let i = 0; i < 5; i++) {
      await worker.runDue();
      later(60_000);
    }
    expect(givenUp.map((outcome) => [outcome.id, outcome.why])).toEqual([
      [even, 'permanent'],
      [odd, 'attempts'],
    ]);
    expect(await callback(even)).toMatchObject({ attempts: 1, last_error: 'refused: unknown account' });
    const gaveUp = await callback(odd);
    expect(gaveUp.attempts).toBe(5);
    expect(gaveUp.last_error).toHaveLength(ERROR_TEXT_MAX);
    expect(gaveUp.last_error).toMatch(/^timeout x+…$/);
    await worker.stop();
  });

  it('lands the last attempt on the deadline, and gives up when it fails there', async () => {
    const { worker, givenUp } = paymentCallbacks(
      db,
      async () => {
        throw new Error('the bank is down');
      },
      { now, random: high, maxAttempts: undefined, deadlineMs: 10_000 },
    );
    const id = await queueCallback();
    const first = clock.now.getTime();
    const waits: number[] = [];
    for (let guard = 0; guard < 20; guard++) {
      await worker.runDue();
      const { next_attempt_at } = await callback(id);
      if (!next_attempt_at) break;
      waits.push(next_attempt_at.getTime() - clock.now.getTime());
      clock.now = next_attempt_at;
    }
    // 1, 2, 4 s, then what is left of the 10 s.
    expect(waits).toEqual([1_000, 2_000, 4_000, 3_000]);
    expect(clock.now.getTime() - first).toBe(10_000);
    expect(givenUp).toEqual([{ id, why: 'deadline', error: 'the bank is down' }]);
    await worker.stop();
  });

  it('finishes the job in hand when stopped, ignores nudges until started again, then resumes', async () => {
    let release!: () => void;
    const done: number[] = [];
    const { worker } = paymentCallbacks(
      db,
      async (id) => {
        if (done.length === 0) await new Promise<void>((resolve) => (release = resolve));
        done.push(id);
      },
      { now },
    );
    const first = await queueCallback();
    const second = await queueCallback();
    worker.kick();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const stopped = worker.stop();
    release();
    await stopped;
    // The first was in hand; the second, claimed with it, was not begun.
    expect(done).toEqual([first]);
    const third = await queueCallback();
    worker.kick();
    await worker.idle();
    expect(done).toEqual([first]);

    // Started again, after the second's lease: both left are done.
    later(60_000);
    worker.start();
    await worker.idle();
    expect(done).toEqual([first, second, third]);
    await worker.stop();
  });

  it('looks again when nudged during a run, and wakes on its own when a retry falls due', async () => {
    const done: number[] = [];
    let failOnce = true;
    let queued: Promise<number> | undefined;
    const { worker } = paymentCallbacks(
      db,
      async (id) => {
        // A callback queued while the run is busy is done by the same runDue.
        queued ??= queueCallback().then((next) => (worker.kick(), next));
        await queued;
        if (failOnce) {
          failOnce = false;
          throw new Error('busy');
        }
        done.push(id);
      },
      // The real clock and short waits: the timer set for the next due job runs it.
      { backoff: { firstMs: 200, maxMs: 200, jitter: [1, 1] } },
    );
    const id = await queueCallback();
    expect(await worker.runDue()).toEqual({ done: 1, retried: 1, failed: 0 });
    const next = await queued!;
    expect(done).toEqual([next]);
    for (let i = 0; i < 200 && done.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await worker.idle();
    expect(done).toEqual([next, id]);
    await worker.stop();
  });
});
