import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../helpers';
import { loadOperations } from '../../app/openapi/openapi';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ loginRateLimit: 3 });
});
afterAll(() => server.close());

describe('sessions', () => {
  it('sets an HttpOnly, SameSite=Lax sid cookie and answers /me with it', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      remoteAddress: '10.0.0.1',
    });
    expect(login.statusCode).toBe(200);
    const header = String(login.headers['set-cookie']);
    expect(header).toMatch(/^sid=[\w-]{40,};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).not.toContain('Secure');
    const me = await server.app.inject({ url: '/api/auth/me', headers: { cookie: server.cookie } });
    expect(me.json()).toEqual({ id: 1, username: 'admin' });
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const { startTestServer: start } = await import('../helpers');
    const proxied = await start({ trustProxy: 1 });
    try {
      const login = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: ADMIN,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(String(login.headers['set-cookie'])).toContain('Secure');
    } finally {
      await proxied.close();
    }
  });

  it('stores passwords as argon2id hashes', async () => {
    const row = await server.database.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a wrong password with 401', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { ...ADMIN, password: 'nope' },
      remoteAddress: '10.0.0.2',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid username or password' });
  });

  it('ends a session when it expires', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      remoteAddress: '10.0.0.3',
    });
    const cookie = `sid=${login.cookies[0].value}`;
    expect((await server.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    const start = server.clock.now;
    server.clock.now = new Date(start.getTime() + 3_600_000 + 1000);
    try {
      expect((await server.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      server.clock.now = start;
    }
  });

  it('ends the session on logout', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      remoteAddress: '10.0.0.4',
    });
    const cookie = `sid=${login.cookies[0].value}`;
    const out = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^sid=;/);
    expect((await server.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('rate-limits sign-in attempts per address', async () => {
    const attempt = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { ...ADMIN, password: 'guess' },
        remoteAddress: '10.9.9.9',
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const other = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      remoteAddress: '10.9.9.10',
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a state-changing request from a foreign Origin', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: { cookie: server.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    const same = await server.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: { cookie: server.cookie, origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers 401 on every protected route without a cookie and with a made-up one', async () => {
    const ops = loadOperations().filter((op) => !op.public);
    expect(ops.length).toBeGreaterThan(20);
    for (const op of ops) {
      const url = op.url.replace(':id', '1');
      for (const cookie of [undefined, 'sid=made-up-session-token']) {
        const res = await server.app.inject({ method: op.method, url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, `${op.method} ${url} ${cookie ?? ''}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Not authenticated' });
      }
    }
  });
});

describe('admin command', () => {
  it('adds an admin, and a reset changes the password and ends its sessions', async () => {
    const auth = server.app.services.auth;
    expect(await auth.setAdmin('joyce', 'first-password')).toBe('created');
    const session = await auth.login('joyce', 'first-password');
    expect(session).toBeDefined();
    expect(await auth.setAdmin('joyce', 'second-password')).toBe('reset');
    expect(await auth.userForToken(session!.token)).toBeUndefined();
    expect(await auth.login('joyce', 'first-password')).toBeUndefined();
    expect((await auth.login('joyce', 'second-password'))?.user.username).toBe('joyce');
  });

  it('creates the first admin only when there is none', async () => {
    expect(await server.app.services.auth.ensureFirstAdmin('someone', 'else')).toBe(false);
  });
});
