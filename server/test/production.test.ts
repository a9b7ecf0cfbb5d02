// Production mode in-process: the built dashboard served beside the API,
// caching and compression, security headers, health checks, logs, and the
// configuration's secure defaults.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../app/config';
import { ADMIN, startTestServer, type TestServer } from './helpers';

const INDEX =
  '<!doctype html><html><head><script src="/theme-init.js"></script></head><body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-test-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'theme-init.js'), '/* theme */');
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'index-AbC123.js.gz'), gzipSync(SCRIPT));
  return dir;
}

const logLines: Record<string, unknown>[] = [];
let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = fakeDist();
  server = await startTestServer({
    dashboardDir: dist,
    log: { level: 'info', pretty: false, stream: { write: (line: string) => void logLines.push(JSON.parse(line)) } },
    beforeReady: (app) => {
      app.get('/api/boom', { config: { public: true } }, async () => {
        throw new Error('database exploded at row 7');
      });
    },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('the built dashboard', () => {
  it('answers every client route with the app, revalidated on each load', async () => {
    for (const url of ['/', '/conversations/5', '/products/edit/3', '/settings?tab=x', '/no/such/screen']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
  });

  it('keeps unknown API paths, missing assets and other methods JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-call'],
      ['GET', '/api'],
      ['GET', '/assets/index-gone.js'],
      ['POST', '/conversations/5'],
      ['GET', '/uploads/nothing.png'],
    ] as const) {
      const res = await server.app.inject({ method, url, headers: { cookie: server.cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toContain('application/json');
    }
  });

  it('caches hashed assets for a year and sends the precompressed copy the browser accepts', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect((await get('/theme-init.js')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses API answers for clients that ask, and never lets them be stored', async () => {
    for (let i = 0; i < 30; i++) {
      await server.database.db
        .insertInto('products')
        .values({
          name: `Absolute Black Granite ${i}`,
          category: 'granite',
          starting_price: 1000,
          ending_price: 2000,
          stock: 0,
          is_active: true,
          installation_image_urls: [],
        })
        .execute();
    }
    const res = await get('/api/products', { cookie: server.cookie, 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toHaveLength(30);
    expect(res.headers['cache-control']).toBe('no-store');
    const csv = await get('/api/conversations/export', { cookie: server.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['cache-control']).toBe('no-store');
    expect((await get('/api/products/export', { cookie: server.cookie })).headers['cache-control']).toBe('no-store');
  });
});

describe('security headers', () => {
  it('sends the CSP and the other headers on pages, API answers and errors alike', async () => {
    for (const url of ['/', '/api/products', '/api/no-such-call', '/healthz']) {
      const res = await get(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*('unsafe-inline'|'unsafe-eval'|https?:|\*)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS only to requests that came over https through a trusted proxy', async () => {
    const proxied = await startTestServer({ trustProxy: '127.0.0.1' as never, dashboardDir: dist });
    try {
      const https = await proxied.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.app.inject({ url: '/' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('health checks', () => {
  it('/healthz answers while the process runs; /readyz when the database answers and every migration is applied', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    const last = await server.database.db
      .selectFrom('schema_migrations')
      .select('version')
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    await sql`delete from schema_migrations where version = ${last.version}`.execute(server.database.db);
    try {
      const notReady = await get('/readyz');
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json().reason).toContain(`migrations not applied: ${last.version}`);
    } finally {
      await sql`insert into schema_migrations (version, name) values (${last.version}, 'restored')`.execute(
        server.database.db,
      );
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('writes one line per request with its id, method, route, status and time, and never the query string', async () => {
    logLines.length = 0;
    await get('/api/conversations/search?customerPhone=%2B254712345678', { cookie: server.cookie });
    const line = logLines.find((l) => l.msg === 'request' && l.path === '/api/conversations/search');
    expect(line).toMatchObject({
      method: 'GET',
      route: '/api/conversations/search',
      status: 200,
      reqId: expect.any(String),
      ms: expect.any(Number),
    });
    expect(JSON.stringify(logLines)).not.toContain('254712345678');
  });

  it('logs sign-in successes and failures with the username and address, never the password or the cookie', async () => {
    logLines.length = 0;
    const ok = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      remoteAddress: '192.0.2.7',
    });
    await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'mallory', password: 'hunter2-guess' },
      remoteAddress: '192.0.2.8',
    });
    expect(logLines.find((l) => l.msg === 'sign-in succeeded')).toMatchObject({
      username: ADMIN.username,
      ip: '192.0.2.7',
    });
    expect(logLines.find((l) => l.msg === 'sign-in failed')).toMatchObject({
      username: 'mallory',
      ip: '192.0.2.8',
      status: 401,
    });
    const text = JSON.stringify(logLines);
    expect(text).not.toContain(ADMIN.password);
    expect(text).not.toContain('hunter2-guess');
    expect(text).not.toContain(ok.cookies[0].value);
  });

  it('logs every 5xx with its stack, and tells the client nothing of it', async () => {
    logLines.length = 0;
    const res = await get('/api/boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('exploded');
    const error = logLines.find((l) => l.level === 50) as { err?: { message: string; stack: string } } | undefined;
    expect(error?.err?.message).toBe('database exploded at row 7');
    expect(error?.err?.stack).toContain('production.test.ts');
  });
});

describe('secure defaults', () => {
  const base = { DATA_DIR: join(tmpdir(), 'config-test') };

  it('uses the development password only on a loopback address', () => {
    expect(loadConfig({ ...base, HOST: '127.0.0.1' }).adminPassword).toBe('admin123');
    expect(loadConfig({ ...base, HOST: 'localhost' }).adminPassword).toBe('admin123');
    for (const HOST of ['0.0.0.0', '192.168.1.20', '::']) {
      expect(() => loadConfig({ ...base, HOST }), HOST).toThrow(/set ADMIN_PASSWORD/);
    }
    expect(loadConfig({ ...base, HOST: '0.0.0.0', ADMIN_PASSWORD: 'a-long-enough-password' }).adminPassword).toBe(
      'a-long-enough-password',
    );
  });

  it('refuses an admin password shorter than 12 characters', () => {
    expect(() => loadConfig({ ...base, ADMIN_PASSWORD: 'elevenchars' })).toThrow(/at least 12 characters/);
    expect(loadConfig({ ...base, ADMIN_PASSWORD: 'twelve-chars' }).adminPasswordSet).toBe(true);
  });

  it('in production: no demo data unless asked, the built dashboard served, and PGlite only when the risk is accepted', () => {
    const production = { ...base, NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-enough-password' };
    expect(() => loadConfig(production)).toThrow(/power loss/);
    const embedded = loadConfig({ ...production, EMBEDDED_DATABASE: 'accept-risk' });
    expect(embedded.demoSeed).toBe(false);
    expect(embedded.dashboardDir).toMatch(/dist$/);
    expect(loadConfig({ ...production, DATABASE_URL: 'postgres://db/stone' }).databaseUrl).toBe('postgres://db/stone');
    expect(loadConfig({ ...production, EMBEDDED_DATABASE: 'accept-risk', DEMO_SEED: 'true' }).demoSeed).toBe(true);
    expect(loadConfig(base).demoSeed).toBe(true);
    expect(loadConfig(base).dashboardDir).toBeUndefined();
  });
});
