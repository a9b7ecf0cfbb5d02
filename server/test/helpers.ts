// A server over a fresh in-memory PGlite, every response checked against
// openapi.yaml, and a signed-in cookie.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../app/app';
import { openDatabase, type Database } from '../db/connection';
import { migrate } from '../db/migrate';

export const ADMIN = { username: 'admin', password: 'correct horse battery' };

/**
 * Where every test server's clock starts: a fixed instant, not the machine's date, so that a
 * test reads the same days and times on any date and in any time zone, and product code that
 * read the real clock instead of the services' `now` would disagree with it. 11:00 UTC is
 * already the next day in UTC+14 (Pacific/Kiritimati), so a day taken in local time where
 * UTC is meant shows there.
 */
export const TEST_NOW = new Date('2026-03-10T11:00:00.000Z');

/**
 * A clock that starts at `from` and runs at the pace of the machine's monotonic clock, for a
 * test whose product code waits with real timers: the date is fixed, the elapsed time real.
 */
export function runningClock(from: Date = TEST_NOW): () => Date {
  const started = performance.now();
  return () => new Date(from.getTime() + (performance.now() - started));
}

let migratedImage: Blob | undefined;

/**
 * A new in-memory database with every migration applied: a copy of the image the global
 * set-up made (global-setup.ts), not a new initdb and migration run each time. A test of the
 * migrations themselves opens an empty database with openDatabase({}) instead.
 */
export async function openMigratedDatabase(): Promise<Database> {
  migratedImage ??= new Blob([readFileSync(inject('migratedImage'))]);
  return openDatabase({ image: migratedImage });
}

export type TestServer = {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  /** The services' clock: starts at TEST_NOW and stands still until a test moves it. */
  clock: { now: Date };
  cookie: string;
  close(): Promise<void>;
};

type TestOptions = Partial<AppOptions['config']> & {
  database?: Database;
  sender?: AppOptions['sender'];
  channels?: AppOptions['channels'];
  /** M-Pesa's callbacks, served when given. */
  mpesa?: AppOptions['mpesa'];
  log?: AppOptions['log'];
  /** Adds routes or hooks before the server is ready. */
  beforeReady?: (app: FastifyInstance) => void;
  /** false: answers are not checked against openapi.yaml (for answers given before any route, such as 421). */
  validateResponses?: boolean;
};

export async function startTestServer(overrides: TestOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'server-test-'));
  const database = overrides.database ?? (await openMigratedDatabase());
  // Applies nothing to a copy of the image; migrates a database a test passed in.
  await migrate(database);
  const clock = { now: new Date(TEST_NOW) };
  const {
    database: _database,
    sender,
    channels,
    mpesa,
    log,
    beforeReady,
    validateResponses = true,
    ...config
  } = overrides;
  const app = await buildApp({
    database,
    sender,
    channels,
    mpesa,
    log,
    now: () => clock.now,
    validateResponses,
    config: {
      dataDir,
      sessionTtlMs: 3_600_000,
      loginRateLimit: 100,
      allowedOrigins: [],
      cookieSecure: false,
      trustProxy: false,
      maxImageBytes: 1024 * 1024,
      testControl: false,
      ...config,
    },
  });
  beforeReady?.(app);
  await app.ready();
  await app.services.auth.ensureFirstAdmin(ADMIN.username, ADMIN.password);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
  const sid = login.cookies.find((c) => c.name === 'sid')!;
  return {
    app,
    database,
    dataDir,
    clock,
    cookie: `sid=${sid.value}`,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart body built by the platform's FormData, as a browser would send it. */
export async function multipart(form: FormData): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const request = new Request('http://x/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

// The smallest valid PNG (1×1, transparent).
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A conversation row as a schema older than migration 024 names it (whatsapp_phone_number,
 * renamed customer_address there): for tests that store rows before a later migration to
 * check its back-fill. Typed as the current row, which the query builder checks.
 */
export function beforeChannels<T extends { customer_address: string }>(row: T): T {
  const { customer_address: address, ...rest } = row;
  return { ...rest, whatsapp_phone_number: address } as unknown as T;
}

/** What the bot and staff wrote in a conversation, oldest first (the customer's messages left out). */
export async function replyTexts(server: TestServer, conversationId: number): Promise<string[]> {
  const rows = await server.database.db
    .selectFrom('messages')
    .select(['content', 'sender'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id')
    .execute();
  return rows.filter((m) => m.sender !== 'customer').map((m) => m.content);
}
