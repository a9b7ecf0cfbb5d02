// Customers' media: a photo or document a customer sends
// is fetched from a fake Graph API (retrieveMediaUrl, then the download with
// the token), checked against WhatsApp's SHA-256, stored under DATA_DIR/media
// and served to signed-in staff; failures are retried with backoff for 7
// days (a fake clock) and then, or at once when WhatsApp says the media is
// gone, the attachment is marked expired.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWhatsAppMock, type WhatsAppMock } from '../../../../common/whatsapp/prism-mock';
import { openDatabase } from '../../../db/connection';
import type { MessageAttachment } from '../../../db/schema';
import type { RealtimeEvent } from '../../../realtime/events';
import {
  GIVE_UP_AFTER_MS,
  MAX_MISMATCHES,
  mediaDownloader,
  type MediaDownloader,
} from '../../../channels/whatsapp/media/downloader';
import { mediaDirOf } from '../../../channels/whatsapp/media/files';
import { ADMIN, PNG, TEST_NOW, startTestServer, type TestServer } from '../../helpers';
import { postgresUnavailable, startPostgres, type PostgresProcess } from '../../processes';

const TOKEN = 'EAAG-test-token-never-logged';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 7), Buffer.from([0xff, 0xd9])]);
const hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const base64 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64');

type Answer = { status: number; body: unknown };
type FakeMedia = {
  bytes: Buffer;
  mimeType: string;
  /** What retrieveMediaUrl answers instead of the URL, attempt by attempt (undefined: the URL). */
  retrieve?: (attempt: number) => Answer | undefined;
  /** Downloads that send other bytes than `bytes` (a corrupted transfer). */
  corrupt?: number;
  /** The size retrieveMediaUrl claims (default: the real one). */
  fileSize?: number;
};

/** A Graph API on 127.0.0.1: GET /v23.0/{Media-ID} and the download of the URL it gives. */
async function fakeGraph() {
  const media = new Map<string, FakeMedia>();
  const requests: { path: string; authorization?: string; userAgent?: string }[] = [];
  const retrieves = new Map<string, number>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url!, 'http://x').pathname;
    requests.push({ path, authorization: request.headers.authorization, userAgent: request.headers['user-agent'] });
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.headers.authorization !== `Bearer ${TOKEN}`)
      return json(401, { error: { message: 'Invalid OAuth access token.', code: 190 } });
    const retrieve = path.match(/^\/v23\.0\/([\w-]+)$/);
    if (retrieve) {
      const item = media.get(retrieve[1]);
      const attempt = (retrieves.get(retrieve[1]) ?? 0) + 1;
      retrieves.set(retrieve[1], attempt);
      const answer = item?.retrieve?.(attempt);
      if (answer) return json(answer.status, answer.body);
      if (!item)
        return json(400, {
          error: {
            message: "Unsupported get request. Object with ID 'x' does not exist",
            code: 100,
            error_subcode: 33,
          },
        });
      const { port } = server.address() as AddressInfo;
      return json(200, {
        messaging_product: 'whatsapp',
        id: retrieve[1],
        url: `http://127.0.0.1:${port}/whatsapp_business/attachments/?mid=${retrieve[1]}&ext=1&hash=abc`,
        mime_type: item.mimeType,
        sha256: hex(item.bytes),
        file_size: String(item.fileSize ?? item.bytes.length),
      });
    }
    if (path === '/whatsapp_business/attachments/') {
      const id = new URL(request.url!, 'http://x').searchParams.get('mid')!;
      const item = media.get(id);
      if (!item) return json(404, { error: { message: 'not found', code: 100 } });
      const corrupt = (item.corrupt ?? 0) > 0;
      if (corrupt) item.corrupt!--;
      const bytes = corrupt ? Buffer.from('<html>Please update your browser</html>') : item.bytes;
      // Chunked, with no Content-Length: the size cap is enforced on the stream itself.
      response.writeHead(200, { 'content-type': item.mimeType });
      for (let at = 0; at < bytes.length; at += 1 << 20) response.write(bytes.subarray(at, at + (1 << 20)));
      return response.end();
    }
    json(404, { error: { message: 'unknown path', code: 803 } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    media,
    requests,
    retrievesOf: (id: string) => requests.filter((r) => r.path === `/v23.0/${id}`).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let graph: Awaited<ReturnType<typeof fakeGraph>>;
let server: TestServer;
let downloader: MediaDownloader;
let events: RealtimeEvent[];
let logged: { level: string; line: string }[];
/** The staff session's cookie. */
let cookie: string;
/** One customer per WhatsApp message id (a repeated delivery comes from the same number). */
const phones = new Map<string, string>();

beforeAll(async () => {
  graph = await fakeGraph();
  server = await startTestServer();
  cookie = server.cookie;
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
});

function newDownloader() {
  return mediaDownloader({
    db: server.database.db,
    events: { publish: (event) => events.push(event) },
    graph: { graphUrl: graph.url, accessToken: TOKEN, version: 'v23.0' },
    dir: mediaDirOf(server.dataDir),
    now: () => server.clock.now,
    log: {
      info: (line) => logged.push({ level: 'info', line }),
      warn: (line) => logged.push({ level: 'warn', line }),
      error: (line) => logged.push({ level: 'error', line }),
    },
    // The middle of the jitter's range: delays are 3/4 of the doubling schedule.
    random: () => 0.5,
  });
}

beforeEach(() => {
  events = [];
  logged = [];
  server.clock.now = new Date(TEST_NOW);
  downloader = newDownloader();
});
afterEach(async () => {
  await downloader.stop();
  // No line ever carries the token.
  expect(logged.filter((entry) => entry.line.includes(TOKEN))).toEqual([]);
});

type Media = Extract<MessageAttachment, { mediaId: string }>;

/** A customer's media message as the webhook stores it: kept at once, its attachment pending. */
async function customerSends(
  mediaId: string,
  attachment: Partial<Media> & Pick<Media, 'kind'>,
  whatsappMessageId = `wamid.${mediaId}`,
) {
  if (!phones.has(whatsappMessageId)) phones.set(whatsappMessageId, `+2547000${String(phones.size).padStart(5, '0')}`);
  const stored = await server.app.services.inbound.channelMessage({
    channel: 'whatsapp',
    address: phones.get(whatsappMessageId)!,
    name: 'Achieng Otieno',
    externalId: whatsappMessageId,
    type: attachment.kind,
    content: attachment.kind === 'document' ? `Document: ${attachment.filename}` : 'Photo',
    attachment: { mediaId, state: 'pending', ...attachment },
    at: server.clock.now,
  });
  return { conversationId: stored.conversation.id, messageId: stored.message?.id };
}

async function attachmentOf(messageId: number) {
  const row = await server.database.db
    .selectFrom('messages')
    .select('attachment')
    .where('id', '=', messageId)
    .executeTakeFirstOrThrow();
  return row.attachment as Media;
}
const jobOf = (messageId: number) =>
  server.database.db
    .selectFrom('whatsapp_media_downloads')
    .selectAll()
    .where('message_id', '=', messageId)
    .executeTakeFirst();
/** The stored files (no half-written ".part" left behind either). */
const storedFiles = () =>
  existsSync(mediaDirOf(server.dataDir)) ? readdirSync(mediaDirOf(server.dataDir)).sort() : [];
const later = (ms: number) => {
  server.clock.now = new Date(server.clock.now.getTime() + ms);
};
const download = (conversationId: number, messageId: number, as: string | undefined = cookie) =>
  server.app.inject({
    method: 'GET',
    url: `/api/conversations/${conversationId}/messages/${messageId}/attachment`,
    headers: as ? { cookie: as } : {},
  });

/** Signs in again: the session the tests use from then on. */
async function signIn() {
  const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
}

describe('a photo a customer sends', () => {
  it('is downloaded with the token, checked against its SHA-256, stored under a random name and shown to staff', async () => {
    graph.media.set('photo-1', { bytes: JPEG, mimeType: 'image/jpeg' });
    const before = new Set(storedFiles());
    const { conversationId, messageId } = await customerSends('photo-1', {
      kind: 'image',
      mimeType: 'image/jpeg',
      sha256: base64(JPEG), // the webhook's hash is base64; retrieveMediaUrl's is hex: both are checked
    });
    expect(await downloader.enqueue(messageId!)).toBe(true);
    await downloader.idle();

    const attachment = await attachmentOf(messageId!);
    expect(attachment).toMatchObject({ kind: 'image', state: 'ready', mimeType: 'image/jpeg', size: JPEG.length });
    const added = storedFiles().filter((name) => !before.has(name));
    expect(added).toEqual([attachment.file]);
    expect(attachment.file).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(readFileSync(join(mediaDirOf(server.dataDir), attachment.file!))).toEqual(JPEG);
    expect(await jobOf(messageId!)).toBeUndefined();
    // The dashboard refetches the conversation (and its messages) on this event.
    expect(events).toEqual([{ type: 'conversation_update', data: { id: conversationId } }]);
    // Both Graph calls carried the token and a name/x.y.z user agent; the URL was fetched as given.
    const calls = graph.requests.filter((r) => r.path.includes('photo-1') || r.path.startsWith('/whatsapp_business'));
    expect(calls.map((c) => c.path)).toEqual(['/v23.0/photo-1', '/whatsapp_business/attachments/']);
    for (const call of calls) {
      expect(call.authorization).toBe(`Bearer ${TOKEN}`);
      expect(call.userAgent).toMatch(/^[\w.-]+\/\d+\.\d+\.\d+/);
    }

    const answer = await download(conversationId, messageId!);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload).toEqual(JPEG);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    expect(answer.headers['content-length']).toBe(String(JPEG.length));
    expect(answer.headers['content-disposition']).toBe(
      `inline; filename="image-${messageId}.jpg"; filename*=UTF-8''image-${messageId}.jpg`,
    );
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(answer.headers['cache-control']).toMatch(/^private\b/);
  });

  it('is not served without a session, nor under another conversation', async () => {
    graph.media.set('photo-2', { bytes: PNG, mimeType: 'image/png' });
    const { conversationId, messageId } = await customerSends('photo-2', { kind: 'image', mimeType: 'image/png' });
    const other = await customerSends('photo-2b', { kind: 'image' });
    await downloader.enqueue(messageId!);
    await downloader.idle();
    expect((await attachmentOf(messageId!)).state).toBe('ready');

    const anonymous = await download(conversationId, messageId!, '');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.rawPayload.includes(PNG)).toBe(false);
    const elsewhere = await download(other.conversationId, messageId!);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: 'No such message in this conversation' });
    expect((await download(conversationId, 999_999)).statusCode).toBe(404);
  });

  it('serves a document as a download under its own name, never storing that name', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% quote\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    graph.media.set('doc-1', { bytes: pdf, mimeType: 'application/pdf' });
    const filename = 'Nukuu ya bei – jikoni "final"/../v2.pdf';
    const { conversationId, messageId } = await customerSends('doc-1', {
      kind: 'document',
      mimeType: 'application/pdf',
      filename,
      sha256: base64(pdf),
    });
    await downloader.enqueue(messageId!);
    await downloader.idle();
    const attachment = await attachmentOf(messageId!);
    expect(attachment).toMatchObject({ state: 'ready', filename, size: pdf.length });
    expect(attachment.file).toMatch(/^[0-9a-f-]{36}\.pdf$/);

    const answer = await download(conversationId, messageId!);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.rawPayload).toEqual(pdf);
    // The path and quote characters are gone; the UTF-8 name is percent-encoded (RFC 5987).
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="Nukuu ya bei _ jikoni _final__.._v2.pdf"; filename*=UTF-8''Nukuu%20ya%20bei%20%E2%80%93%20jikoni%20%22final%22_.._v2.pdf`,
    );
  });

  it('never serves a file outside DATA_DIR/media, whatever the attachment names', async () => {
    const { conversationId, messageId } = await customerSends('evil-1', { kind: 'image' });
    for (const file of ['../../../etc/passwd', '../pglite/PG_VERSION', '/etc/hosts', 'not-a-stored-name.jpg']) {
      await sql`update messages set attachment = attachment || ${JSON.stringify({ state: 'ready', file })}::jsonb
        where id = ${messageId}`.execute(server.database.db);
      const answer = await download(conversationId, messageId!);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: "The file is missing from this server's storage" });
    }
  });
});

describe('when the download fails', () => {
  it('does not keep a file whose SHA-256 does not match, and tries again', async () => {
    graph.media.set('photo-bad', { bytes: JPEG, mimeType: 'image/jpeg', corrupt: 1 });
    const before = storedFiles();
    const { conversationId, messageId } = await customerSends('photo-bad', { kind: 'image', sha256: base64(JPEG) });
    await downloader.enqueue(messageId!);
    await downloader.idle();

    expect((await attachmentOf(messageId!)).state).toBe('pending');
    expect(storedFiles()).toEqual(before);
    expect(await jobOf(messageId!)).toMatchObject({ attempts: 1, mismatches: 1 });
    expect((await jobOf(messageId!))!.last_error).toMatch(/SHA-256/);
    const pending = await download(conversationId, messageId!);
    expect(pending.statusCode).toBe(404);
    expect(pending.json()).toEqual({ message: 'The file is still being downloaded from WhatsApp' });

    // Not before its time…
    later(10_000);
    await downloader.runDue();
    expect(graph.retrievesOf('photo-bad')).toBe(1);
    // …then again, and this time the bytes are right.
    later(30_000);
    expect(await downloader.runDue()).toEqual({ ready: 1, retried: 0, expired: 0 });
    expect((await attachmentOf(messageId!)).state).toBe('ready');
    expect(storedFiles()).toHaveLength(before.length + 1);
  });

  it(`gives up after ${MAX_MISMATCHES} downloads that do not match`, async () => {
    graph.media.set('photo-corrupt', { bytes: JPEG, mimeType: 'image/jpeg', corrupt: 100 });
    const before = storedFiles();
    const { messageId } = await customerSends('photo-corrupt', { kind: 'image', sha256: base64(JPEG) });
    await downloader.enqueue(messageId!);
    await downloader.idle();
    for (let i = 1; i < MAX_MISMATCHES; i++) {
      later(7 * 3_600_000);
      await downloader.runDue();
    }
    expect(graph.retrievesOf('photo-corrupt')).toBe(MAX_MISMATCHES);
    expect((await attachmentOf(messageId!)).state).toBe('expired');
    expect(await jobOf(messageId!)).toBeUndefined();
    expect(storedFiles()).toEqual(before);
  });

  it('keeps the message pending through temporary failures, backing off, and marks it expired after 7 days', async () => {
    graph.media.set('photo-down', {
      bytes: JPEG,
      mimeType: 'image/jpeg',
      retrieve: () => ({ status: 503, body: { error: { message: 'Service temporarily unavailable', code: 2 } } }),
    });
    const { conversationId, messageId } = await customerSends('photo-down', { kind: 'image' });
    const first = server.clock.now.getTime();
    await downloader.enqueue(messageId!);
    await downloader.idle();
    expect((await attachmentOf(messageId!)).state).toBe('pending');

    // Each wait is longer than the last (30 s doubling, capped at 6 h, here 3/4 of it).
    const waits: number[] = [];
    for (let guard = 0; guard < 200; guard++) {
      const job = await jobOf(messageId!);
      if (!job) break;
      const wait = job.next_attempt_at.getTime() - server.clock.now.getTime();
      waits.push(wait);
      server.clock.now = job.next_attempt_at;
      await downloader.runDue();
    }
    expect(waits.slice(0, 4)).toEqual([22_500, 45_000, 90_000, 180_000]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(6 * 3_600_000);
    // Given up on the last attempt, 7 days after the first, and not before.
    expect(server.clock.now.getTime() - first).toBe(GIVE_UP_AFTER_MS);
    expect((await attachmentOf(messageId!)).state).toBe('expired');
    expect(graph.retrievesOf('photo-down')).toBe(waits.length + 1);
    expect(events.at(-1)).toEqual({ type: 'conversation_update', data: { id: conversationId } });
    // A week later staff sign in again (the session of the test's start has expired meanwhile).
    await signIn();
    const gone = await download(conversationId, messageId!);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'The file is no longer available from WhatsApp' });
  });

  it('stores the file once Graph recovers within the 7 days', async () => {
    graph.media.set('photo-flaky', {
      bytes: JPEG,
      mimeType: 'image/jpeg',
      retrieve: (attempt) => (attempt <= 3 ? { status: 500, body: { error: { code: 1 } } } : undefined),
    });
    const { messageId } = await customerSends('photo-flaky', { kind: 'image' });
    await downloader.enqueue(messageId!);
    await downloader.idle();
    for (let i = 0; i < 3; i++) {
      server.clock.now = (await jobOf(messageId!))!.next_attempt_at;
      await downloader.runDue();
    }
    expect(await attachmentOf(messageId!)).toMatchObject({ state: 'ready', size: JPEG.length });
  });

  it('marks the attachment expired at once when WhatsApp no longer has the media', async () => {
    graph.media.set('photo-gone', {
      bytes: JPEG,
      mimeType: 'image/jpeg',
      retrieve: () => ({ status: 404, body: { error: { message: 'Media not found', code: 131052 } } }),
    });
    const gone = await customerSends('photo-gone', { kind: 'image' });
    // An id Graph does not know: 400 with code 100 (the fake's answer for unknown media).
    const unknown = await customerSends('photo-never-existed', { kind: 'image' });
    await downloader.enqueue(gone.messageId!);
    await downloader.enqueue(unknown.messageId!);
    await downloader.idle();
    for (const { messageId } of [gone, unknown]) {
      expect((await attachmentOf(messageId!)).state).toBe('expired');
      expect(await jobOf(messageId!)).toBeUndefined();
    }
    expect(graph.retrievesOf('photo-gone')).toBe(1);
    expect(graph.retrievesOf('photo-never-existed')).toBe(1);
  });

  it('retries, with an error line for the operator, when the token is refused', async () => {
    graph.media.set('photo-token', { bytes: JPEG, mimeType: 'image/jpeg' });
    const { messageId } = await customerSends('photo-token', { kind: 'image' });
    const wrong = mediaDownloader({
      db: server.database.db,
      events: { publish: (event) => events.push(event) },
      graph: { graphUrl: graph.url, accessToken: 'an-expired-token', version: 'v23.0' },
      dir: mediaDirOf(server.dataDir),
      now: () => server.clock.now,
      log: { info: () => {}, warn: () => {}, error: (line) => logged.push({ level: 'error', line }) },
    });
    await wrong.enqueue(messageId!);
    await wrong.idle();
    expect((await attachmentOf(messageId!)).state).toBe('pending');
    expect(logged.find((entry) => entry.level === 'error')?.line).toMatch(/token/);
    expect(logged.some((entry) => entry.line.includes('an-expired-token'))).toBe(false);
    // The operator fixes the token: the next attempt stores it.
    server.clock.now = (await jobOf(messageId!))!.next_attempt_at;
    await downloader.runDue();
    expect((await attachmentOf(messageId!)).state).toBe('ready');
  });

  it('refuses a file over the size limit while it downloads, keeping nothing of it', async () => {
    const huge = Buffer.alloc(16 * 1024 * 1024 + 1, 1);
    // retrieveMediaUrl understates the size: the limit holds on the bytes themselves.
    graph.media.set('video-huge', { bytes: huge, mimeType: 'video/mp4', fileSize: 1000 });
    const before = storedFiles();
    const { messageId } = await customerSends('video-huge', { kind: 'video' });
    await downloader.enqueue(messageId!);
    await downloader.idle();
    expect((await attachmentOf(messageId!)).state).toBe('expired');
    expect(storedFiles()).toEqual(before);
  });
});

describe('the queue', () => {
  it('gives one job, one download and one file for a message delivered and queued twice', async () => {
    graph.media.set('photo-twice', { bytes: JPEG, mimeType: 'image/jpeg' });
    const before = storedFiles();
    const first = await customerSends('photo-twice', { kind: 'image' }, 'wamid.twice');
    // WhatsApp repeats the webhook: the second delivery stores no second message.
    const again = await customerSends('photo-twice', { kind: 'image' }, 'wamid.twice');
    expect(again.messageId).toBeUndefined();
    const added = await Promise.all([
      downloader.enqueue(first.messageId!),
      downloader.enqueue(first.messageId!),
      downloader.enqueue(first.messageId!),
    ]);
    expect(added.filter(Boolean)).toHaveLength(1);
    await downloader.idle();
    // Queued once more after it is stored: nothing happens.
    expect(await downloader.enqueue(first.messageId!)).toBe(false);
    await downloader.idle();
    expect(graph.retrievesOf('photo-twice')).toBe(1);
    expect(storedFiles()).toHaveLength(before.length + 1);
    expect((await attachmentOf(first.messageId!)).state).toBe('ready');
  });

  it('resumes after a restart: a pending attachment that never got its job is downloaded at start', async () => {
    graph.media.set('photo-crash', { bytes: JPEG, mimeType: 'image/jpeg' });
    // Stored by the webhook, then the process died before queueing the download.
    const { messageId } = await customerSends('photo-crash', { kind: 'image' });
    expect(await jobOf(messageId!)).toBeUndefined();
    const restarted = newDownloader();
    await restarted.start();
    await restarted.idle();
    await restarted.stop();
    expect((await attachmentOf(messageId!)).state).toBe('ready');
  });
});

describe("against Prism serving Meta's trimmed contract", () => {
  let mock: WhatsAppMock | undefined;
  beforeAll(async () => {
    mock = await startWhatsAppMock();
  }, 90_000);
  afterAll(() => mock?.close());

  it('retrieves the media URL as the contract describes it, downloads the file with the token and checks its hash', async () => {
    // Prism (with --errors) refuses a request without the bearer token or with a malformed User-Agent.
    const viaPrism = mediaDownloader({
      db: server.database.db,
      events: { publish: (event) => events.push(event) },
      graph: { graphUrl: mock!.url, accessToken: TOKEN },
      dir: mediaDirOf(server.dataDir),
      now: () => server.clock.now,
      log: {
        info: () => {},
        warn: (line) => logged.push({ level: 'warn', line }),
        error: (line) => logged.push({ level: 'error', line }),
      },
    });
    const { conversationId, messageId } = await customerSends('2621233374848975', {
      kind: 'document',
      mimeType: 'text/plain',
      filename: 'note.txt',
    });
    await viaPrism.enqueue(messageId!);
    await viaPrism.idle();
    await viaPrism.stop();
    expect(logged).toEqual([]);
    const attachment = await attachmentOf(messageId!);
    expect(attachment).toMatchObject({ state: 'ready', mimeType: 'text/plain', size: 32 });
    expect(readFileSync(join(mediaDirOf(server.dataDir), attachment.file!), 'utf8')).toBe(
      'stone-sinks WhatsApp mock media\n',
    );
    // A type the dashboard's contract does not list is served as bytes to download, under its name.
    const answer = await download(conversationId, messageId!);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="note.txt"; filename*=UTF-8''note.txt`);
  });
});

const noPostgres = postgresUnavailable();
describe.skipIf(Boolean(noPostgres))(`on a PostgreSQL server${noPostgres ? ` (skipped: ${noPostgres})` : ''}`, () => {
  let postgres: PostgresProcess | undefined;
  let pglite: TestServer;
  beforeAll(async () => {
    postgres = await startPostgres();
    pglite = server;
    // The helpers above work on `server`: for these tests, a server on PostgreSQL.
    server = await startTestServer({ database: await openDatabase({ databaseUrl: postgres.url }) });
    cookie = server.cookie;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    server = pglite;
    await postgres?.stop();
  });

  it('downloads and serves a photo, and two server instances never take the same job', async () => {
    const photos = ['pg-1', 'pg-2', 'pg-3', 'pg-4', 'pg-5'];
    for (const id of photos) graph.media.set(id, { bytes: JPEG, mimeType: 'image/jpeg' });
    const sent = [];
    for (const id of photos) sent.push(await customerSends(id, { kind: 'image', sha256: base64(JPEG) }));
    // Queued while no worker runs (as after a restart), then two instances start at once.
    const other = newDownloader();
    await Promise.all([downloader.start(), other.start()]);
    await Promise.all([downloader.idle(), other.idle()]);
    await other.stop();

    for (const id of photos) expect(graph.retrievesOf(id)).toBe(1);
    expect(storedFiles()).toHaveLength(photos.length);
    const { conversationId, messageId } = sent[0];
    expect(await attachmentOf(messageId!)).toMatchObject({ state: 'ready', size: JPEG.length });
    const answer = await download(conversationId, messageId!);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload).toEqual(JPEG);
  });
});
