// Sessions, sockets, host names and sign-in limits, as an outside client sees
// them: a socket ends with its session; the server answers only its own host
// names and its own (or configured) origins; sign-in limits hold behind a
// proxy, per account, across instances, and let the real user back in soon.
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { AppOptions } from '../../app/app';
import { loadConfig } from '../../app/config';
import { ACCOUNT_MAX_WAIT_MS, ADDRESS_WINDOW_MS } from '../../modules/auth/sign-in-limits';
import { ADMIN, startTestServer, type TestServer } from '../helpers';

const servers: TestServer[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  // Second instances first: they share the database the first one closes.
  for (const cleanup of cleanups.splice(0)) await cleanup();
  for (const server of servers.splice(0)) await server.close();
});

async function start(overrides: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(overrides);
  servers.push(server);
  return server;
}

/** Another server instance on the first one's database (two processes on one PostgreSQL server). */
async function startSecond(first: TestServer, overrides: Parameters<typeof startTestServer>[0] = {}) {
  const second = await startTestServer({ ...overrides, database: first.database });
  second.clock.now = first.clock.now;
  cleanups.push(async () => {
    await second.app.close();
    rmSync(second.dataDir, { recursive: true, force: true });
  });
  return second;
}

/**
 * A server without the test-only contract check: a refused host name is
 * answered 421 before any route runs, which openapi.yaml's operations do not
 * list (it is not an answer of the API).
 */
async function startUnchecked(config: Partial<AppOptions['config']> = {}) {
  const server = await startTestServer({ ...config, validateResponses: false });
  cleanups.push(() => server.close());
  return server.app;
}

const signIn = async (app: FastifyInstance, remoteAddress = '192.0.2.10') => {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  return `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
};

const openSocket = (app: FastifyInstance, headers: Record<string, string>) =>
  app.injectWS('/ws', { headers: { host: 'localhost:8080', ...headers } }) as Promise<WebSocket>;

/** The socket's close code and reason, or a rejection after `ms`. */
function closeOf(ws: WebSocket, ms = 3_000): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    ws.on('close', (code, reason) => {
      clearTimeout(timer);
      resolve({ code, reason: reason.toString() });
    });
  });
}

const received = (ws: WebSocket) => {
  const messages: string[] = [];
  ws.on('message', (data) => messages.push(String(data)));
  return messages;
};

describe('a socket lives no longer than its session', () => {
  it('is closed with 4401 "session ended" on logout, and gets no event afterwards', async () => {
    const server = await start();
    const cookie = await signIn(server.app);
    const ws = await openSocket(server.app, { cookie });
    const messages = received(ws);
    const closed = closeOf(ws);
    const out = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(await closed).toEqual({ code: 4401, reason: 'session ended' });
    server.app.hub.publish({ type: 'conversation_update', data: { id: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(messages).toEqual([]);
  });

  it('is closed with 4401 once the session has expired', async () => {
    const server = await start({ sessionCheckMs: 50 });
    const cookie = await signIn(server.app);
    const ws = await openSocket(server.app, { cookie });
    const closed = closeOf(ws);
    server.clock.now = new Date(server.clock.now.getTime() + 3_600_000 + 1_000);
    expect(await closed).toEqual({ code: 4401, reason: 'session ended' });
  });

  it('is closed with 4401 when its session is gone from the database (a password reset by the admin command)', async () => {
    const server = await start({ sessionCheckMs: 50 });
    const cookie = await signIn(server.app);
    const ws = await openSocket(server.app, { cookie });
    const other = await openSocket(server.app, { cookie: server.cookie });
    const closed = closeOf(ws);
    // What `npm run server:admin -- admin` does, from another process: the
    // user's sessions are deleted in the database.
    await server.database.db.deleteFrom('sessions').execute();
    expect(await closed).toEqual({ code: 4401, reason: 'session ended' });
    expect(await closeOf(other)).toEqual({ code: 4401, reason: 'session ended' });
  });

  it('is closed by another instance on the same database after a logout there', async () => {
    const first = await start({ sessionCheckMs: 50 });
    const second = await startSecond(first, { sessionCheckMs: 50 });
    const cookie = await signIn(first.app);
    const ws = await openSocket(second.app, { cookie });
    const closed = closeOf(ws);
    expect((await first.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(
      204,
    );
    expect(await closed).toEqual({ code: 4401, reason: 'session ended' });
  });

  it('keeps a live session open, and closes with 1001 when the server shuts down', async () => {
    const server = await startTestServer({ sessionCheckMs: 50 });
    cleanups.push(async () => {
      await server.database.close();
      rmSync(server.dataDir, { recursive: true, force: true });
    });
    const ws = await openSocket(server.app, { cookie: server.cookie });
    const messages = received(ws);
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.app.hub.publish({ type: 'conversation_update', data: { id: 7 } });
    await expect.poll(() => messages).toEqual([JSON.stringify({ type: 'conversation_update', data: { id: 7 } })]);
    const closed = closeOf(ws);
    await server.app.close();
    expect((await closed).code).toBe(1001);
  });
});

describe('host names and origins', () => {
  const foreign = { host: 'attacker.example:8080', origin: 'http://attacker.example:8080' };

  it('refuses a foreign host name on sign-in and on the export with 421 and { message }', async () => {
    const app = await startUnchecked({ host: '127.0.0.1' });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN, headers: foreign });
    expect(login.statusCode).toBe(421);
    expect(login.json()).toEqual({ message: 'This server does not answer to that host name' });
    expect(login.headers['set-cookie']).toBeUndefined();

    const cookie = await signIn(app);
    const exported = await app.inject({ url: '/api/conversations/export', headers: { ...foreign, cookie } });
    expect(exported.statusCode).toBe(421);
    expect(exported.body).not.toContain('+254');
    const reply = await app.inject({
      method: 'POST',
      url: '/api/conversations/1/messages',
      payload: { content: 'hello' },
      headers: { ...foreign, cookie },
    });
    expect(reply.statusCode).toBe(421);
    // The same requests under the server's own name are answered.
    expect(
      (await app.inject({ url: '/api/conversations/export', headers: { cookie, host: 'localhost:8080' } })).statusCode,
    ).toBe(200);
  });

  it('answers the loopback names, PUBLIC_ORIGIN, ALLOWED_HOSTS, ALLOWED_ORIGINS and the bound address; health checks under any name', async () => {
    const app = await startUnchecked({
      host: '10.1.2.3',
      publicOrigin: 'https://dashboard.example.co.ke',
      allowedHosts: ['intranet.example', 'lan.example:8443'],
      allowedOrigins: ['http://dev.example:5173'],
    });
    const cookie = await signIn(app);
    const status = async (host: string) =>
      (await app.inject({ url: '/api/auth/me', headers: { cookie, host } })).statusCode;
    for (const host of [
      'localhost:8080',
      '127.0.0.1',
      '[::1]:9000',
      'dashboard.example.co.ke',
      'intranet.example:1234',
      'lan.example:8443',
      'dev.example:5173',
      '10.1.2.3:8080',
    ]) {
      expect(await status(host), host).toBe(200);
    }
    for (const host of [
      'attacker.example',
      'lan.example:8444',
      'dashboard.example.co.ke.attacker.example',
      '10.1.2.4:8080',
    ]) {
      expect(await status(host), host).toBe(421);
    }
    expect((await app.inject({ url: '/healthz', headers: { host: '172.17.0.5:8080' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz', headers: { host: 'attacker.example' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/uploads/none.png', headers: { host: 'attacker.example' } })).statusCode).toBe(
      421,
    );
  });

  it('checks the X-Forwarded-Host a trusted proxy passes on', async () => {
    const app = await startUnchecked({ trustProxy: 1, publicOrigin: 'https://dashboard.example.co.ke' });
    const cookie = await signIn(app, '127.0.0.1');
    const via = (forwardedHost: string) =>
      app.inject({
        url: '/api/auth/me',
        remoteAddress: '127.0.0.1',
        headers: { cookie, host: '127.0.0.1:8080', 'x-forwarded-host': forwardedHost },
      });
    expect((await via('dashboard.example.co.ke')).statusCode).toBe(200);
    expect((await via('attacker.example')).statusCode).toBe(421);
  });

  it('refuses a foreign host name on the /ws upgrade', async () => {
    const server = await start();
    await expect(server.app.injectWS('/ws', { headers: { ...foreign, cookie: server.cookie } })).rejects.toThrow(
      'Unexpected server response: 421',
    );
  });

  it('refuses a foreign Origin and Origin: null on the /ws upgrade; its own origin and no Origin are let in', async () => {
    const server = await start();
    const headers = { cookie: server.cookie, host: 'localhost:8080' };
    await expect(openSocket(server.app, { ...headers, origin: 'https://evil.example' })).rejects.toThrow(
      'Unexpected server response: 403',
    );
    await expect(openSocket(server.app, { ...headers, origin: 'null' })).rejects.toThrow(
      'Unexpected server response: 403',
    );
    await expect(openSocket(server.app, { ...headers, origin: 'http://localhost:8081' })).rejects.toThrow(
      'Unexpected server response: 403',
    );
    const own = await openSocket(server.app, { ...headers, origin: 'http://localhost:8080' });
    own.terminate();
    const tool = await openSocket(server.app, headers);
    tool.terminate();
  });

  it('refuses Origin: null on a state-changing request', async () => {
    const server = await start();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: { cookie: server.cookie, origin: 'null' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-origin request refused' });
  });

  it('reads PUBLIC_ORIGIN and ALLOWED_HOSTS, and refuses what is not an origin or a host name', () => {
    const config = loadConfig({
      PUBLIC_ORIGIN: 'https://Dashboard.example.co.ke/',
      ALLOWED_HOSTS: 'a.example, B.example:8080',
    });
    expect(config.publicOrigin).toBe('https://dashboard.example.co.ke');
    expect(config.allowedHosts).toEqual(['a.example', 'b.example:8080']);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://dashboard.example.co.ke/app' })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'http://a.example' })).toThrow(/ALLOWED_HOSTS/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'a.example' })).toThrow(/ALLOWED_ORIGINS/);
  });
});

describe('sign-in limits', () => {
  const wrong = (
    app: FastifyInstance,
    options: { username?: string; remoteAddress: string; headers?: Record<string, string> },
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: options.username ?? ADMIN.username, password: 'not the password' },
      remoteAddress: options.remoteAddress,
      headers: options.headers,
    });

  it('refuses TRUST_PROXY=true, and reads a hop count or proxy addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true/);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('behind one proxy (TRUST_PROXY=1), a client rotating X-Forwarded-For is still limited by the address the proxy saw', async () => {
    const server = await start({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy, loginRateLimit: 5 });
    const proxy = '10.0.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // A different username each time: only the address limit is at play.
      const res = await wrong(server.app, {
        username: `guess-${i}`,
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Another client behind the same proxy is not held back.
    const other = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(other.statusCode).toBe(200);
    // A client connecting from a public address directly is not taken for a proxy.
    const direct: number[] = [];
    for (let i = 0; i < 7; i++) {
      direct.push(
        (
          await wrong(server.app, {
            username: `direct-${i}`,
            remoteAddress: '198.51.100.200',
            headers: { 'x-forwarded-for': `192.0.2.${i}` },
          })
        ).statusCode,
      );
    }
    expect(direct.slice(5)).toEqual([429, 429]);
  });

  it('answers 429 with Retry-After in the contract shape', async () => {
    const server = await start({ loginRateLimit: 2 });
    for (let i = 0; i < 2; i++) await wrong(server.app, { username: `x${i}`, remoteAddress: '192.0.2.77' });
    const res = await wrong(server.app, { username: 'x3', remoteAddress: '192.0.2.77' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(ADDRESS_WINDOW_MS / 1000);
    expect(res.json()).toEqual({
      message: expect.stringMatching(/^Too many sign-in attempts; try again in \d+ seconds?$/),
    });
  });

  it('limits guesses at one account across many addresses', async () => {
    const server = await start();
    for (let i = 0; i < 5; i++)
      expect((await wrong(server.app, { remoteAddress: `198.51.100.${i + 1}` })).statusCode).toBe(401);
    const next = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      remoteAddress: '198.51.100.99',
    });
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(ACCOUNT_MAX_WAIT_MS / 1000);
    // Another account is not affected.
    expect((await wrong(server.app, { username: 'someone-else', remoteAddress: '198.51.100.99' })).statusCode).toBe(
      401,
    );
  });

  it('shares the limits between two instances on one database', async () => {
    const first = await start({ loginRateLimit: 3 });
    const second = await startSecond(first, { loginRateLimit: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      statuses.push((await wrong(app, { username: `shared-${i}`, remoteAddress: '192.0.2.55' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('lets the right password in again at most a minute after a flood, and a success clears the count', async () => {
    const server = await start({ loginRateLimit: 10 });
    const flooder = '192.0.2.99';
    // A flood from the user's own address and from many others.
    for (let i = 0; i < 30; i++) await wrong(server.app, { remoteAddress: i % 2 === 0 ? flooder : `198.51.100.${i}` });
    const during = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      remoteAddress: flooder,
    });
    expect(during.statusCode).toBe(429);
    const wait = Number(during.headers['retry-after']);
    expect(wait).toBeLessThanOrEqual(Math.max(ADDRESS_WINDOW_MS, ACCOUNT_MAX_WAIT_MS) / 1000);

    server.clock.now = new Date(server.clock.now.getTime() + Math.max(ADDRESS_WINDOW_MS, ACCOUNT_MAX_WAIT_MS));
    const after = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      remoteAddress: flooder,
    });
    expect(after.statusCode).toBe(200);
    // The account's failures are forgotten: a typo now is a plain 401, not a wait.
    expect((await wrong(server.app, { remoteAddress: '198.51.100.250' })).statusCode).toBe(401);
  });

  it('lets an address that signed in to the account before skip the account wait', async () => {
    const server = await start();
    await signIn(server.app, '192.0.2.200');
    for (let i = 0; i < 6; i++) await wrong(server.app, { remoteAddress: `198.51.100.${i + 1}` });
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: ADMIN,
          remoteAddress: '198.51.100.120',
        })
      ).statusCode,
    ).toBe(429);
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: ADMIN,
          remoteAddress: '192.0.2.200',
        })
      ).statusCode,
    ).toBe(200);
  });
});
