// The dashboard: counters, Recent Products and Pending Actions (at most 5 each),
// and Quick Actions, against openapi.yaml's examples (Prism).
import type { Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test';
import { lineBox } from './support/layout';

test.use({ authenticated: true });

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const figure = (card: Locator) => card.getByTestId('stat-value');
const caption = (card: Locator) => card.getByTestId('stat-caption');
const items = (panel: Locator) => panel.getByRole('listitem');

/** A date-time as the page formats it: the browser's own locale and time zone. */
const localDateTime = (page: Page, iso: string) =>
  page.evaluate(
    (value) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
    iso,
  );

/** A backend without GET /api/summary (it is not one of the spec's calls): the dashboard counts the lists. */
async function withoutSummary(page: Page, allowFailedRequest: (url: string, status?: number) => void) {
  allowFailedRequest('/api/summary', 404);
  await page.route('**/api/summary', (route) =>
    route.fulfill({ status: 404, json: { message: 'Route GET:/api/summary not found' } }),
  );
}

/** Holds matching GET requests back until `release()` is called, to see loading states. */
async function holdRequests(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await released;
    await route.fallback();
  });
  return release;
}

test.describe('counters', () => {
  test('show active products over the total, conversations with those needing attention, and unread notifications', async ({
    page,
  }) => {
    const summary = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/summary');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // openapi.yaml SummaryBusy: 13 products, 11 active; 5 conversations active in the last 24 h,
    // 7 admin_required; 5 unread (the unread list, asked for one item, counted).
    const products = region(page, 'Active Products');
    await expect(figure(products)).toHaveText('11');
    await expect(caption(products)).toHaveText('13 total');
    const conversations = region(page, 'Active Conversations');
    await expect(figure(conversations)).toHaveText('5');
    await expect(caption(conversations)).toHaveText('7 need attention');
    const unread = region(page, 'Unread Notifications');
    await expect(figure(unread)).toHaveText('5');
    await expect(unread).toContainText('New customer inquiries');
    expect((await summary).status()).toBe(200);
  });

  test('count without downloading the lists: the summary, and one unread notification asked for', async ({ page }) => {
    const gets: URL[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname.startsWith('/api/')) gets.push(new URL(r.url()));
    });
    await page.goto('/');
    await expect(figure(region(page, 'Active Conversations'))).toHaveText('5');
    await expect(items(region(page, 'Recent Products'))).toHaveCount(5);
    await page.waitForLoadState('networkidle');
    const calls = gets.map((url) => `${url.pathname}${url.search}`);
    expect(calls).toContain('/api/summary');
    expect(calls).toContain('/api/notifications/unread?limit=1');
    expect(calls).toContain('/api/products?limit=5');
    expect(calls).toContain('/api/conversations/search?status=admin_required&limit=5');
    // Neither whole list is fetched to be counted.
    expect(calls).not.toContain('/api/products');
    expect(calls).not.toContain('/api/conversations');
    expect(calls).not.toContain('/api/notifications/unread');
  });

  test('read 0 for a new business', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/summary', 'example=empty');
    await mockPrefer('**/api/products{,?*}', 'example=empty');
    await mockPrefer('**/api/conversations/search?*', 'example=empty');
    await mockPrefer('**/api/notifications/unread{,?*}', 'example=empty');
    await page.goto('/');
    await expect(figure(region(page, 'Active Products'))).toHaveText('0');
    await expect(caption(region(page, 'Active Products'))).toHaveText('0 total');
    await expect(figure(region(page, 'Active Conversations'))).toHaveText('0');
    await expect(caption(region(page, 'Active Conversations'))).toHaveText('0 need attention');
    await expect(figure(region(page, 'Unread Notifications'))).toHaveText('0');
  });

  test('say they are loading, not 0, until their call answers', async ({ page }) => {
    const releaseSummary = await holdRequests(page, '**/api/summary');
    const releaseUnread = await holdRequests(page, '**/api/notifications/unread{,?*}');
    await page.goto('/');
    const products = region(page, 'Active Products');
    const conversations = region(page, 'Active Conversations');
    const unread = region(page, 'Unread Notifications');
    // The panels have their own calls: they do not wait for the counts.
    await expect(items(region(page, 'Recent Products'))).toHaveCount(5);
    await expect(products).toHaveAttribute('aria-busy', 'true');
    await expect(figure(products)).toHaveText('Loading...');
    await expect(caption(products)).toHaveCount(0);
    await expect(figure(conversations)).toHaveText('Loading...');
    await expect(figure(unread)).toHaveText('Loading...');

    releaseSummary();
    releaseUnread();
    await expect(figure(products)).toHaveText('11');
    await expect(products).toHaveAttribute('aria-busy', 'false');
    await expect(figure(conversations)).toHaveText('5');
    await expect(figure(unread)).toHaveText('5');
  });

  test('say a failed call left them unavailable, and Try again loads them', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/summary', 'code=500', { times: 1 });
    await mockPrefer('**/api/notifications/unread{,?*}', 'code=500', { times: 1 });
    await page.goto('/');
    const products = region(page, 'Active Products');
    const conversations = region(page, 'Active Conversations');
    await expect(figure(products)).toHaveText('Unavailable');
    await expect(caption(products)).toHaveCount(0);
    await expect(figure(conversations)).toHaveText('Unavailable');
    await expect(figure(region(page, 'Unread Notifications'))).toHaveText('Unavailable');
    // The panels' calls answered: they stand.
    await expect(items(region(page, 'Recent Products'))).toHaveCount(5);

    await products.getByRole('button', { name: 'Try again' }).click();
    await expect(figure(products)).toHaveText('11');
    await expect(figure(conversations)).toHaveText('5');
    await region(page, 'Unread Notifications').getByRole('button', { name: 'Try again' }).click();
    await expect(figure(region(page, 'Unread Notifications'))).toHaveText('5');
  });
});

test.describe('a backend without the summary (404)', () => {
  test('counts the lists instead: active products over the total, conversations active in the last 24 h', async ({
    page,
    allowFailedRequest,
  }) => {
    await withoutSummary(page, allowFailedRequest);
    // 24 h before this, openapi.yaml's populated list has 5 conversations with a message (102 to 105).
    await page.clock.setFixedTime(new Date('2026-11-23T00:00:00.000Z'));
    const lists = Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/products' && !new URL(r.url()).search),
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/conversations' && !new URL(r.url()).search),
    ]);
    await page.goto('/');
    const products = region(page, 'Active Products');
    await expect(figure(products)).toHaveText('11');
    await expect(caption(products)).toHaveText('13 total');
    const conversations = region(page, 'Active Conversations');
    await expect(figure(conversations)).toHaveText('5');
    await expect(caption(conversations)).toHaveText('7 need attention');
    await expect(figure(region(page, 'Unread Notifications'))).toHaveText('5');
    await lists;
    await expect(items(region(page, 'Recent Products'))).toHaveCount(5);
    await expect(items(region(page, 'Pending Actions'))).toHaveCount(3);
  });

  test('a list that fails leaves its counter unavailable, and Try again loads it', async ({
    page,
    mockPrefer,
    allowFailedRequest,
  }) => {
    await withoutSummary(page, allowFailedRequest);
    await mockPrefer('**/api/conversations', 'code=500', { times: 1 });
    await page.goto('/');
    const conversations = region(page, 'Active Conversations');
    await expect(figure(conversations)).toHaveText('Unavailable');
    await expect(figure(region(page, 'Active Products'))).toHaveText('11');
    await conversations.getByRole('button', { name: 'Try again' }).click();
    await expect(caption(conversations)).toHaveText('7 need attention');
  });
});

test.describe('Recent Products', () => {
  test('lists the first 5 products with category, price range and status, and links to /products', async ({ page }) => {
    await page.goto('/');
    const panel = region(page, 'Recent Products');
    await expect(items(panel)).toHaveText([
      'Absolute Black GraniteGranite · 8,500 - 12,000 KESActive',
      'Galaxy Black GraniteGranite · 11,000 - 15,500 KESActive',
      'Kashmir White GraniteGranite · 9,500 - 13,000 KESActive',
      'Tan Brown GraniteGranite · 7,800 - 10,500 KESActive',
      'Carrara White MarbleMarble · 14,000 - 19,500 KESActive',
    ]);
    await panel.getByRole('link', { name: 'View all products' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('shows fewer when there are fewer, with Inactive products badged', async ({
    page,
    mockPrefer,
    allowFailedRequest,
  }) => {
    // No summary example matches this list: the counters count it (a backend without the summary).
    await withoutSummary(page, allowFailedRequest);
    await mockPrefer('**/api/products{,?*}', 'example=fewWithInactive');
    await page.goto('/');
    const panel = region(page, 'Recent Products');
    await expect(items(panel)).toHaveText([
      'Calacatta Gold QuartzQuartz · 18,000 - 24,500.5 KESActive',
      'Ceramic 1.5 Bowl SinkSink · 15,000 - 18,000 KESInactive',
      'Carrara White MarbleMarble · 14,000 - 19,500 KESActive',
    ]);
    await expect(items(panel).nth(1).locator('[data-variant]')).toHaveAttribute('data-variant', 'secondary');
    await expect(items(panel).nth(0).locator('[data-variant]')).toHaveAttribute('data-variant', 'success');
    await expect(figure(region(page, 'Active Products'))).toHaveText('2');
    await expect(caption(region(page, 'Active Products'))).toHaveText('3 total');
  });

  test("says 'No products yet' when there are none", async ({ page, mockPrefer, allowFailedRequest }) => {
    await withoutSummary(page, allowFailedRequest);
    await mockPrefer('**/api/products{,?*}', 'example=empty');
    await page.goto('/');
    const panel = region(page, 'Recent Products');
    await expect(panel).toContainText('No products yet');
    await expect(items(panel)).toHaveCount(0);
    await expect(panel.getByRole('link', { name: 'View all products' })).toHaveAttribute('href', '/products');
    await expect(figure(region(page, 'Active Products'))).toHaveText('0');
  });
});

// What the customers last wrote (openapi.yaml ConversationListPopulated, lastCustomerMessagePreview).
const Q102 = 'Also, do you deliver to Nakuru? How much?';
const Q104 = 'Ile kitu ya jana, bado iko?';
const Q105 = 'Do you have Nero Marquina marble? Black with white veins.';
const Q106 = 'Can I pay a deposit by M-Pesa and the rest when you deliver?';
const Q107 = 'Can your fundis install the worktop in Eldoret?';

test.describe('Pending Actions', () => {
  async function expectPending(page: Page, expected: { id: number; who: string; at: string; quote?: string }[]) {
    const panel = region(page, 'Pending Actions');
    // What the customer last wrote, when the server says (its label is read by screen readers only).
    const texts = await Promise.all(
      expected.map(
        async ({ who, at, quote }) =>
          `${who}${quote ? `Customer wrote: “${quote}”` : ''}${await localDateTime(page, at)}View`,
      ),
    );
    await expect(items(panel)).toHaveText(texts);
    for (const [index, { id, who }] of expected.entries()) {
      await expect(
        items(panel)
          .nth(index)
          .getByRole('link', { name: `View conversation with ${who}` }),
      ).toHaveAttribute('href', `/conversations/${id}`);
    }
  }

  test('lists the first 5 conversations waiting for a human, by name or else phone, with the last-message time', async ({
    page,
  }) => {
    const search = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/conversations/search');
    await page.goto('/');
    expect(Object.fromEntries(new URL((await search).url()).searchParams)).toEqual({
      status: 'admin_required',
      limit: '5',
    });
    const panel = region(page, 'Pending Actions');
    // openapi.yaml ConversationSearchAdminRequired: 102, 104 (no name), 105.
    await expectPending(page, [
      { id: 102, who: 'Brian Otieno', at: '2026-11-22T08:14:05.000Z', quote: Q102 },
      { id: 104, who: '+254733902114', at: '2026-11-22T07:48:30.000Z', quote: Q104 },
      { id: 105, who: 'Peter Mwangi', at: '2026-11-22T06:55:19.000Z', quote: Q105 },
    ]);
    // Neither the bot's nor the admins' conversations.
    await expect(panel).not.toContainText('Wanjiru Kamau');
    await expect(panel).not.toContainText('Achieng Odhiambo');

    await items(panel).first().getByRole('link', { name: /^View/ }).click();
    await expect(page).toHaveURL(/\/conversations\/102$/);
  });

  test('shows five when a server that does not page answers every one waiting', async ({ page }) => {
    // A server that ignores `limit`: every admin_required conversation of the populated list.
    const all = (await (await page.request.get('/api/conversations')).json()) as { status: string }[];
    const waiting = all.filter((c) => c.status === 'admin_required');
    expect(waiting).toHaveLength(7);
    await page.route('**/api/conversations/search?*', (route) => route.fulfill({ json: waiting }));
    await page.goto('/');
    // 102, 104, 105, 106, 107; 108 and 109 are beyond five.
    await expectPending(page, [
      { id: 102, who: 'Brian Otieno', at: '2026-11-22T08:14:05.000Z', quote: Q102 },
      { id: 104, who: '+254733902114', at: '2026-11-22T07:48:30.000Z', quote: Q104 },
      { id: 105, who: 'Peter Mwangi', at: '2026-11-22T06:55:19.000Z', quote: Q105 },
      { id: 106, who: 'Faith Njeri', at: '2026-11-21T19:12:03.000Z', quote: Q106 },
      { id: 107, who: 'Kevin Kiprop', at: '2026-11-21T16:40:25.000Z', quote: Q107 },
    ]);
    await expect(region(page, 'Pending Actions')).not.toContainText('Grace Akinyi');
  });

  test('quote the customer on one line, the whole text on hover; at 320 px nothing scrolls sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const long =
      'Do you have a black undermount sink with a 1.5 bowl? Mine is 80 cm wide and the old one cracked last week, so I need the new one fitted before Christmas if you can.';
    await page.route('**/api/conversations/search?*', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { lastCustomerMessagePreview?: string }[];
      body[0].lastCustomerMessagePreview = long;
      await route.fulfill({ response: answer, json: body });
    });
    await page.goto('/');
    const quote = items(region(page, 'Pending Actions')).first().locator('.quote-line');
    await expect(quote).toHaveAttribute('title', `“${long}”`);
    await expect(quote).toHaveText(`Customer wrote: “${long}”`);
    // One line, cut by an ellipsis: as tall as one line of its text, narrower than the text.
    const box = await lineBox(quote);
    expect(box.height).toBeLessThan(box.line * 1.5);
    expect(box.cut).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test('from a backend that does not say what the customer wrote: the name and the time, as the spec', async ({
    page,
    mockPrefer,
  }) => {
    // openapi.yaml ConversationSearchUnread has no previews: 102, 104 (no name), 109.
    await mockPrefer('**/api/conversations/search?*', 'example=unread');
    await page.goto('/');
    await expectPending(page, [
      { id: 102, who: 'Brian Otieno', at: '2026-11-22T08:14:05.000Z' },
      { id: 104, who: '+254733902114', at: '2026-11-22T07:48:30.000Z' },
      { id: 109, who: 'Samuel Kariuki', at: '2026-11-20T17:26:41.000Z' },
    ]);
  });

  test("says 'No pending conversations' when none waits, and links to /conversations", async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/conversations/search?*', 'example=empty');
    await page.goto('/');
    const panel = region(page, 'Pending Actions');
    await expect(panel).toContainText('No pending conversations');
    await expect(items(panel)).toHaveCount(0);
    await panel.getByRole('link', { name: 'View all conversations' }).click();
    await expect(page).toHaveURL(/\/conversations$/);
  });

  test('says the conversations failed to load', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/conversations/search?*', 'code=500', { times: 1 });
    await page.goto('/');
    await expect(region(page, 'Pending Actions').getByRole('alert')).toContainText('Failed to load conversations.');
    // The counters have their own call.
    await expect(figure(region(page, 'Active Conversations'))).toHaveText('5');
  });
});

test.describe('Quick Actions', () => {
  test('link to the new product form, the conversations and the notifications with the unread count', async ({
    page,
  }) => {
    await page.goto('/');
    const panel = region(page, 'Quick Actions');
    await expect(panel.getByRole('link')).toHaveText([
      'Add New Product',
      'Monitor Conversations',
      'View Notifications5',
    ]);
    await expect(panel.getByRole('link', { name: 'Add New Product' })).toHaveAttribute('href', '/products/new');
    await expect(panel.getByRole('link', { name: 'Monitor Conversations' })).toHaveAttribute('href', '/conversations');
    await expect(panel.getByTestId('quick-unread-badge')).toHaveText('5');
    await panel.getByRole('link', { name: /View Notifications/ }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  });

  test('show no badge when nothing is unread', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/notifications/unread{,?*}', 'example=empty');
    await page.goto('/');
    const panel = region(page, 'Quick Actions');
    await expect(figure(region(page, 'Unread Notifications'))).toHaveText('0');
    await expect(panel.getByRole('link', { name: 'View Notifications' })).toHaveText('View Notifications');
    await expect(panel.getByTestId('quick-unread-badge')).toHaveCount(0);
  });

  test('Add New Product opens the form', async ({ page }) => {
    await page.goto('/');
    await region(page, 'Quick Actions').getByRole('link', { name: 'Add New Product' }).click();
    await expect(page).toHaveURL(/\/products\/new$/);
  });
});

/** WCAG 2.1 A/AA (contrast included) of the main area, once the theme's colours are in place. */
async function expectAccessible(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--surface-card').trim()),
    )
    .not.toBe('');
  const result = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`)),
  ).toEqual([]);
}

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark']) {
    test(`the screen has no WCAG 2.1 A/AA violation (contrast included) in the ${theme} theme, loaded or failed`, async ({
      page,
      mockPrefer,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/');
      await expect(page.getByText('Brian Otieno')).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      await expectAccessible(page);

      await mockPrefer('**/api/products{,?*}', 'code=500');
      await page.reload();
      await expect(page.getByText('Failed to load products.')).toBeVisible();
      await expectAccessible(page);
    });
  }
});
