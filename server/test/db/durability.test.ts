// SIGKILL in the middle of concurrent writes — admin replies, status changes
// and new products — several times over, restarting on the same data each
// time: every restart must come up and answer, and every write the server
// acknowledged (2xx) must be in the database afterwards. A status change in
// flight when the server died may or may not have landed (a PostgreSQL server
// finishes a statement it received), so the stored status is the last
// acknowledged one or one sent after it that was never answered. On PGlite with
// the production setting (NODE_ENV=production: the WAL written with O_DSYNC,
// see db/connection.ts) and on a PostgreSQL server.
//
// The server runs as one node process (node --import tsx, not the tsx
// wrapper, which would pass SIGKILL to nobody and leave the real server
// running), so the signal reaches the process that holds the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../common/dev/ports';
import { openDatabase } from '../../db/connection';
import { postgresUnavailable, startPostgres, type PostgresProcess } from '../processes';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const PASSWORD = 'durability-check-password';
const KILLS = 3;
/** Conversations 1–4 take admin replies (admin_takeover); 5–8 have their status changed. */
const REPLIED = [1, 2, 3, 4];
const STATUS_CHANGED = [5, 6, 7, 8];
const STATUSES = ['admin_required', 'bot_active', 'admin_takeover'] as const;

type Server = { child: ChildProcess; url: string; output: () => string; exited: Promise<unknown> };

async function start(env: Record<string, string>, dashboardDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      EMBEDDED_DATABASE: 'accept-risk',
      DASHBOARD_DIR: dashboardDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: PASSWORD,
      // 36 conversations on the first start (ids from 1), nothing on a restart: the database is not empty.
      DEMO_SEED: 'true',
      SIMULATE_RATE: '0',
      FOLLOW_UP_INTERVAL_MINUTES: '0',
      LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within 45 s:\n${output}`);
    }
    const ready = await fetch(`${url}/readyz`).catch(() => undefined);
    if (ready?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, output: () => output, exited };
}

async function signIn(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  expect(answer.status).toBe(200);
  return answer.headers.get('set-cookie')!.split(';')[0]!;
}

/** The answer's status, or undefined when the server died before answering. */
async function send(url: string, init: RequestInit): Promise<number | undefined> {
  try {
    const answer = await fetch(url, init);
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return undefined;
  }
}

type Acknowledged = {
  products: string[];
  replies: { conversation: number; content: string }[];
  /** Per conversation: the last acknowledged status, and those sent after it whose answers never came. */
  statuses: Map<number, { acknowledged: string; unanswered: string[] }>;
};

async function writeUntilKilled(
  server: Server,
  cookie: string,
  round: number,
  killAfterMs: number,
  acks: Acknowledged,
) {
  let stopped = false;
  const json = { cookie, 'content-type': 'application/json' };
  // Replies need admin_takeover: set before the writes begin, not counted.
  for (const id of REPLIED) {
    const status = await send(`${server.url}/api/conversations/${id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ status: 'admin_takeover' }),
    });
    expect(status).toBe(200);
  }
  let n = 0;
  const products = async () => {
    while (!stopped) {
      const name = `Durable slab ${round}-${n++}`;
      const form = new FormData();
      form.set('name', name);
      form.set('category', 'granite');
      form.set('startingPrice', '1000');
      form.set('endingPrice', '2000');
      const status = await send(`${server.url}/api/products`, { method: 'POST', headers: { cookie }, body: form });
      if (status === 201) acks.products.push(name);
      else if (status !== undefined) throw new Error(`product create answered ${status}`);
    }
  };
  const replies = async (conversation: number) => {
    while (!stopped) {
      const content = `Durable reply ${round}-${n++}`;
      const status = await send(`${server.url}/api/conversations/${conversation}/messages`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ content, messageType: 'text' }),
      });
      if (status === 201) acks.replies.push({ conversation, content });
      else if (status !== undefined) throw new Error(`admin reply answered ${status}`);
    }
  };
  const statuses = async (conversation: number) => {
    for (let i = 0; !stopped; i++) {
      const next = STATUSES[(i + conversation + round) % STATUSES.length]!;
      const known = acks.statuses.get(conversation)!;
      const status = await send(`${server.url}/api/conversations/${conversation}`, {
        method: 'PATCH',
        headers: json,
        body: JSON.stringify({ status: next }),
      });
      if (status === 200) acks.statuses.set(conversation, { acknowledged: next, unanswered: [] });
      else if (status === undefined)
        acks.statuses.set(conversation, { ...known, unanswered: [...known.unanswered, next] });
      else throw new Error(`status change answered ${status}`);
    }
  };
  const writers = [products(), products(), ...REPLIED.map(replies), ...STATUS_CHANGED.map(statuses)];
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  server.child.kill('SIGKILL');
  await server.exited;
  stopped = true;
  await Promise.all(writers);
}

async function survivesKills(env: Record<string, string>, checkDatabase: () => ReturnType<typeof openDatabase>) {
  const dashboardDir = mkdtempSync(join(tmpdir(), 'durability-dashboard-'));
  writeFileSync(join(dashboardDir, 'index.html'), '<!doctype html><title>Dashboard</title>');
  try {
    const acks: Acknowledged = { products: [], replies: [], statuses: new Map() };
    for (const id of STATUS_CHANGED) acks.statuses.set(id, { acknowledged: 'bot_active', unanswered: [] });
    for (let round = 0; round < KILLS; round++) {
      const server = await start(env, dashboardDir);
      const cookie = await signIn(server.url);
      if (round === 0) {
        // The seed's statuses are the first acknowledged ones.
        for (const id of STATUS_CHANGED) {
          const answer = await fetch(`${server.url}/api/conversations/${id}`, { headers: { cookie } });
          expect(answer.status).toBe(200);
          acks.statuses.set(id, {
            acknowledged: ((await answer.json()) as { status: string }).status,
            unanswered: [],
          });
        }
      }
      await writeUntilKilled(server, cookie, round, 600 + round * 300, acks);
    }
    // A clean start on what the kills left, answering reads and writes.
    const server = await start(env, dashboardDir);
    try {
      const cookie = await signIn(server.url);
      for (const path of ['/api/auth/me', '/api/products', '/api/conversations', '/api/analytics/overview'])
        expect((await fetch(`${server.url}${path}`, { headers: { cookie } })).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    expect(server.child.exitCode).toBe(0);

    console.log(
      `durability (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${acks.products.length} product creates and ${acks.replies.length} admin replies acknowledged across ${KILLS} kills`,
    );
    // Writes happened in every round, and every acknowledged one is stored.
    expect(acks.products.length).toBeGreaterThan(KILLS * 3);
    expect(acks.replies.length).toBeGreaterThan(KILLS * 3);
    const database = await checkDatabase();
    try {
      const products = new Set(
        (await database.db.selectFrom('products').select('name').execute()).map((row) => row.name),
      );
      expect(acks.products.filter((name) => !products.has(name))).toEqual([]);
      const replies = new Set(
        (
          await database.db
            .selectFrom('messages')
            .select(['conversation_id', 'content'])
            .where('sender', '=', 'admin')
            .execute()
        ).map((row) => `${row.conversation_id}:${row.content}`),
      );
      expect(acks.replies.filter((r) => !replies.has(`${r.conversation}:${r.content}`))).toEqual([]);
      // A reply is in the outbox as well, in the same transaction.
      const outbox = await database.db
        .selectFrom('outbox')
        .select('content')
        .where('kind', '=', 'admin_reply')
        .execute();
      const queued = new Set(outbox.map((row) => row.content));
      expect(acks.replies.filter((r) => !queued.has(r.content))).toEqual([]);
      for (const [id, known] of acks.statuses) {
        const row = await database.db
          .selectFrom('conversations')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect([known.acknowledged, ...known.unanswered]).toContain(row.status);
      }
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dashboardDir, { recursive: true, force: true });
  }
}

describe('SIGKILL during concurrent writes', () => {
  it(
    'loses no acknowledged write on PGlite (production setting), and every restart starts cleanly',
    {
      // A ceiling, not a wait: the test waits on each restart's /readyz. Three restarts of a
      // PGlite server took over 90 s on two cores shared with a browser suite.
      timeout: 240_000,
    },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'durability-'));
      try {
        await survivesKills({ DATA_DIR: dataDir, DATABASE_URL: '' }, () =>
          openDatabase({ dataDir: join(dataDir, 'pglite') }),
        );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  const noPostgres = postgresUnavailable();
  let postgres: PostgresProcess | undefined;
  afterAll(async () => postgres?.stop());
  it.skipIf(Boolean(noPostgres))(
    `loses no acknowledged write on a PostgreSQL server, and every restart starts cleanly${noPostgres ? ` (skipped: ${noPostgres})` : ''}`,
    { timeout: 240_000 },
    async () => {
      postgres = await startPostgres();
      const url = postgres.url;
      const dataDir = mkdtempSync(join(tmpdir(), 'durability-pg-'));
      try {
        await survivesKills({ DATA_DIR: dataDir, DATABASE_URL: url }, () => openDatabase({ databaseUrl: url }));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
