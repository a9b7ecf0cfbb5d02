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
// The queue lives in the database (migration 018) and is run by
// server/jobs/worker.ts, so a restart resumes it: start() queues any pending
// attachment that lost its job and runs what is due, and a timer (unref'd)
// runs due jobs every `pollMs`.
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import type { EventBus } from '../../../realtime/events';
import { cleanMimeType, hashMatches, maxBytesFor, mediaFiles, type ReceivedFile } from './files';
import { graphMedia, PermanentMediaError, TransientMediaError, type GraphMedia } from './graph-media';
import { mediaRepository, type DownloadJob } from './repository';
import type { Backoff } from '../../../jobs/backoff';
import { errorText } from '../../../jobs/error-text';
import { jobWorker, type JobQueue } from '../../../jobs/worker';

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
/** 30 s doubling, at most 6 h apart, then between half and all of it (server/jobs/backoff.ts). */
export const MEDIA_BACKOFF: Backoff = { firstMs: 30_000, maxMs: 6 * 3_600_000 };
/** Downloads whose SHA-256 differs from WhatsApp's before the media is given up as corrupt. */
export const MAX_MISMATCHES = 5;
/** A taken job is not taken again for this long (longer than the download timeout). */
const LEASE_MS = 10 * 60_000;
const BATCH = 10;

/** A downloaded file that is not the one WhatsApp hashed: tried again, and counted. */
class MismatchError extends TransientMediaError {}

export function mediaDownloader(options: MediaDownloaderOptions): MediaDownloader {
  const now = options.now ?? (() => new Date());
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

  function announce(conversationId: number | undefined) {
    if (conversationId !== undefined)
      options.events.publish({ type: 'conversation_update', data: { id: conversationId } });
  }

  /** Downloads one job's file; resolves false when there was nothing to do, throws a media error to retry or expire. */
  async function attempt(job: DownloadJob): Promise<boolean> {
    let received: ReceivedFile | undefined;
    try {
      if (!job.pending) {
        // Finished elsewhere, or no longer waiting for a file: the job just goes.
        await repository.finish(job.messageId, {});
        return false;
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
      if (expected.length > 0 && matching.length === 0)
        throw new MismatchError("the file's SHA-256 does not match WhatsApp's");
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
        return false;
      }
      announce(conversationId);
      return true;
    } finally {
      if (received) await files.discard(received.temp);
    }
  }

  const queue: JobQueue<DownloadJob> = {
    name: 'media downloads',
    claim: (at, limit) => repository.claimDue(at, new Date(at.getTime() + LEASE_MS), limit),
    run: attempt,
    attempt: (job) => job.attempts + 1,
    deadline: (job) => new Date(job.firstTriedAt.getTime() + GIVE_UP_AFTER_MS),
    judge(error, job) {
      if (error instanceof PermanentMediaError) return { giveUp: true };
      if (error instanceof MismatchError && job.mismatches + 1 >= MAX_MISMATCHES) return { giveUp: true };
      if (error instanceof TransientMediaError) return { retry: true };
      // A bug or the database: the job stays leased and comes back when the lease ends.
      log.error(`media of message ${job.messageId}: ${errorText(error)}`);
      return { leave: true };
    },
    async reschedule(job, { attempt, error, at, cause }) {
      await repository.reschedule(job.messageId, at, error, cause instanceof MismatchError);
      const line = `media of message ${job.messageId}: attempt ${attempt} failed (${(cause as Error).message}); next at ${at.toISOString()}`;
      if ((cause as TransientMediaError).needsOperator) log.error(line);
      else log.warn(line);
    },
    async giveUp(job, { why, cause }) {
      const message = (cause as Error).message;
      const reason =
        cause instanceof MismatchError && why === 'permanent'
          ? `${job.mismatches + 1} downloads did not match WhatsApp's SHA-256`
          : why === 'deadline'
            ? `still failing 7 days after the first attempt: ${message}`
            : message;
      announce(await repository.finish(job.messageId, { state: 'expired' }));
      log.warn(`media of message ${job.messageId} is given up (attachment expired): ${reason}`);
    },
  };
  const worker = jobWorker(queue, {
    backoff: MEDIA_BACKOFF,
    batch: BATCH,
    pollMs: options.pollMs ?? 30_000,
    now,
    random: options.random,
    log: (message, error) => log.error(`${message}: ${errorText(error)}`),
  });

  async function enqueue(messageId: number) {
    const added = await repository.enqueue(messageId, now());
    if (added) worker.kick();
    return added;
  }

  return {
    enqueue,
    async onMediaPending(messageId: number) {
      await enqueue(messageId);
    },
    async runDue() {
      const { done, retried, failed } = await worker.runDue();
      return { ready: done, retried, expired: failed };
    },
    async start() {
      // Real time, not the injected clock: file times are the file system's.
      await files.removeStaleParts(new Date(), 2 * LEASE_MS);
      const orphans = await repository.enqueueOrphans(now());
      if (orphans > 0) log.info(`media downloads: queued ${orphans} pending attachment(s) that had no job`);
      worker.start();
    },
    stop: () => worker.stop(),
    idle: () => worker.idle(),
  };
}
