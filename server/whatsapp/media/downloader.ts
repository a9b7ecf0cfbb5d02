// Customers' photos, documents, voice notes, videos and stickers, kept safe.
// The webhook stores the message at once with its
// attachment pending and queues its download here; a worker then asks Graph
// for the media URL (retrieveMediaUrl), downloads the file with the token,
// checks its SHA-256 against WhatsApp's and stores it in DATA_DIR/media under
// a random name, and the attachment becomes ready (file, size, mimeType).
//
// A failed attempt is tried again with exponential backoff and jitter (30 s,
// 1 min, 2 min … at most 6 h apart) for 7 days from the first attempt; then,
// or at once when WhatsApp says the media does not exist, or after 5
// downloads whose hash did not match, or for a file over the size limit
// (files.ts MAX_BYTES), the attachment is marked expired. Each change is
// announced as a conversation_update event: the dashboard refetches that
// conversation's messages (src/lib/realtime/events.ts).
//
// The queue lives in the database (migration 018), so a restart resumes it:
// start() queues any pending attachment that lost its job and runs what is
// due, and a timer (unref'd) runs due jobs every `pollMs`.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { EventBus } from '../../realtime/events';
import { cleanMimeType, hashMatches, maxBytesFor, mediaFiles, type ReceivedFile } from './files';
import { graphMedia, PermanentMediaError, TransientMediaError, type GraphMedia } from './graph-media';
import { mediaRepository, type DownloadJob } from './repository';
import { clip } from '../../text';

export type MediaLog = {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
};

export type MediaDownloaderOptions = {
  db: Kysely<DB>;
  events: EventBus;
  /** Where Graph is (WHATSAPP_GRAPH_URL), the token (WHATSAPP_ACCESS_TOKEN) and the API version (default v23.0). */
  graph: { graphUrl: string; accessToken: string; version?: string };
  /** DATA_DIR/media (files.ts mediaDirOf). */
  dir: string;
  now?: () => Date;
  fetch?: (input: Request) => Promise<Response>;
  log?: MediaLog;
  /** Between 0 and 1: the jitter's randomness (tests fix it). */
  random?: () => number;
  /** How often the timer looks for due jobs (default 30 s). */
  pollMs?: number;
  /** Timeouts of the Graph calls (defaults: 20 s to retrieve the URL, 5 minutes to download). */
  retrieveTimeoutMs?: number;
  downloadTimeoutMs?: number;
};

export type MediaDownloader = {
  /**
   * Queues the download of a message's pending attachment (read from the
   * stored message; call it after the message is committed). A message
   * already queued, or no longer pending, adds nothing. Resolves true when a
   * job was added; the worker starts on it at once.
   */
  enqueue(messageId: number, attachment?: unknown): Promise<boolean>;
  /** enqueue as the webhook's onMediaPending hook takes it (resolves to nothing). */
  onMediaPending(messageId: number, attachment?: unknown): Promise<void>;
  /** Runs every due job once (the timer and enqueue call it); resolves when done. */
  runDue(): Promise<{ ready: number; retried: number; expired: number }>;
  /** Resumes after a restart (orphans queued, due jobs run) and starts the timer. */
  start(): Promise<void>;
  /** Stops the timer and waits for the run in progress. */
  stop(): Promise<void>;
  /** Resolves when no run is in progress. */
  idle(): Promise<void>;
};

/** How long media is retried, from the first attempt: WhatsApp's own horizon for undelivered webhooks. */
export const GIVE_UP_AFTER_MS = 7 * 24 * 3_600_000;
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 6 * 3_600_000;
/** Downloads whose SHA-256 differs from WhatsApp's before the media is given up as corrupt. */
export const MAX_MISMATCHES = 5;
/** A taken job is not taken again for this long (longer than the download timeout). */
const LEASE_MS = 10 * 60_000;
const BATCH = 10;
const ERROR_MAX = 500;

/** The wait before attempt `failures + 1`: doubling from 30 s, at most 6 h, then between half and all of it. */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.5 + random() / 2));
}

type Outcome = { kind: 'ready' } | { kind: 'retry'; mismatch: boolean } | { kind: 'expired' } | { kind: 'skipped' };

export function mediaDownloader(options: MediaDownloaderOptions): MediaDownloader {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const noop = () => {};
  const log: MediaLog = options.log ?? { info: noop, warn: noop, error: noop };
  const repository = mediaRepository(options.db);
  const files = mediaFiles(options.dir);
  const graph: GraphMedia = graphMedia({
    ...options.graph,
    fetch: options.fetch,
    retrieveTimeoutMs: options.retrieveTimeoutMs,
    downloadTimeoutMs: options.downloadTimeoutMs,
  });

  let running: Promise<{ ready: number; retried: number; expired: number }> | undefined;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  function announce(conversationId: number | undefined) {
    if (conversationId !== undefined)
      options.events.publish({ type: 'conversation_update', data: { id: conversationId } });
  }

  async function expire(job: DownloadJob, reason: string): Promise<Outcome> {
    announce(await repository.finish(job.messageId, { state: 'expired' }));
    log.warn(`media of message ${job.messageId} is given up (attachment expired): ${reason}`);
    return { kind: 'expired' };
  }

  async function fail(job: DownloadJob, error: TransientMediaError, mismatch = false): Promise<Outcome> {
    const failures = job.attempts + 1;
    const mismatches = job.mismatches + (mismatch ? 1 : 0);
    if (mismatches >= MAX_MISMATCHES) return expire(job, `${mismatches} downloads did not match WhatsApp's SHA-256`);
    const at = now().getTime();
    const deadline = job.firstTriedAt.getTime() + GIVE_UP_AFTER_MS;
    if (at >= deadline) return expire(job, `still failing 7 days after the first attempt: ${error.message}`);
    // The last attempt falls on the deadline itself rather than past it.
    const next = new Date(Math.min(at + backoffMs(failures, random), deadline));
    await repository.reschedule(job.messageId, next, clip(error.message, ERROR_MAX), mismatch);
    const line = `media of message ${job.messageId}: attempt ${failures} failed (${error.message}); next at ${next.toISOString()}`;
    if (error.needsOperator) log.error(line);
    else log.warn(line);
    return { kind: 'retry', mismatch };
  }

  async function attempt(job: DownloadJob): Promise<Outcome> {
    let received: ReceivedFile | undefined;
    try {
      if (!job.pending) {
        // Finished elsewhere, or no longer waiting for a file: the job just goes.
        await repository.finish(job.messageId, {});
        return { kind: 'skipped' };
      }
      const info = await graph.retrieve(job.mediaId);
      const maxBytes = maxBytesFor(job.kind ?? undefined);
      if (info.fileSize !== undefined && info.fileSize > maxBytes)
        throw new PermanentMediaError(`the file is ${info.fileSize} bytes, over the ${maxBytes}-byte limit`);
      const downloaded = await graph.download(info.url, maxBytes);
      received = await files.write(downloaded.bytes);
      // WhatsApp gives the hash twice (the webhook's, base64; retrieveMediaUrl's, hex, for the very
      // URL downloaded): a corrupted or substituted file matches neither; one matching is enough, so
      // that a discrepancy between Meta's two answers does not lose a customer's file.
      const expected = [job.sha256, info.sha256].filter((hash): hash is string => !!hash);
      const matching = expected.filter((hash) => hashMatches(received!.sha256, hash));
      if (expected.length > 0 && matching.length === 0) {
        await files.discard(received.temp);
        received = undefined;
        return fail(job, new TransientMediaError("the file's SHA-256 does not match WhatsApp's"), true);
      }
      if (expected.length === 0) log.warn(`media of message ${job.messageId}: WhatsApp gave no SHA-256 to check`);
      else if (matching.length < expected.length)
        log.warn(`media of message ${job.messageId}: the file matches one of WhatsApp's two SHA-256 values only`);
      const mimeType = cleanMimeType(info.mimeType ?? job.mimeType);
      const file = await files.keep(received, mimeType);
      const size = received.size;
      received = undefined;
      const conversationId = await repository.finish(job.messageId, {
        state: 'ready',
        file,
        size,
        mimeType,
        ...(!job.sha256 && info.sha256 && { sha256: info.sha256 }),
      });
      if (conversationId === undefined) {
        // Finished elsewhere meanwhile (another instance), or the message is gone: this copy is not needed.
        await files.discard(file);
        return { kind: 'skipped' };
      }
      announce(conversationId);
      return { kind: 'ready' };
    } catch (error) {
      if (received) await files.discard(received.temp);
      if (error instanceof PermanentMediaError) return expire(job, error.message);
      if (error instanceof TransientMediaError) return fail(job, error);
      // A bug or the database: the job stays leased and comes back when the lease ends.
      log.error(`media of message ${job.messageId}: ${(error as Error).message}`);
      throw error;
    }
  }

  async function runOnce() {
    const totals = { ready: 0, retried: 0, expired: 0 };
    for (;;) {
      const at = now();
      const jobs = await repository.claimDue(at, new Date(at.getTime() + LEASE_MS), BATCH);
      for (const job of jobs) {
        const outcome = await attempt(job).catch(() => ({ kind: 'skipped' }) as const);
        if (outcome.kind === 'ready') totals.ready++;
        else if (outcome.kind === 'retry') totals.retried++;
        else if (outcome.kind === 'expired') totals.expired++;
      }
      if (jobs.length < BATCH) break;
    }
    return totals;
  }

  function runDue() {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const totals = { ready: 0, retried: 0, expired: 0 };
      try {
        do {
          again = false;
          const round = await runOnce();
          totals.ready += round.ready;
          totals.retried += round.retried;
          totals.expired += round.expired;
        } while (again);
      } finally {
        running = undefined;
      }
      return totals;
    })();
    return running;
  }

  const kick = () => {
    runDue().catch((error: Error) => log.error(`media downloads: ${error.message}`));
  };

  async function enqueue(messageId: number) {
    const added = await repository.enqueue(messageId, now());
    if (added) kick();
    return added;
  }

  return {
    enqueue,
    async onMediaPending(messageId: number) {
      await enqueue(messageId);
    },
    runDue,
    async start() {
      // Real time, not the injected clock: file times are the file system's.
      await files.removeStaleParts(new Date(), 2 * LEASE_MS);
      const orphans = await repository.enqueueOrphans(now());
      if (orphans > 0) log.info(`media downloads: queued ${orphans} pending attachment(s) that had no job`);
      if (!timer) {
        timer = setInterval(kick, options.pollMs ?? 30_000);
        timer.unref();
      }
      kick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
    async idle() {
      while (running) await running.catch(() => {});
    },
  };
}
