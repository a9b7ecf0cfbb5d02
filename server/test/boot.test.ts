// The server as `npm run server` runs it: on PGlite in a data folder (and a
// restart keeps everything), and on a throwaway PostgreSQL server with two
// instances sharing realtime events through LISTEN/NOTIFY.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { postgresUnavailable, startPostgres, startServerProcess, type PostgresProcess } from './processes';

const credentials = { username: 'admin', password: 'boot-test-password' };
const env = { ADMIN_USERNAME: credentials.username, ADMIN_PASSWORD: credentials.password };

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads of JSON bodies
const get = async (url: string, cookie: string): Promise<any> => (await fetch(url, { headers: { cookie } })).json();

describe('server on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boot-pglite-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds demo data on first run, and a restart loses nothing', { timeout: 180_000 }, async () => {
    let server = await startServerProcess({ ...env, DATA_DIR: dataDir });
    let cookie = await signIn(server.url);
    const products = await get(`${server.url}/api/products`, cookie);
    expect(products.length).toBeGreaterThanOrEqual(10);
    const conversations = await get(`${server.url}/api/conversations`, cookie);
    expect(conversations.length).toBeGreaterThan(10);
    const settings = { enabled: false, hoursUntilFollowUp: 72, followUpMessage: 'Restart test' };
    await fetch(`${server.url}/api/follow-ups/settings`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(settings),
    });
    expect(await server.stop()).toBe(0);

    server = await startServerProcess({ ...env, DATA_DIR: dataDir });
    try {
      expect(server.output.join('')).not.toContain('seeded demo');
      cookie = await signIn(server.url);
      expect(await get(`${server.url}/api/follow-ups/settings`, cookie)).toMatchObject(settings);
      expect((await get(`${server.url}/api/products`, cookie)).length).toBe(products.length);
    } finally {
      await server.stop();
    }
  });
});

describe('secure defaults at start', () => {
  it(
    'refuses a non-loopback HOST while an admin still has the development password',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'boot-devpass-'));
      try {
        // A first run on loopback without ADMIN_PASSWORD: admin / admin123, for development.
        const dev = await startServerProcess({ DATA_DIR: dataDir, DEMO_SEED: 'false', ADMIN_PASSWORD: '' });
        expect(dev.output.join('')).toContain('development password');
        expect(await dev.stop()).toBe(0);
        // The same data, now listening for other machines: refused until the password is reset.
        await expect(
          startServerProcess({ DATA_DIR: dataDir, HOST: '0.0.0.0', ADMIN_PASSWORD: 'a-long-enough-password' }),
        ).rejects.toThrow(/"admin" still signs in with the development password/);
        // Without ADMIN_PASSWORD a non-loopback HOST does not start at all.
        await expect(startServerProcess({ DATA_DIR: dataDir, HOST: '0.0.0.0', ADMIN_PASSWORD: '' })).rejects.toThrow(
          /set ADMIN_PASSWORD/,
        );
        // The admin tool refuses a short password, and a long one makes the public start possible.
        const tool = (password: string) =>
          spawnSync(join('node_modules', '.bin', 'tsx'), ['server/cli/admin.ts', 'admin'], {
            env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: password },
            encoding: 'utf8',
          });
        const short = tool('elevenchars');
        expect(short.status).toBe(2);
        expect(short.stderr).toContain('at least 12 characters');
        expect(tool('a-long-enough-password').status).toBe(0);
        const reset = await startServerProcess({
          DATA_DIR: dataDir,
          HOST: '0.0.0.0',
          ADMIN_PASSWORD: 'a-long-enough-password',
        });
        expect(await reset.stop()).toBe(0);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

const skip = postgresUnavailable();
if (skip) console.log(`Skipping the PostgreSQL server boot test: ${skip}`);

describe.skipIf(Boolean(skip))(`server on a PostgreSQL server${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let postgres: PostgresProcess | undefined;
  afterAll(async () => postgres?.stop());

  it(
    'two instances starting together migrate once, and realtime events fan out to both',
    { timeout: 180_000 },
    async () => {
      postgres = await startPostgres();
      const dataDir = mkdtempSync(join(tmpdir(), 'boot-pg-'));
      // Both start at once: one applies the migrations, the other waits for it.
      const [a, b] = await Promise.all([
        startServerProcess({ ...env, DATABASE_URL: postgres.url, DATA_DIR: dataDir }),
        startServerProcess({ ...env, DATABASE_URL: postgres.url, DATA_DIR: dataDir, DEMO_SEED: 'false' }),
      ]);
      try {
        expect(a.output.join('')).toContain('PostgreSQL server');
        const cookieA = await signIn(a.url);
        const cookieB = await signIn(b.url);
        const conversations = await get(`${a.url}/api/conversations`, cookieA);
        expect(conversations.length).toBeGreaterThan(10);
        expect(await get(`${b.url}/api/conversations`, cookieB)).toEqual(conversations);

        const ws = new WebSocket(`ws://127.0.0.1:${b.port}/ws`, { headers: { cookie: cookieB } });
        const received: unknown[] = [];
        ws.on('message', (data) => received.push(JSON.parse(String(data))));
        await new Promise((resolve, reject) => {
          ws.on('open', resolve);
          ws.on('error', reject);
        });
        const id = conversations[0].id;
        const res = await fetch(`${a.url}/api/conversations/${id}`, {
          method: 'PATCH',
          headers: { cookie: cookieA, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'admin_takeover' }),
        });
        expect(res.status).toBe(200);
        const deadline = Date.now() + 5000;
        while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        ws.close();
        expect(received).toContainEqual({ type: 'conversation_update', data: { id, status: 'admin_takeover' } });
      } finally {
        await a.stop();
        await b.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
