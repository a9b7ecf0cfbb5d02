// deploy/nginx/stone-sinks.conf as an operator runs it: Debian's nginx serving
// the release's dist/ in front of the reference server, started as its own
// process with demo data. The dashboard works through it in Chromium under the
// same CSP (deep links, sign-in, live updates over /ws), files and API answers
// carry the reference server's headers and caching, pictures and the CSV export
// pass through, and a stopped backend gives the dashboard JSON, not an HTML page.
// That the documentation links deploy/'s files (rather than copying them) is a
// unit test: scripts/docs/__tests__/docs.test.ts.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { nginxBinary, SECURITY_HEADERS, securityHeaders, startNginx, type Nginx } from './nginx';
import { deferredDownloadsDone, expectDashboardPageHeaders, signInOnScreen } from './page';
import { ADMIN, dataDir, RELEASE_DIR, startProductionServer, type ProductionServer } from './release';

test.skip(!nginxBinary(), 'no nginx binary (/usr/sbin/nginx): apt-get install nginx libnginx-mod-http-brotli-static');

const UNREACHABLE = { message: 'The chatbot backend could not be reached. Try again in a moment.' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function signedIn(url: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: url });
  const res = await api.post('/api/auth/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** CSP violations (reported by the browser), other console errors and uncaught errors. */
async function watchPage(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    // The session check before signing in answers 401, which the browser reports itself.
    if (message.type() !== 'error' || /status of 401/.test(message.text())) return;
    problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('the dashboard behind nginx', () => {
  test.describe.configure({ mode: 'serial' });

  let backend: ProductionServer | undefined;
  let nginx: Nginx | undefined;

  test.beforeAll(async () => {
    const data = dataDir('nginx-backend');
    rmSync(data, { recursive: true, force: true });
    // TRUST_PROXY: the server believes nginx's X-Forwarded-Host, which its Origin check compares with.
    backend = await startProductionServer(data, { DEMO_SEED: 'true', TRUST_PROXY: '127.0.0.1' });
    nginx = await startNginx(backend.url);
  });

  test.afterAll(async () => {
    await nginx?.stop();
    await backend?.stop();
  });

  test('a deep link answers the app under its CSP; sign-in, a product and a conversation open with no violation', async ({
    page,
  }) => {
    const problems = await watchPage(page);
    // The page's clock, to run its deferred downloads at the end without waiting for them.
    await page.clock.install();
    const first = await page.goto(`${nginx!.url}/products/edit/3`);
    expect(first!.status()).toBe(200);
    expectDashboardPageHeaders(first!.headers());

    await expect(page).toHaveURL(/\/login$/);
    await signInOnScreen(page, ADMIN);

    await page.goto(`${nginx!.url}/products/edit/3`);
    await expect(page.getByLabel('Product Name', { exact: true })).not.toHaveValue('');
    await page.goto(`${nginx!.url}/conversations/5`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await deferredDownloadsDone(page);
    expect(problems).toEqual([]);
  });

  test('live updates arrive over /ws through nginx', async ({ page }) => {
    const problems = await watchPage(page);
    const login = await page.request.post(`${nginx!.url}/api/auth/login`, { data: ADMIN });
    expect(login.status()).toBe(200);
    const other = await signedIn(nginx!.url);
    const conversations = (await (await other.get('/api/conversations')).json()) as { id: number; status: string }[];
    const waiting = conversations.find((c) => c.status !== 'admin_takeover')!;
    const frames: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));

    await page.goto(`${nginx!.url}/conversations/${waiting.id}`);
    await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible();
    const takeover = page.getByRole('switch', { name: 'Admin Takeover' });
    await expect(takeover).not.toBeChecked();
    // Another admin takes the conversation over: the server announces it on the socket.
    const taken = await other.patch(`/api/conversations/${waiting.id}`, { data: { status: 'admin_takeover' } });
    expect(taken.status(), await taken.text()).toBe(200);
    await expect(takeover).toBeChecked();
    expect(frames.map((frame) => JSON.parse(frame) as unknown)).toContainEqual({
      type: 'conversation_update',
      data: { id: waiting.id, status: 'admin_takeover' },
    });
    await other.dispose();
    expect(problems).toEqual([]);
  });

  test('hashed assets go out precompressed and cached for a year, the app is revalidated, a missing asset is a 404', async () => {
    const index = await fetch(`${nginx!.url}/`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)![1];
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${nginx!.url}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(res.headers.get('content-type')).toContain('javascript');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      // fetch decodes the body: it is the file the build wrote.
      expect(await res.text()).toBe(readFileSync(join(RELEASE_DIR, 'dist', script)).toString('utf8'));
      // The same headers as the reference server gives the same file.
      const direct = await fetch(`${backend!.url}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(securityHeaders(res.headers)).toEqual(securityHeaders(direct.headers));
    }
    for (const path of ['/index.html', '/theme-init.js', '/products/edit/3']) {
      const res = await fetch(`${nginx!.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(securityHeaders(res.headers), path).toEqual(
        securityHeaders((await fetch(`${backend!.url}${path}`)).headers),
      );
    }
    for (const path of ['/assets/nope.js', '/themes/nope/theme.css']) {
      const missing = await fetch(`${nginx!.url}${path}`);
      expect(missing.status, path).toBe(404);
      expect(await missing.text(), path).not.toContain('/assets/');
      expect(missing.headers.get('cache-control'), path).not.toContain('immutable');
      expect(missing.headers.get('content-security-policy'), path).toContain("script-src 'self'");
    }
  });

  test('API answers carry no-store and the same headers as the server, once each; the CSV export streams', async () => {
    const api = await signedIn(nginx!.url);
    const direct = await signedIn(backend!.url);
    const list = await api.get('/api/conversations');
    expect(list.status()).toBe(200);
    expect(list.headers()['content-type']).toContain('application/json');
    expect(list.headers()['cache-control']).toBe('no-store');
    expect(list.headers()['content-security-policy']).toContain("default-src 'self'");
    expect(list.headers()['x-content-type-options']).toBe('nosniff');
    const once = (name: string) => list.headersArray().filter((h) => h.name.toLowerCase() === name).length;
    for (const name of ['content-security-policy', 'x-content-type-options', 'cache-control', 'x-frame-options'])
      expect(once(name), name).toBe(1);
    // The same headers as the server gives the same call.
    const expected = (await direct.get('/api/conversations')).headers();
    const pick = (headers: Record<string, string>) => SECURITY_HEADERS.map((name) => [name, headers[name]]);
    expect(pick(list.headers())).toEqual(pick(expected));
    const conversations = (await list.json()) as unknown[];
    expect(conversations.length).toBeGreaterThan(0);

    const csv = await api.get('/api/conversations/export');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(csv.headers()['cache-control']).toBe('no-store');
    // Passed on as it is written (chunked), not gathered first.
    expect(csv.headers()['content-length']).toBeUndefined();
    expect((await csv.text()).trim().split('\n').length).toBeGreaterThan(conversations.length);
    await Promise.all([api.dispose(), direct.dispose()]);
  });

  test('a product picture from the demo data loads from /uploads through nginx', async ({ page }) => {
    const problems = await watchPage(page);
    const login = await page.request.post(`${nginx!.url}/api/auth/login`, { data: ADMIN });
    expect(login.status()).toBe(200);
    await page.goto(`${nginx!.url}/products`);
    const thumb = page.locator('img.product-thumb[src^="/uploads/"]').first();
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const src = (await thumb.getAttribute('src'))!;
    const picture = await fetch(`${nginx!.url}${src}`);
    const original = await fetch(`${backend!.url}${src}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
    expect(securityHeaders(picture.headers)).toEqual(securityHeaders(original.headers));
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(Buffer.from(await original.arrayBuffer()));
    expect(problems).toEqual([]);
  });

  test('with the backend stopped, the API answers a JSON 502 and the app still loads', async () => {
    expect(await backend!.stop()).toBe(0);
    const me = await fetch(`${nginx!.url}/api/auth/me`);
    expect(me.status).toBe(502);
    expect(me.headers.get('content-type')).toContain('application/json');
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await me.json()).toEqual(UNREACHABLE);
    expect((await fetch(`${nginx!.url}/conversations/5`)).status).toBe(200);
    // Nothing worse than the refused connections.
    expect(nginx!.errorLog()).not.toMatch(/\[(crit|alert|emerg)\]/);
  });
});
