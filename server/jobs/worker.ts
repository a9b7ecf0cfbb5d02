// The worker loop of a durable queue: jobs live in a table of their own (the
// outbox, whatsapp_events, whatsapp_media_downloads …) and this loop claims
// the due ones, runs each, and stores a failure to be tried again after a
// backoff, or given up (never possible, too many attempts, past its deadline).
//
// What differs from queue to queue (its table, how a job is claimed and
// leased, what a failure means) is the queue's callbacks; what is the same
// (the loop, the backoff, the error text, the timers, stopping) is here. A
// run is started by a nudge (kick: a job was just queued), by the poll timer
// (pollMs) and by a timer set for the next job due (nextDue); a nudge during
// a run makes the run look again when it ends, so nothing queued is missed
// and two runs never overlap. stop() ends the loop after the job in hand and
// waits for it; start() resumes it: the jobs are in the database, nothing is
// lost in between.
import { backoff, type Backoff } from './backoff';
import { errorText } from './error-text';

/** What a failed attempt means, as the queue judges it. */
export type Verdict =
  /** Try again after the backoff, and no sooner than notBeforeMs (a rate limit's wait). */
  | { retry: true; notBeforeMs?: number }
  /** It can never succeed: given up at once. */
  | { giveUp: true }
  /**
   * Not the job's failure (a bug, the database): nothing is stored, and the
   * job comes back when its lease ends or at the next run. The queue logs it.
   */
  | { leave: true };

/** A failed attempt, as the queue stores it. */
export type Failure = {
  /** The attempt that failed: 1 for the first. */
  attempt: number;
  /** The error's text for last_error (errorText: one line, clipped). */
  error: string;
  /** What was thrown. */
  cause: unknown;
};

/** Why a job was given up. */
export type GiveUpReason = 'permanent' | 'attempts' | 'deadline';

export type JobQueue<Job> = {
  /** Names the queue in log lines. */
  name: string;
  /**
   * Takes up to `limit` due jobs, first due first, leasing them (moving their
   * due time past the run) when another worker may be looking too.
   */
  claim(now: Date, limit: number): Promise<Job[]>;
  /** Works on one job: resolves when it is done (false: there was nothing to do), throws when it failed. */
  run(job: Job): Promise<boolean | void>;
  /** The number of the attempt that just ran (1 for the first). */
  attempt(job: Job): number;
  /** Stores a failed attempt, to be tried again at `at` (`delayMs` from now). */
  reschedule(job: Job, failure: Failure & { at: Date; delayMs: number }): Promise<void>;
  /** Stores a job given up. */
  giveUp(job: Job, failure: Failure & { why: GiveUpReason }): Promise<void>;
  /** What a failure means (default: try again). */
  judge?(error: unknown, job: Job): Verdict;
  /** The latest time the job is tried: the last attempt falls on it; failing then, it is given up. */
  deadline?(job: Job): Date;
  /** When the next waiting job falls due (null when none waits): a timer wakes the loop then. */
  nextDue?(): Promise<Date | null>;
};

export type JobWorkerOptions = {
  backoff: Backoff;
  /** Attempts before a job is given up (default: no limit, a deadline or the queue's judgement ends it). */
  maxAttempts?: number;
  /** Jobs claimed at once (default 10); a full batch is followed by another claim. */
  batch?: number;
  /** A timer runs due jobs this often (default: none, only nudges and nextDue). */
  pollMs?: number;
  /** The clock of due times and deadlines (tests move it). */
  now?: () => Date;
  /** 0 ≤ x < 1, for the backoff's jitter (tests fix it). */
  random?: () => number;
  /** Where a failure of the loop itself goes (the database unreachable, a bug in a callback). */
  log?: (message: string, error: unknown) => void;
};

/** What a run did: jobs done, tried again later, given up. */
export type RunTotals = { done: number; retried: number; failed: number };

/** At most what setTimeout takes. */
const MAX_TIMER_MS = 2_147_483_647;
/** A job due now while the loop is between runs: looked at again this soon. */
const MIN_TIMER_MS = 50;

export function jobWorker<Job>(queue: JobQueue<Job>, options: JobWorkerOptions) {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const batch = options.batch ?? 10;
  const log = options.log ?? (() => {});
  let running: Promise<RunTotals> | undefined;
  let again = false;
  let stopped = false;
  let poll: NodeJS.Timeout | undefined;
  let wake: NodeJS.Timeout | undefined;

  async function attempt(job: Job, totals: RunTotals) {
    let cause: unknown;
    try {
      if ((await queue.run(job)) !== false) totals.done++;
      return;
    } catch (error) {
      cause = error;
    }
    const verdict = queue.judge?.(cause, job) ?? { retry: true };
    if ('leave' in verdict) return;
    const failure: Failure = { attempt: queue.attempt(job), error: errorText(cause), cause };
    const at = now().getTime();
    const deadline = queue.deadline?.(job).getTime();
    const why: GiveUpReason | undefined =
      'giveUp' in verdict
        ? 'permanent'
        : options.maxAttempts !== undefined && failure.attempt >= options.maxAttempts
          ? 'attempts'
          : deadline !== undefined && at >= deadline
            ? 'deadline'
            : undefined;
    if (why) {
      await queue.giveUp(job, { ...failure, why });
      totals.failed++;
      return;
    }
    let delayMs = Math.max(
      backoff(failure.attempt, options.backoff, random),
      ('retry' in verdict ? verdict.notBeforeMs : undefined) ?? 0,
    );
    // The last attempt falls on the deadline itself rather than past it.
    if (deadline !== undefined) delayMs = Math.min(delayMs, deadline - at);
    await queue.reschedule(job, { ...failure, at: new Date(at + delayMs), delayMs });
    totals.retried++;
  }

  async function round(totals: RunTotals) {
    for (;;) {
      if (stopped) return;
      const jobs = await queue.claim(now(), batch);
      for (const job of jobs) {
        // Stopping: the jobs not begun stay queued (a leased one comes back when its lease ends).
        if (stopped) return;
        await attempt(job, totals).catch((error) => log(`${queue.name}: storing the outcome of a job failed`, error));
      }
      if (jobs.length < batch) return;
    }
  }

  /** Sets the timer for the next job due (and drops the one set before). */
  async function schedule() {
    if (!queue.nextDue || stopped) return;
    const next = await queue.nextDue();
    if (wake) clearTimeout(wake);
    wake = undefined;
    if (!next || stopped) return;
    const wait = Math.min(Math.max(next.getTime() - now().getTime(), MIN_TIMER_MS), MAX_TIMER_MS);
    wake = setTimeout(() => {
      wake = undefined;
      worker.kick();
    }, wait);
    wake.unref();
  }

  const worker = {
    /** Runs every due job, and again while nudged meanwhile; resolves with what was done. */
    runDue(): Promise<RunTotals> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        const totals: RunTotals = { done: 0, retried: 0, failed: 0 };
        try {
          do {
            again = false;
            await round(totals);
          } while (again && !stopped);
          await schedule().catch((error) => log(`${queue.name}: scheduling the next run failed`, error));
        } finally {
          running = undefined;
        }
        return totals;
      })();
      return running;
    },
    /** A nudge: a job was queued (or is due). Ignored while stopped. */
    kick(): void {
      if (stopped) return;
      worker.runDue().catch((error) => log(`${queue.name}: a run failed`, error));
    },
    /** Resumes after stop(), starts the poll timer and runs what is due. */
    start(): void {
      stopped = false;
      if (!poll && options.pollMs !== undefined) {
        poll = setInterval(() => worker.kick(), options.pollMs);
        poll.unref();
      }
      worker.kick();
    },
    /** Stops the timers and nudges; resolves when the job in hand is finished. */
    async stop(): Promise<void> {
      stopped = true;
      if (poll) clearInterval(poll);
      if (wake) clearTimeout(wake);
      poll = wake = undefined;
      await worker.idle();
    },
    /** Resolves when no run is in progress. */
    async idle(): Promise<void> {
      while (running) await running.catch(() => {});
    },
  };
  return worker;
}
