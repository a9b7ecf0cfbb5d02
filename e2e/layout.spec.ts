// Every route at 320 px wide (a small phone, or a 1280 px window zoomed to
// 400 %, which WCAG 1.4.10 asks to work without sideways scrolling), in light
// and dark, with the sidebar's stored state expanded and collapsed and with
// the menu sheet open: the page never scrolls sideways, and no text is cut off
// without its whole text offered (a title or a label). Then the same check
// at 375 px and 1366 px with the contract's populated examples.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { clippedTexts, resizeShown, sidewaysOverflow } from './support/layout';
import { appRoutes, waitForScreen } from './support/routes';

const themes = ['light', 'dark'] as const;

async function expectFits(page: Page, where: string) {
  expect(await sidewaysOverflow(page), `${where}: pixels of sideways scrolling`).toBe(0);
  expect(await clippedTexts(page), `${where}: text cut off with no way to read it`).toEqual([]);
}

for (const route of appRoutes) {
  test.describe(`${route.path} (${route.name})`, () => {
    for (const theme of themes) {
      // One page a theme (a test each would mostly time its set-up): the sidebar stored
      // expanded, then collapsed, each with the menu opened; then 375 and 1366 px.
      test(`320 px with the sidebar stored expanded and collapsed, then 375 and 1366 px · ${theme}`, async ({
        page,
        signIn,
        baseURL,
      }) => {
        if (route.authenticated) await signIn();
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
        await page.setViewportSize({ width: 320, height: 640 });
        for (const expanded of [true, false]) {
          const where = `${route.path} at 320 px, sidebar stored ${expanded ? 'expanded' : 'collapsed'}`;
          await page.context().addCookies([{ name: 'sidebar_state', value: String(expanded), url: baseURL! }]);
          await page.goto(route.path);
          await waitForScreen(page);
          await expectFits(page, where);
          if (route.authenticated) {
            await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
            const sheet = page.getByRole('dialog', { name: 'Sidebar' });
            await expect(sheet).toBeVisible();
            await expectFits(page, `${where}, menu open`);
            await page.keyboard.press('Escape');
            await expect(sheet).toBeHidden();
          }
        }
        for (const width of [375, 1366]) {
          await resizeShown(page, { width, height: 800 });
          await waitForScreen(page);
          await expectFits(page, `${route.path} at ${width} px`);
        }
      });
    }
  });
}

test('the check finds a page that scrolls sideways and a name cut off without a title', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.setContent(`
    <style>body { margin: 0 }</style>
    <div style="width: 400px">wide</div>
    <p id="cut" style="width: 80px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">Silgranit Single Bowl Sink</p>
    <p style="width: 80px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis" title="Silgranit Double Bowl Sink">Silgranit Double Bowl Sink</p>
    <p style="width: 80px; overflow: auto; white-space: nowrap">Scrolls, so it can be read</p>`);
  expect(await sidewaysOverflow(page)).toBe(80);
  expect(await clippedTexts(page)).toEqual(['"Silgranit Single Bowl Sink" in p#cut, cut off by p#cut']);
});

// Names, messages and prices as long as real data gets: a word longer than the screen, a price
// in the hundreds of millions. Each GET answer's free texts are lengthened on the way in.
const LONG_WORD = 'Kiambu-Ruiru-Thika-Superhighway ShowroomExtensionBranchSeventeenNorth';
const LONG_FIELDS = new Set([
  'name',
  'customerName',
  'message',
  'content',
  'description',
  'productName',
  'dimensions',
  'followUpMessage',
  // Message templates (beyond the spec).
  'body',
]);
/** Quick reply titles and template labels are at most 60 characters: one word as long as that. */
const SHORT_FIELDS = new Set(['title', 'label']);
function lengthen(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => lengthen(item, key === 'productsMentioned' ? 'name' : ''));
  if (value && typeof value === 'object') {
    // A message template's name is WhatsApp's identifier (a-z, 0-9, _), not text that wraps.
    const keep = 'language' in value ? new Set(['name']) : new Set<string>();
    // A delivery zone's name (60 characters) and the business's (80) are short (beyond the spec):
    // one word as long as 60 characters.
    const short =
      ('leadDays' in value && 'fee' in value) || 'quoteValidityDays' in value ? new Set(['name']) : new Set<string>();
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [
        name,
        keep.has(name) ? inner : lengthen(inner, short.has(name) ? 'title' : name),
      ]),
    );
  }
  if (typeof value === 'string' && LONG_FIELDS.has(key)) return `${value} ${LONG_WORD}`;
  if (typeof value === 'string' && SHORT_FIELDS.has(key)) return LONG_WORD.replace(/\W/g, '').slice(0, 60);
  if (typeof value === 'number' && (key === 'startingPrice' || key === 'endingPrice')) return value * 10_000 + 0.5;
  return value;
}

for (const route of appRoutes.filter((r) => r.authenticated)) {
  test(`${route.path} (${route.name}) with long names, messages and prices · 320 px`, async ({ page, signIn }) => {
    await signIn();
    await page.route('**/api/**', async (request) => {
      if (request.request().method() !== 'GET') return request.fallback();
      const response = await request.fetch();
      if (!(response.headers()['content-type'] ?? '').includes('json')) return request.fulfill({ response });
      await request.fulfill({ response, json: lengthen(await response.json()) });
    });
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(route.path);
    await waitForScreen(page);
    await expectFits(page, `${route.path} at 320 px, long texts`);
  });
}

test('a long reply in the composer grows to its largest height, then scrolls: none of it is hidden', async ({
  page,
  signIn,
}) => {
  await signIn();
  // Taken over, so the composer is open.
  await page.route('**/api/conversations/101', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), status: 'admin_takeover' } });
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/conversations/101');
  const composer = page.getByLabel('Message', { exact: true });
  await composer.fill(Array.from({ length: 20 }, (_, i) => `Line ${i + 1} of the delivery terms`).join('\n'));
  const { clientHeight, scrollHeight, overflowY } = await composer.evaluate((area) => ({
    clientHeight: area.clientHeight,
    scrollHeight: area.scrollHeight,
    overflowY: getComputedStyle(area).overflowY,
  }));
  // Capped at 10rem (160 px), the rest reached by scrolling.
  expect(clientHeight).toBeLessThanOrEqual(160);
  expect(scrollHeight).toBeGreaterThan(clientHeight);
  expect(overflowY).toBe('auto');
});

// Beyond the spec: a conversation on a phone. One header row, the composer at the
// bottom of the screen without scrolling, every control 44 x 44 px or more; the desktop keeps
// the spec's 600 px panel.
/** Visible controls in the conversation smaller than 44 x 44 px, described. */
async function smallControls(page: Page): Promise<string[]> {
  return page.locator('.conversation-detail-page').evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('a[href], button, input, textarea, [role="combobox"], .p-dropdown')]
      .filter((control) => {
        const box = control.getBoundingClientRect();
        const style = getComputedStyle(control);
        // Hidden controls, and the inputs a widget keeps for screen readers only (a dropdown's), do not count.
        return (
          box.width > 0 &&
          box.height > 0 &&
          style.visibility !== 'hidden' &&
          !control.closest('[hidden], .p-hidden-accessible')
        );
      })
      .map((control) => {
        const box = control.getBoundingClientRect();
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.id;
        return { name: `${control.tagName.toLowerCase()} "${name}"`, width: box.width, height: box.height };
      })
      .filter((control) => control.width < 44 || control.height < 44)
      .map((control) => `${control.name}: ${Math.round(control.width)} x ${Math.round(control.height)}`),
  );
}

async function phoneLayout(page: Page) {
  const header = await page.locator('.conv-detail-header').boundingBox();
  const composer = await page.locator('.message-composer, .template-sender').first().boundingBox();
  const scroller = await page.locator('.message-scroller').boundingBox();
  const viewport = page.viewportSize()!;
  return { header: header!, composer: composer!, scroller: scroller!, viewport };
}

for (const theme of themes) {
  test(`a conversation on a 375 px phone: one header row, composer at the bottom, 44 px controls · ${theme}`, async ({
    page,
    signIn,
    mockPrefer,
  }) => {
    await signIn();
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.setViewportSize({ width: 375, height: 740 });
    // Within the example's reply window (open until 2026-11-23 08:14 UTC), so the composer shows.
    await page.clock.setFixedTime(new Date('2026-11-22T12:00:00Z'));
    await mockPrefer('**/api/conversations/102', 'example=windowOpen', { method: 'GET' });
    await page.goto('/conversations/102');
    await expect(page.getByRole('heading', { name: 'Brian Otieno', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toBeVisible();
    await expect(page.locator('.message-scroller')).toBeVisible();
    await page.screenshot({ path: `/tmp/inbox-results/phone-${theme}.png` });

    const { header, composer, scroller, viewport } = await phoneLayout(page);
    // One row: back, name and phone, takeover and the menu within 60 px of height.
    expect(header.height).toBeLessThanOrEqual(60);
    for (const control of [
      page.getByRole('link', { name: 'Back' }),
      page.getByRole('switch', { name: 'Admin Takeover' }),
      page.getByRole('button', { name: 'More actions' }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y - 1);
      expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height + 1);
    }
    // The composer ends at the bottom of the screen; the messages take the room between.
    expect(composer.y + composer.height).toBeLessThanOrEqual(viewport.height);
    expect(composer.y + composer.height).toBeGreaterThan(viewport.height - 40);
    expect(scroller.y).toBeGreaterThan(header.y + header.height);
    expect(scroller.height).toBeGreaterThan(viewport.height / 2);
    expect(await smallControls(page)).toEqual([]);

    // Mark as unread is in the menu, reached by keyboard; Escape closes it and stays on the page.
    await expect(page.getByRole('button', { name: 'Mark as unread' })).toHaveCount(0);
    await page.getByRole('button', { name: 'More actions' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
    await expectFits(page, `conversation at 375 px, ${theme}, menu open`);
    expect(await smallControls(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Mark as unread' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'More actions' })).toBeFocused();
    await expect(page).toHaveURL(/\/conversations\/102$/);
  });
}

test('a conversation on a 320 px phone, the window closed and not taken over: fits, 44 px controls', async ({
  page,
  signIn,
  mockPrefer,
}) => {
  await signIn();
  await page.setViewportSize({ width: 320, height: 640 });
  // After the example's reply window (closed at 2026-11-21 17:26 UTC), whatever today's date.
  await page.clock.setFixedTime(new Date('2026-11-22T12:00:00Z'));
  await mockPrefer('**/api/conversations/109', 'example=windowClosedHandOff', { method: 'GET' });
  await page.goto('/conversations/109');
  await expect(page.getByRole('button', { name: 'Take over to send a template' })).toBeVisible();
  await page.screenshot({ path: '/tmp/inbox-results/phone-320-closed.png' });
  await expectFits(page, 'closed window at 320 px');
  expect(await smallControls(page)).toEqual([]);
});

test('a tall desktop window keeps the spec: a 600 px message panel and Mark as unread in the header', async ({
  page,
  signIn,
  mockPrefer,
}) => {
  await signIn();
  await page.setViewportSize({ width: 1366, height: 1100 });
  // Within the example's reply window, so the message box shows under the panel.
  await page.clock.setFixedTime(new Date('2026-11-22T12:00:00Z'));
  await mockPrefer('**/api/conversations/102', 'example=windowOpen', { method: 'GET' });
  await page.goto('/conversations/102');
  await expect(page.getByRole('heading', { name: 'Brian Otieno', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'More actions' })).toHaveCount(0);
  await expect(page.locator('.message-scroller')).toHaveCSS('height', '600px');
});

// A laptop's window: the spec's 600 px message panel gives way to what the window has, so the
// message box is in view when the conversation opens, as on a phone; the page never scrolls.
for (const size of [
  { width: 1366, height: 900 },
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
]) {
  test(`a conversation at ${size.width}×${size.height}: the message box in view without scrolling`, async ({
    page,
    signIn,
    mockPrefer,
  }) => {
    await signIn();
    await page.setViewportSize(size);
    // Within the example's reply window (open until 2026-11-23 08:14 UTC), so the composer shows.
    await page.clock.setFixedTime(new Date('2026-11-22T12:00:00Z'));
    await mockPrefer('**/api/conversations/102', 'example=windowOpen', { method: 'GET' });
    await page.goto('/conversations/102');
    const composer = page.getByLabel('Message', { exact: true });
    await expect(composer).toBeEnabled();
    await page.screenshot({ path: `/tmp/inbox-results/desktop-${size.width}.png` });
    await expect(composer).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Send message' })).toBeInViewport({ ratio: 1 });
    // It still opens at the newest message, whole in the shorter panel.
    const newest = page.locator('.message-scroller .message-bubble').last();
    await expect(newest).toBeInViewport({ ratio: 1 });
    const [panelBox, newestBox] = [
      (await page.locator('.message-scroller').boundingBox())!,
      (await newest.boundingBox())!,
    ];
    expect(newestBox.y + newestBox.height).toBeLessThanOrEqual(panelBox.y + panelBox.height);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The whole conversation fits: the page itself has nothing below the fold.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
      .toBeLessThanOrEqual(0);
    // The messages keep the rest of the room: a few bubbles at least.
    const scroller = (await page.locator('.message-scroller').boundingBox())!;
    expect(scroller.height).toBeGreaterThanOrEqual(200);
    await expectFits(page, `conversation at ${size.width}×${size.height}`);
  });
}
