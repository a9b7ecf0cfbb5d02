// kill -9 while writes are in flight: every write the server acknowledged
// (2xx) is there after a restart on the same data, and the restart works.
// PGlite with the production setting (the WAL written synchronously), and a
// PostgreSQL server. The server runs as one node process (no tsx wrapper in
// between), so SIGKILL reaches the process that holds the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../common/dev/ports';
import { postgresUnavailable, startPostgres, type PostgresProcess } from './processes';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PASSWORD = 'durability test password';
const ROUNDS = 3;
const IN_FLIGHT = 6;

type Running = { child: ChildProcess; url: string; exited: Promise<unknown> };

async function start(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      // Production: the embedded database writes its WAL synchronously.
      NODE_ENV: 'production',
      EMBEDDED_DATABASE: 'accept-risk',
      DASHBOARD_DIR: '',
      ADMIN_PASSWORD: PASSWORD,
      DEMO_SEED: 'false',
      SIMULATE_RATE: '0',
      FOLLOW_UP_INTERVAL_MINUTES: '0',
      LOGIN_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 60_000;
  while (!output.includes('listening on')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url: `http://127.0.0.1:${port}`, exited };
}

async function signIn(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  expect(answer.status).toBe(200);
  return answer.headers.get('set-cookie')!.split(';')[0];
}

async function createProduct(url: string, cookie: string, name: string): Promise<boolean> {
  const form = new FormData();
  form.set('name', name);
  form.set('category', 'granite');
  form.set('startingPrice', '1000');
  form.set('endingPrice', '2000');
  try {
    const answer = await fetch(`${url}/api/products`, { method: 'POST', headers: { cookie }, body: form });
    return answer.status === 201;
  } catch {
    return false; // the server died before answering: not acknowledged
  }
}

/** Writes until the server is killed; returns the names it acknowledged. */
async function writeUntilKilled(server: Running, cookie: string, round: number, killAfterMs: number) {
  const acknowledged: string[] = [];
  let stop = false;
  let next = 0;
  const worker = async () => {
    while (!stop) {
      const name = `Durable slab ${round}-${next++}`;
      if (await createProduct(server.url, cookie, name)) acknowledged.push(name);
      else if (stop || server.child.exitCode !== null || server.child.signalCode !== null) return;
    }
  };
  const workers = Array.from({ length: IN_FLIGHT }, worker);
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  server.child.kill('SIGKILL');
  stop = true;
  await server.exited;
  await Promise.all(workers);
  return acknowledged;
}

async function survivesKills(env: Record<string, string>) {
  const all: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const server = await start(env);
    const cookie = await signIn(server.url);
    all.push(...(await writeUntilKilled(server, cookie, round, 700 + round * 400)));
  }
  const server = await start(env);
  try {
    const cookie = await signIn(server.url);
    const answer = await fetch(`${server.url}/api/products`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    const stored = new Set(((await answer.json()) as { name: string }[]).map((product) => product.name));
    // Writes did happen in every round, and none acknowledged is missing.
    expect(all.length).toBeGreaterThan(ROUNDS * 5);
    expect(all.filter((name) => !stored.has(name))).toEqual([]);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

describe('kill -9 during writes', () => {
  it('loses no acknowledged write on PGlite, and every restart works', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kill-durability-'));
    try {
      await survivesKills({ DATA_DIR: dataDir, DATABASE_URL: '' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  const noPostgres = postgresUnavailable();
  let postgres: PostgresProcess | undefined;
  afterAll(async () => postgres?.stop());
  it.skipIf(noPostgres)(
    `loses no acknowledged write on PostgreSQL, and every restart works${noPostgres ? ` (skipped: ${noPostgres})` : ''}`,
    async () => {
      postgres = await startPostgres();
      const dataDir = mkdtempSync(join(tmpdir(), 'kill-durability-pg-'));
      try {
        await survivesKills({ DATA_DIR: dataDir, DATABASE_URL: postgres.url });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
