// Gateway mode (API_TARGET, server/gateway/): the built dashboard served by the
// production server in front of a business's own chatbot backend, with no
// database of its own. Proven against two backends: the reference server run as
// a separate process (state: a product saved with its picture, the CSV export, a
// takeover pushed over the socket, a sign-out from elsewhere), and the contract
// mocks (Prism and the realtime mock), which have only openapi.yaml's calls and
// asyncapi.yaml's messages. Then what a user sees when the backend is down or
// too slow, and the operator's /readyz and request log.
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type ConsoleMessage,
  type Page,
} from '@playwright/test';
import { PRODUCT_CSV_COLUMNS } from '../common/product-csv-columns';
import { inspectResponse } from '../e2e/fixtures/test';
import { createRealtimeControl } from '../mocks/realtime-events';
import { startContractMocks, startSilentBackend, type ContractMocks, type SilentBackend } from './backends';
import { expectDashboardPageHeaders, signInOnScreen } from './page';
import { ADMIN, dataDir, startProductionServer, type ProductionServer } from './release';

test.describe.configure({ mode: 'serial' });

// The smallest valid PNG: the reference server checks images by their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const UNREACHABLE = { message: 'The chatbot backend could not be reached. Try again in a moment.' };
const TOO_SLOW = { message: 'The chatbot backend took too long to answer. Try again in a moment.' };

/** A data folder of this spec's, emptied first: the demo data as seeded, also when the check is run again. */
function freshDataDir(name: string): string {
  const dir = dataDir(name);
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const toast = (page: Page) => page.locator('.toast');
const rows = (page: Page) => page.locator('.product-table tbody tr');
const live = (page: Page) => page.getByRole('status', { name: 'Live updates: connected' });

async function signedIn(url: string, credentials = ADMIN): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: url });
  const res = await api.post('/api/auth/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** A console error the test expects: its text and the address it names. */
type Allowed = (message: { text: string; url: string }) => boolean;

/** The session check before signing in answers 401, which the browser reports itself. */
const signedOutNoise: Allowed = ({ text }) => /status of 401/.test(text);

/**
 * Collects what would show the page broke: CSP violations (reported by the browser
 * for anything the Content-Security-Policy blocks), other console errors and
 * uncaught errors; `allowed` names the console errors a test expects. Also records
 * every close code the page's WebSockets see (window.socketCloses).
 */
async function watchPage(page: Page, allowed: Allowed[] = []): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
    const closes: number[] = [];
    (window as unknown as { socketCloses: number[] }).socketCloses = closes;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('close', (event) => closes.push(event.code));
      }
    };
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const seen = { text: message.text(), url: message.location().url };
    if ([signedOutNoise, ...allowed].some((allow) => allow(seen))) return;
    problems.push(`${seen.text} (${seen.url})`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const socketCloses = (page: Page) =>
  page.evaluate(() => (window as unknown as { socketCloses: number[] }).socketCloses);

/** Signs in through the login screen (already on it). */
/** The session ended on the server: the socket closed with 4401 and the dashboard went back to sign-in. */
async function expectSignedOutBySocket(page: Page) {
  await expect.poll(() => socketCloses(page)).toContain(4401);
  await expect(page).toHaveURL(/\/login$/);
  const ended = page.getByRole('list', { name: 'Notifications (F8)' }).getByRole('alert');
  await expect(ended).toContainText('Session ended');
  await expect(ended).toContainText('Your session has expired. Please log in again.');
  await expect(page.getByText('Admin Dashboard Login')).toBeVisible();
}

test.describe('in front of the reference server', () => {
  let backend: ProductionServer | undefined;
  let gateway: ProductionServer | undefined;
  const productName = `Nero Marquina Marble via gateway ${Date.now()}`;

  // Started once for the tests below (the backend's demo seed takes a while), before any test's clock runs.
  test.beforeAll(async () => {
    backend = await startProductionServer(freshDataDir('gateway-backend'), {
      DEMO_SEED: 'true',
      TRUST_PROXY: '127.0.0.1',
    });
    gateway = await startProductionServer(freshDataDir('gateway'), { API_TARGET: backend.url });
  });
  test.afterAll(async () => {
    await Promise.all([gateway?.stop(), backend?.stop()]);
  });

  test('the dashboard loads under its CSP, signs in, saves a product with its picture and exports the CSV', async ({
    page,
  }) => {
    const problems = await watchPage(page);

    const first = await page.goto(`${gateway!.url}/products/edit/3`);
    expect(first!.status()).toBe(200);
    expectDashboardPageHeaders(first!.headers());
    await expect(page).toHaveURL(/\/login$/);
    await signInOnScreen(page, ADMIN);

    // The deep link opens the backend's product 3.
    await page.goto(`${gateway!.url}/products/edit/3`);
    await expect(field(page, 'Product Name')).not.toHaveValue('');

    // A product saved through the form, its picture uploaded through the gateway and served back by it.
    await page.goto(`${gateway!.url}/products/new`);
    await field(page, 'Product Name').fill(productName);
    await field(page, 'Dimensions (mm)').fill('2800 x 1600');
    await field(page, 'Starting Price (KES)').fill('15500');
    await field(page, 'Ending Price (KES)').fill('21000');
    await field(page, 'Product Image').setInputFiles({ name: 'slab.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(toast(page).locator('.toast-title')).toHaveText('Product created');
    await expect(page).toHaveURL(/\/products$/);
    const row = rows(page).filter({ hasText: productName });
    await expect(row).toHaveCount(1);
    await expect(row.locator('td').nth(3)).toHaveText('15,500 - 21,000 KES');
    const thumb = row.locator('img.product-thumb');
    await expect(thumb).toHaveAttribute('src', /^\/uploads\/[\w-]+\.png$/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    const image = await page.request.get(`${gateway!.url}${await thumb.getAttribute('src')}`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await image.body())).toEqual(PNG);

    // The CSV export, downloaded through the Products screen.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    // The spec's columns, then Stock and Active (beyond the spec).
    expect(csv.split('\n')[0]).toBe([...PRODUCT_CSV_COLUMNS, 'Stock', 'Active'].join(','));
    expect(csv).toContain(`${productName},`);
    await expect(toast(page).locator('.toast-title')).toHaveText('Export successful');
    expect(problems).toEqual([]);
  });

  test('live updates arrive over the socket, and a sign-out elsewhere closes it with 4401 and ends the session', async ({
    page,
  }) => {
    const problems = await watchPage(page);
    const login = await page.request.post(`${gateway!.url}/api/auth/login`, { data: ADMIN });
    expect(login.status()).toBe(200);
    const other = await signedIn(gateway!.url);
    const conversations = (await (await other.get('/api/conversations')).json()) as { id: number; status: string }[];
    const waiting = conversations.find((c) => c.status !== 'admin_takeover')!;
    const frames: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));

    await page.goto(`${gateway!.url}/conversations/${waiting.id}`);
    await expect(live(page)).toBeVisible();
    const takeover = page.getByRole('switch', { name: 'Admin Takeover' });
    await expect(takeover).not.toBeChecked();
    // Another admin takes the conversation over: the backend announces it on the socket.
    const taken = await other.patch(`/api/conversations/${waiting.id}`, { data: { status: 'admin_takeover' } });
    expect(taken.status(), await taken.text()).toBe(200);
    await expect(takeover).toBeChecked();
    expect(frames.map((frame) => JSON.parse(frame) as unknown)).toContainEqual({
      type: 'conversation_update',
      data: { id: waiting.id, status: 'admin_takeover' },
    });

    // The page's own session signed out from elsewhere (another tab, a script): the backend closes its socket.
    const sid = (await page.context().cookies()).find((c) => c.name === 'sid')!;
    const elsewhere = await playwrightRequest.newContext({ baseURL: gateway!.url });
    const logout = await elsewhere.post('/api/auth/logout', { headers: { cookie: `sid=${sid.value}` } });
    expect(logout.status(), await logout.text()).toBe(204);
    await expectSignedOutBySocket(page);
    await Promise.all([elsewhere.dispose(), other.dispose()]);
    expect(problems).toEqual([]);
  });

  test('/readyz says ready, assets and the API keep their caching, and each proxied request is logged with the backend’s answer', async () => {
    const health = await fetch(`${gateway!.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${gateway!.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });

    const html = await (await fetch(`${gateway!.url}/`)).text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)![1];
    const asset = await fetch(`${gateway!.url}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const api = await signedIn(gateway!.url);
    const products = await api.get('/api/products');
    expect(products.status()).toBe(200);
    expect(products.headers()['cache-control']).toBe('no-store');
    expect(((await products.json()) as { name: string }[]).map((p) => p.name)).toContain(productName);

    await expect
      .poll(() =>
        gateway!.records().find((r) => r.msg === 'request' && r.method === 'GET' && r.path === '/api/products'),
      )
      .toMatchObject({ status: 200, upstreamStatus: 200, upstreamMs: expect.any(Number) });
    // Origin reaches the backend untouched: the browser's own (the gateway's, which the backend learns from
    // X-Forwarded-Host) was accepted above; another site's is still refused.
    const foreign = await api.post('/api/auth/logout', { headers: { origin: 'https://elsewhere.example' } });
    expect(foreign.status()).toBe(403);
    expect((await api.get('/api/auth/me')).status()).toBe(200);
    await api.dispose();
  });

  test('with the backend stopped, /readyz says not ready, the API answers 502 and the dashboard still shows sign-in', async ({
    page,
  }) => {
    expect(await backend!.stop()).toBe(0);
    const problems = await watchPage(page, [
      ({ text, url }) => /status of 502/.test(text) && new URL(url).pathname === '/api/auth/me',
    ]);

    const ready = await fetch(`${gateway!.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not ready', reason: expect.any(String) });
    expect((await fetch(`${gateway!.url}/healthz`)).status).toBe(200);
    const me = await fetch(`${gateway!.url}/api/auth/me`);
    expect(me.status).toBe(502);
    expect(me.headers.get('content-type')).toContain('application/json');
    expect(await me.json()).toEqual(UNREACHABLE);

    const loaded = await page.goto(`${gateway!.url}/`);
    expect(loaded!.status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Admin Dashboard Login')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a backend that never answers gets a 504 after API_TIMEOUT_SECONDS', async () => {
    let silent: SilentBackend | undefined;
    let slow: ProductionServer | undefined;
    try {
      silent = await startSilentBackend();
      slow = await startProductionServer(freshDataDir('gateway-slow'), {
        API_TARGET: silent.url,
        API_TIMEOUT_SECONDS: '1',
      });
      const started = Date.now();
      const [products, ready] = await Promise.all([
        fetch(`${slow.url}/api/products`).then(async (res) => ({
          status: res.status,
          type: res.headers.get('content-type'),
          body: (await res.json()) as unknown,
          ms: Date.now() - started,
        })),
        fetch(`${slow.url}/readyz`).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown })),
      ]);
      expect(products.status).toBe(504);
      expect(products.type).toContain('application/json');
      expect(products.body).toEqual(TOO_SLOW);
      expect(products.ms).toBeLessThan(3_000);
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'not ready' });
      await expect
        .poll(() => slow!.records().find((r) => r.msg === 'request' && r.path === '/api/products'))
        .toMatchObject({ status: 504 });
    } finally {
      await slow?.stop();
      await silent?.stop();
    }
  });
});

test.describe('in front of the contract mocks', () => {
  let mocks: ContractMocks | undefined;
  let gateway: ProductionServer | undefined;

  test.beforeAll(async () => {
    mocks = await startContractMocks();
    gateway = await startProductionServer(freshDataDir('gateway-mocks'), {
      API_TARGET: mocks.apiUrl,
      WS_TARGET: mocks.wsUrl,
    });
  });
  test.afterAll(async () => {
    await gateway?.stop();
    await mocks?.stop();
  });

  test('signs in, opens a deep link, shows pushed events and signs out on a 4401 close', async ({ page }) => {
    // Prism has no pictures: the contract examples' /uploads/… answer 404 here, and only those.
    const problems = await watchPage(page, [
      ({ text, url }) => /status of 404/.test(text) && new URL(url).pathname.startsWith('/uploads/'),
    ]);
    // Every call the dashboard makes, as the gateway forwarded it, fits openapi.yaml.
    const violations: Promise<string | null>[] = [];
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.startsWith('/uploads/')) violations.push(inspectResponse(response));
    });

    await page.goto(`${gateway!.url}/`);
    await expect(page).toHaveURL(/\/login$/);
    await signInOnScreen(page, { username: 'admin', password: 'any password will do' });

    const deep = await page.goto(`${gateway!.url}/conversations/102`);
    expect(deep!.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: 'Brian Otieno' })).toBeVisible();
    await expect(live(page)).toBeVisible();

    const realtime = createRealtimeControl(mocks!.controlUrl);
    await expect.poll(async () => (await realtime.status()).clients).toBe(1);
    const message = 'Customer asks about delivery to Kisumu, through the gateway';
    const pushed = await realtime.push('notification', { type: 'delivery_inquiry', message, conversationId: 102 });
    expect(pushed.delivered).toBe(1);
    const alert = page.getByRole('list', { name: 'Notifications (F8)' }).getByRole('alert');
    await expect(alert).toContainText('New Admin Action Required');
    await expect(alert).toContainText(message);

    // The session ended on the backend: /me now answers 401 there, and the socket closes with 4401.
    await page.route('**/api/auth/me', (route) =>
      route.fallback({ headers: { ...route.request().headers(), prefer: 'code=401' } }),
    );
    expect((await realtime.close(4401, 'session ended')).closed).toBe(1);
    await expectSignedOutBySocket(page);

    expect((await Promise.all(violations)).filter(Boolean)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
