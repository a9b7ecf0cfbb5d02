// The production build as an operator runs it (see playwright.production.config.ts):
// one origin for the dashboard and the API, compressed and cached assets, the
// security headers and CSP the dashboard runs under, health checks, JSON logs,
// a graceful SIGTERM, and a backup taken while the server runs that restores
// into a new folder with the same data.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import WebSocket from 'ws';
import {
  ADMIN,
  dataDir,
  RELEASE_DIR,
  runTool,
  startProductionServer,
  type ProductionServer,
  WORK_DIR,
} from './release';
import { deferredDownloadsDone, expectDashboardPageHeaders, signInOnScreen } from './page';

test.describe.configure({ mode: 'serial' });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function signedIn(url: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: url });
  const res = await api.post('/api/auth/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

const byId = <T extends { id: number }>(items: T[]) => [...items].sort((a, b) => a.id - b.id);

let server: ProductionServer | undefined;
test.afterAll(async () => {
  await server?.stop();
});

test('a fresh data folder starts empty, answers its health checks and logs one JSON line per request', async () => {
  server = await startProductionServer(dataDir('fresh'));
  const api = await signedIn(server.url);
  expect(await (await api.get('/api/products')).json()).toEqual([]);
  expect(await (await api.get('/api/conversations')).json()).toEqual([]);
  const wrong = await api.post('/api/auth/login', { data: { username: ADMIN.username, password: 'not the password' } });
  expect(wrong.status()).toBe(401);

  const health = await api.get('/healthz');
  expect(health.status()).toBe(200);
  const ready = await api.get('/readyz');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready' });
  const unknownApi = await api.get('/api/no-such-call');
  expect(unknownApi.status()).toBe(404);
  expect(unknownApi.headers()['content-type']).toContain('application/json');

  await expect
    .poll(() => server!.records().find((r) => r.msg === 'request' && r.route === '/api/products'))
    .toMatchObject({
      level: 30,
      method: 'GET',
      path: '/api/products',
      status: 200,
      reqId: expect.any(String),
      ms: expect.any(Number),
    });
  const records = server.records();
  expect(records.find((r) => r.msg === 'sign-in succeeded')).toMatchObject({
    username: ADMIN.username,
    ip: '127.0.0.1',
  });
  expect(records.find((r) => r.msg === 'sign-in failed')).toMatchObject({ username: ADMIN.username, ip: '127.0.0.1' });
  // Every line is JSON, and none holds a password or a session cookie.
  const cookie = (await api.storageState()).cookies.find((c) => c.name === 'sid')!.value;
  for (const line of server.lines) {
    expect(() => JSON.parse(line), line).not.toThrow();
    expect(line).not.toContain(ADMIN.password);
    expect(line).not.toContain('not the password');
    expect(line).not.toContain(cookie);
  }
  expect(records.some((r) => String(r.msg).includes('seeded demo'))).toBe(false);
  await api.dispose();
  expect(await server.stop()).toBe(0);
  server = undefined;
});

test.describe('with demo data', () => {
  const violations: string[] = [];

  async function watchPage(page: Page) {
    // Reported by the browser for anything the Content-Security-Policy blocks.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
      });
    });
    page.on('console', (message) => {
      // The session check before signing in answers 401, which the browser reports itself.
      if (message.type() !== 'error' || /status of 401/.test(message.text())) return;
      violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(error.message));
  }

  test('the dashboard and its deep links load from the server under its CSP, and sign-in works', async ({ page }) => {
    server = await startProductionServer(dataDir('demo'), { DEMO_SEED: 'true' });
    await watchPage(page);
    // The page's clock, to run its deferred downloads at the end without waiting for them.
    await page.clock.install();

    const first = await page.goto(`${server.url}/products/edit/3`);
    expect(first!.status()).toBe(200);
    expectDashboardPageHeaders(first!.headers());

    await expect(page).toHaveURL(/\/login$/);
    await signInOnScreen(page, ADMIN);

    // Deep links answered with the app, which opens that screen.
    await page.goto(`${server.url}/products/edit/3`);
    await expect(page.getByLabel('Product Name', { exact: true })).not.toHaveValue('');
    await page.goto(`${server.url}/conversations/5`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(`${server.url}/analytics`);
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await deferredDownloadsDone(page);
    expect(violations).toEqual([]);
  });

  test('hashed assets are compressed and cached for a year; the API is never stored', async () => {
    const html = await (await fetch(`${server!.url}/`)).text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)![1];
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${server!.url}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).toContain('javascript');
      // fetch decodes the body: it is the file the build wrote.
      expect(await res.text()).toBe(readFileSync(join(RELEASE_DIR, 'dist', script)).toString('utf8'));
    }
    const api = await signedIn(server!.url);
    const list = await api.get('/api/conversations', { headers: { 'accept-encoding': 'gzip' } });
    expect(list.headers()['content-encoding']).toBe('gzip');
    expect(list.headers()['cache-control']).toBe('no-store');
    const csv = await api.get('/api/conversations/export');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['cache-control']).toBe('no-store');
    await api.dispose();
  });

  test('SIGTERM finishes requests in flight, closes sockets with 1001, exits 0 and loses nothing', async () => {
    const api = await signedIn(server!.url);
    const cookie = (await api.storageState()).cookies.find((c) => c.name === 'sid')!;
    const socket = new WebSocket(`${server!.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: `sid=${cookie.value}`, origin: server!.url },
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    const names = Array.from({ length: 12 }, (_, i) => `Shutdown Granite ${i} ${Date.now()}`);
    const creations = names.map((name) =>
      api
        .post('/api/products', {
          multipart: {
            name,
            category: 'granite',
            startingPrice: '1000',
            endingPrice: '2000',
            productImage: { name: 'slab.png', mimeType: 'image/png', buffer: PNG },
          },
        })
        .then(
          (res) => ({ name, status: res.status() }),
          () => ({ name, status: 0 }),
        ),
    );
    // SIGTERM as soon as the first creation has been answered, with the others in flight.
    await Promise.race(creations);
    const stopping = server!;
    const exitCode = stopping.stop();
    const results = await Promise.all(creations);
    expect(await exitCode, stopping.lines.slice(-15).join('\n')).toBe(0);
    expect(await closed).toBe(1001);
    const created = results.filter((r) => r.status === 201).map((r) => r.name);
    expect(created.length).toBeGreaterThan(0);
    // Refused ones were refused whole (connection closed or 503), never half-done.
    for (const r of results) expect([201, 503, 0]).toContain(r.status);
    await api.dispose();

    server = await startProductionServer(server!.dataDir);
    const again = await signedIn(server.url);
    const products = (await (await again.get('/api/products')).json()) as { name: string; productImageUrl?: string }[];
    for (const name of created) expect(products.map((p) => p.name)).toContain(name);
    const kept = products.find((p) => p.name === created[0])!;
    const image = await again.get(kept.productImageUrl!);
    expect(Buffer.from(await image.body())).toEqual(PNG);
    expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    await again.dispose();
  });

  test('a backup taken while the server runs restores into a new folder with the same products and conversations', async () => {
    const api = await signedIn(server!.url);
    const before = {
      products: byId((await (await api.get('/api/products')).json()) as { id: number }[]),
      conversations: byId((await (await api.get('/api/conversations')).json()) as { id: number }[]),
    };
    expect(before.conversations.length).toBeGreaterThan(0);
    // Every product picture as the running server serves it (the demo's and the ones added above).
    const images = new Map<string, Buffer>();
    for (const { productImageUrl } of before.products as { productImageUrl?: string | null }[])
      if (productImageUrl) images.set(productImageUrl, Buffer.from(await (await api.get(productImageUrl)).body()));
    expect(images.size).toBeGreaterThan(0);
    const file = join(WORK_DIR, 'backup.tar.gz');
    const backup = runTool('backup', [file], { DATA_DIR: server!.dataDir });
    expect(backup.status, backup.output).toBe(0);
    expect(statSync(file).mode & 0o077).toBe(0); // readable by its owner only
    // The server kept answering.
    expect((await api.get('/readyz')).status()).toBe(200);
    await api.dispose();

    const restoredDir = dataDir('restored');
    const restore = runTool('restore', [file], { DATA_DIR: restoredDir });
    expect(restore.status, restore.output).toBe(0);
    expect(existsSync(join(restoredDir, 'uploads'))).toBe(true);
    const refused = runTool('restore', [file], { DATA_DIR: restoredDir });
    expect(refused.status).not.toBe(0); // never over existing data

    const restored = await startProductionServer(restoredDir);
    try {
      const copy = await signedIn(restored.url);
      expect(byId((await (await copy.get('/api/products')).json()) as { id: number }[])).toEqual(before.products);
      expect(byId((await (await copy.get('/api/conversations')).json()) as { id: number }[])).toEqual(
        before.conversations,
      );
      for (const [url, bytes] of images) expect(Buffer.from(await (await copy.get(url)).body())).toEqual(bytes);
      await copy.dispose();
    } finally {
      expect(await restored.stop()).toBe(0);
    }
  });
});
