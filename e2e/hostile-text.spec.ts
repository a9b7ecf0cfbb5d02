// Markup and script payloads in every string the server provides are shown as
// text and never run. Each JSON GET of openapi.yaml is answered with its example, every
// free-text string replaced by a payload (e2e/robustness/hostile.ts); error bodies, CSV import
// errors and socket notifications carry payloads too. A payload that ran would set
// window.__pwned; image URLs with javascript: or data: schemes must not be loaded.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { HOSTILE_IMAGE_URLS, PAYLOADS, hostileAnswers } from './robustness/hostile';

const answers = hostileAnswers();
const SCREENS = [
  '/',
  '/products',
  '/products/edit/1',
  '/conversations',
  '/conversations/102',
  '/notifications',
  '/analytics',
  '/settings',
];

async function serveHostile(page: Page) {
  await page.route(
    (url) => answers.some((a) => a.pattern.test(url.pathname)),
    (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const { pathname } = new URL(route.request().url());
      return route.fulfill({ json: answers.find((a) => a.pattern.test(pathname))!.body });
    },
  );
}

/** Nothing ran, nothing hostile is loaded or linked, and payloads are on screen as text. */
async function expectShownAsTextOnly(page: Page, where: string) {
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
    `${where}: a payload ran`,
  ).toBeUndefined();
  const loaded = await page.evaluate(() => ({
    images: [...document.querySelectorAll('img')]
      .map((img) => img.getAttribute('src') ?? '')
      .filter((src) => /^\s*(javascript|data):/i.test(src)),
    links: [...document.querySelectorAll('a[href]')]
      .map((a) => a.getAttribute('href')!)
      .filter((href) => /^\s*javascript:/i.test(href)),
    frames: document.querySelectorAll('iframe, object, embed').length,
    // Payload text on screen, as text nodes or form values.
    shown:
      [...document.querySelectorAll('main *')].filter((el) =>
        [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.includes('__pwned')),
      ).length +
      [...document.querySelectorAll('main input, main textarea')].filter((el) =>
        (el as HTMLInputElement).value.includes('__pwned'),
      ).length,
  }));
  expect(loaded.images, `${where}: images with a javascript:/data: source`).toEqual([]);
  expect(loaded.links, `${where}: javascript: links`).toEqual([]);
  expect(loaded.frames, `${where}: frames`).toBe(0);
  return loaded.shown;
}

test.describe('server strings', () => {
  test.use({ authenticated: true });

  test('every screen shows the contract’s strings as text when they hold markup and scripts', async ({ page }) => {
    test.setTimeout(90_000);
    await serveHostile(page);
    const schemes = new Set<string>();
    page.on('request', (request) => {
      const scheme = new URL(request.url()).protocol;
      if (scheme === 'javascript:' || scheme === 'data:') schemes.add(request.url().slice(0, 60));
    });
    const perScreen: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(screen);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main')).toBeVisible();
      const shown = await expectShownAsTextOnly(page, screen);
      expect(shown, `${screen}: no payload on screen as text`).toBeGreaterThan(0);
      perScreen.push(`${screen} ${shown}`);
    }
    expect([...schemes], 'requests to javascript:/data: URLs').toEqual([]);
    const fields = answers.reduce((n, a) => n + a.fields.size, 0);
    console.log(
      `hostile text: ${PAYLOADS.length} payloads + ${HOSTILE_IMAGE_URLS.length} image URLs in ${fields} string fields of ${answers.length} GET operations; ` +
        `${SCREENS.length} screens, elements showing a payload as text: ${perScreen.join(', ')}; window.__pwned never set`,
    );
  });

  test('error messages, CSV import errors and socket notifications show payloads as text', async ({
    page,
    realtime,
    allowFailedRequest,
  }) => {
    await serveHostile(page);
    const toast = page.getByRole('list', { name: 'Notifications (F8)' });

    // A save refused with a hostile message.
    allowFailedRequest(/\/api\/follow-ups\/settings$/, 400);
    await page.route('**/api/follow-ups/settings', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 400, json: { message: PAYLOADS[1] } })
        : route.fallback(),
    );
    await page.goto('/settings');
    await page.getByLabel('Follow-up Message').fill('Still thinking about that granite?');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toast).toContainText(PAYLOADS[1]);
    await expectShownAsTextOnly(page, 'settings error toast');

    // CSV import errors.
    await page.route('**/api/products/import', (route) =>
      route.fulfill({
        json: {
          imported: 1,
          updated: 0,
          failed: PAYLOADS.length,
          errors: PAYLOADS.map((p, i) => `Row ${i + 2}: ${p}`),
        },
      }),
    );
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Products from CSV' });
    const csv =
      'Type,Name,Color/Material,Dimensions (mm),Starting Price,Ending Price,Installation Price,Description,Product Image URL,Installation Image URLs\ngranite,"<img src=x onerror=window.__pwned=1>",Black,3000x1800x20,9000,11000,,,,\n';
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'hostile.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Upload & Import' }).click();
    for (const payload of PAYLOADS) await expect(dialog).toContainText(payload);
    await expectShownAsTextOnly(page, 'import errors');

    // Socket notifications (to this page's socket, not one a previous page left closing).
    await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible();
    for (const payload of PAYLOADS.slice(0, 3)) {
      await realtime.push('notification', { message: payload });
      await expect(toast).toContainText(payload);
    }
    await expectShownAsTextOnly(page, 'socket toasts');
  });
});

test('a refused sign-in with a hostile message shows it as text', async ({ page, allowFailedRequest }) => {
  allowFailedRequest(/\/api\/auth\/login$/, 401);
  await page.route('**/api/auth/login', (route) => route.fulfill({ status: 401, json: { message: PAYLOADS[0] } }));
  await page.goto('/login');
  await page.getByLabel('Username').fill(PAYLOADS[2]);
  await page.getByLabel('Password', { exact: true }).fill('x');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('list', { name: 'Notifications (F8)' })).toContainText(PAYLOADS[0]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
});
