// The notifications screen: each type's label and badge, marking one or all as
// read and the calls that sends, against openapi.yaml's examples (Prism).
//
// Prism is stateless: after a PATCH or POST it would answer the refetch with
// the same unread notifications again. The page edits its cache before the
// request goes out (optimistic), so the tests hold the request back and see
// every count change before it is answered; then the refetch is served the
// example of the state after marking (oneRead/fourUnread, allRead/empty), as a
// real server would answer, and the counts stay.
import type { Locator, Page, Request } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test';
import { lineBox, resizeShown, sidewaysOverflow } from './support/layout';
import { pagedAnswer } from './support/paging';

test.use({ authenticated: true });

const cards = (page: Page) => page.getByTestId('notification-card');
const card = (page: Page, id: number) => page.locator(`[data-testid="notification-card"][data-id="${id}"]`);
const subtitle = (page: Page) => page.getByTestId('notifications-subtitle');
const markAll = (page: Page) => page.getByRole('button', { name: 'Mark All as Read' });
const sidebarBadge = (page: Page) => page.getByTestId('unread-badge');
const unreadBadge = (item: Locator) => item.getByText('Unread', { exact: true });
const typeBadge = (item: Locator) => item.locator('[data-variant]').first();

/** A date-time as the page formats it: the browser's own locale and time zone. */
const localDateTime = (page: Page, iso: string) =>
  page.evaluate(
    (value) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
    iso,
  );

/** Holds requests of `method` to `url` until `release()`; `requests` lists those seen. */
async function holdRequests(page: Page, url: string, method: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requests: Request[] = [];
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    requests.push(route.request());
    await released;
    await route.fallback();
  });
  return { release, requests };
}

/** Resolves with the next finished GET of exactly `pathname`. */
const nextGet = (page: Page, pathname: string) =>
  page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === pathname);

// openapi.yaml NotificationListPopulated, newest first.
const populated = [
  {
    id: 231,
    type: 'Delivery Inquiry',
    variant: 'secondary',
    unread: true,
    conversationId: 102,
    at: '2026-11-22T08:14:05.000Z',
    message: 'Customer asks about delivery to Nakuru for 3 slabs of Absolute Black granite',
  },
  {
    id: 230,
    type: 'Unclear Request',
    variant: 'destructive',
    unread: true,
    conversationId: 104,
    at: '2026-11-22T07:48:30.000Z',
    message: 'Unclear request from +254733902114',
  },
  {
    id: 229,
    type: 'Product Not Found',
    variant: 'default',
    unread: true,
    conversationId: 105,
    at: '2026-11-22T06:55:19.000Z',
    message: 'Customer asked for Nero Marquina marble, which is not in the catalogue',
  },
  {
    id: 228,
    type: 'Payment Inquiry',
    variant: 'secondary',
    unread: true,
    conversationId: 106,
    at: '2026-11-21T19:12:03.000Z',
    message: 'Customer wants to pay a deposit by M-Pesa and the balance on delivery',
  },
  {
    id: 227,
    type: 'Delivery Inquiry',
    variant: 'secondary',
    unread: true,
    conversationId: 107,
    at: '2026-11-21T16:40:25.000Z',
    message: 'Customer asks whether installation in Eldoret is possible',
  },
  {
    id: 226,
    type: 'Payment Inquiry',
    variant: 'secondary',
    unread: false,
    conversationId: 108,
    at: '2026-11-21T12:03:58.000Z',
    message: 'Customer asks for a proforma invoice for a company purchase',
  },
  {
    id: 225,
    type: 'Product Not Found',
    variant: 'default',
    unread: false,
    conversationId: 109,
    at: '2026-11-20T17:26:41.000Z',
    message: 'Customer asked for a black undermount sink with a 1.5 bowl',
  },
  {
    id: 224,
    type: 'Unclear Request',
    variant: 'destructive',
    unread: false,
    conversationId: 111,
    at: '2026-11-19T14:35:22.000Z',
    message: 'Unclear request from +254708775120',
  },
];

test.describe('list', () => {
  test('shows every notification with its type badge, Unread badge, message, time, mark-read button and View link', async ({
    page,
  }) => {
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(subtitle(page)).toHaveText('5 unread notifications');
    await expect(markAll(page)).toBeVisible();
    await expect(cards(page)).toHaveCount(populated.length);

    for (const [index, n] of populated.entries()) {
      const item = cards(page).nth(index);
      await expect(item).toHaveAttribute('data-id', String(n.id));
      await expect(typeBadge(item)).toHaveText(n.type);
      await expect(typeBadge(item)).toHaveAttribute('data-variant', n.variant);
      await expect(unreadBadge(item)).toHaveCount(n.unread ? 1 : 0);
      await expect(item.getByText(n.message, { exact: true })).toBeVisible();
      await expect(item.locator('time')).toHaveText(await localDateTime(page, n.at));
      await expect(item.getByRole('button', { name: `Mark as read: ${n.type}, ${n.message}` })).toHaveCount(
        n.unread ? 1 : 0,
      );
      await expect(item.getByRole('link', { name: /^View/ })).toHaveAttribute(
        'href',
        `/conversations/${n.conversationId}`,
      );
    }
  });

  test('each card names the customer (else the number) and quotes what they last wrote, on one line', async ({
    page,
  }) => {
    await page.goto('/notifications');
    // openapi.yaml NotificationListPopulated: customerName, customerPhone, customerQuote.
    const expected = [
      { id: 231, who: 'Brian Otieno', quote: 'Also, do you deliver to Nakuru? How much?' },
      { id: 230, who: '+254733902114', quote: 'Ile kitu ya jana, bado iko?' },
      { id: 224, who: 'James Mutua', quote: 'Ile ya bei nafuu, mtaleta lini?' },
    ];
    for (const { id, who, quote } of expected) {
      await expect(card(page, id).locator('.notification-customer')).toHaveText(`Customer: ${who}`);
      await expect(card(page, id).locator('.quote-line')).toHaveText(`Customer wrote: “${quote}”`);
      await expect(card(page, id).locator('.quote-line')).toHaveAttribute('title', `“${quote}”`);
    }
    // The spec's message stays as it is.
    await expect(card(page, 230).getByText('Unclear request from +254733902114', { exact: true })).toBeVisible();

    // A long quote stays on one line, cut by an ellipsis, also at 320 px with nothing scrolling sideways.
    await resizeShown(page, { width: 320, height: 800 });
    const long = card(page, 225).locator('.quote-line');
    await expect(long).toHaveAttribute('title', /^“Do you have a black undermount sink .* if you can\.”$/);
    const box = await lineBox(long);
    expect(box.height).toBeLessThan(box.line * 1.5);
    expect(box.cut).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  test('from a backend without the customer fields, the cards show as the spec: type, message, time', async ({
    page,
    mockPrefer,
  }) => {
    await mockPrefer('**/api/notifications{,?*}', 'example=specOnly');
    await page.goto('/notifications');
    await expect(cards(page)).toHaveCount(populated.length);
    await expect(card(page, 230).getByText('Unclear request from +254733902114', { exact: true })).toBeVisible();
    await expect(page.locator('.notification-customer')).toHaveCount(0);
    await expect(page.locator('.quote-line')).toHaveCount(0);
  });

  test('View opens the conversation', async ({ page }) => {
    await page.goto('/notifications');
    await card(page, 230).getByRole('link', { name: /^View/ }).click();
    await expect(page).toHaveURL(/\/conversations\/104$/);
  });

  test("says 'All caught up' without Mark All as Read when everything is read", async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/notifications{,?*}', 'example=allRead');
    await mockPrefer('**/api/notifications/unread{,?*}', 'example=empty');
    await page.goto('/notifications');
    await expect(subtitle(page)).toHaveText('All caught up');
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByText('Unread', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);
    await expect(cards(page).getByRole('link', { name: /^View/ })).toHaveCount(2);
    await expect(markAll(page)).toHaveCount(0);
  });

  test("says 'No notifications yet' when there are none", async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/notifications{,?*}', 'example=empty');
    await mockPrefer('**/api/notifications/unread{,?*}', 'example=empty');
    await page.goto('/notifications');
    await expect(page.getByText('No notifications yet')).toBeVisible();
    await expect(subtitle(page)).toHaveText('All caught up');
    await expect(cards(page)).toHaveCount(0);
    await expect(markAll(page)).toHaveCount(0);
  });

  test('says it is loading, with no subtitle or Mark All as Read yet', async ({ page }) => {
    const list = await holdRequests(page, '**/api/notifications{,?*}', 'GET');
    await page.goto('/notifications');
    await expect(page.getByRole('status').filter({ hasText: 'Loading notifications...' })).toBeVisible();
    await expect(subtitle(page)).toHaveCount(0);
    await expect(markAll(page)).toHaveCount(0);
    list.release();
    await expect(cards(page)).toHaveCount(8);
    await expect(subtitle(page)).toHaveText('5 unread notifications');
  });

  test('says the list failed to load, and Try again loads it', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/notifications{,?*}', 'code=500', { times: 1 });
    await page.goto('/notifications');
    await expect(page.getByRole('alert')).toContainText('Failed to load notifications.');
    await expect(subtitle(page)).toHaveCount(0);
    await expect(markAll(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(cards(page)).toHaveCount(8);
    await expect(subtitle(page)).toHaveText('5 unread notifications');
  });
});

test.describe('a long history', () => {
  const TYPES = ['product_not_found', 'delivery_inquiry', 'payment_inquiry', 'unclear_request'];
  const many = Array.from({ length: 230 }, (_, i) => ({
    id: 230 - i,
    type: TYPES[i % TYPES.length],
    message: `Customer ${i + 1} needs a person`,
    isRead: i % 2 === 1,
    createdAt: '2026-11-22T10:00:00Z',
    conversationId: 101,
  }));
  const unread = many.filter((n) => !n.isRead);

  for (const server of ['does not page', 'pages'] as const) {
    test(`shows 100 cards, the next 100 on scrolling down or on Show more; the subtitle counts every unread one (a server that ${server})`, async ({
      page,
    }) => {
      const asked: string[] = [];
      if (server === 'pages') {
        await page.route(
          '**/api/notifications{,?*}',
          pagedAnswer(many, { onRequest: (q) => asked.push(q.toString()) }),
        );
        await page.route('**/api/notifications/unread{,?*}', pagedAnswer(unread));
      } else {
        await page.route('**/api/notifications{,?*}', (route) => route.fulfill({ json: many }));
        await page.route('**/api/notifications/unread{,?*}', (route) => route.fulfill({ json: unread }));
      }
      await page.goto('/notifications');
      await expect(cards(page)).toHaveCount(100);
      await expect(subtitle(page)).toHaveText('115 unread notifications');
      await expect(sidebarBadge(page)).toHaveText('115');
      await expect(page.getByText('Showing 100 of 230 notifications')).toBeVisible();

      await page.getByText('Showing 100 of 230 notifications').scrollIntoViewIfNeeded();
      await expect(cards(page)).toHaveCount(200);

      const more = page.getByRole('button', { name: 'Show more notifications' });
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(cards(page)).toHaveCount(230);
      await expect(more).toHaveCount(0);
      await expect(cards(page).last()).toContainText('Customer 230 needs a person');
      if (server === 'pages') expect(asked).toEqual(['limit=100', 'limit=100&cursor=p100', 'limit=100&cursor=p200']);
    });
  }

  test('a server that pages without counting: the cards say more follow', async ({ page }) => {
    await page.route('**/api/notifications{,?*}', pagedAnswer(many, { total: false }));
    await page.goto('/notifications');
    await expect(cards(page)).toHaveCount(100);
    await expect(page.getByText('Showing 100 of 100+ notifications')).toBeVisible();
    // Activated in place: scrolling to the button would load the next page by itself.
    await page.getByRole('button', { name: 'Show more notifications' }).dispatchEvent('click');
    await expect(cards(page)).toHaveCount(200);
    await page.getByRole('button', { name: 'Show more notifications' }).dispatchEvent('click');
    await expect(cards(page)).toHaveCount(230);
    await expect(page.getByRole('button', { name: 'Show more notifications' })).toHaveCount(0);
  });
});

test.describe('marking read', () => {
  test('one: the PATCH is sent and every count drops at once, and stays after the refetch', async ({
    page,
    mockPrefer,
  }) => {
    await page.goto('/notifications');
    await expect(subtitle(page)).toHaveText('5 unread notifications');
    await expect(sidebarBadge(page)).toHaveText('5');
    await expect(page).toHaveTitle(/^\(5\) /);
    // From now on the server has 231 read.
    await mockPrefer('**/api/notifications{,?*}', 'example=oneRead');
    await mockPrefer('**/api/notifications/unread{,?*}', 'example=fourUnread');
    const patch = await holdRequests(page, '**/api/notifications/*/read', 'PATCH');

    await card(page, 231)
      .getByRole('button', { name: /^Mark as read: Delivery Inquiry, Customer asks about delivery to Nakuru/ })
      .click();
    // Before the server answers.
    await expect(unreadBadge(card(page, 231))).toHaveCount(0);
    await expect(card(page, 231).getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);
    await expect(unreadBadge(card(page, 230))).toHaveCount(1);
    await expect(subtitle(page)).toHaveText('4 unread notifications');
    await expect(sidebarBadge(page)).toHaveText('4');
    await expect(page).toHaveTitle(/^\(4\) /);
    // The page updates its counts first, then sends: the request may reach the route a moment later.
    await expect
      .poll(() => patch.requests.map((r) => new URL(r.url()).pathname))
      .toEqual(['/api/notifications/231/read']);

    const refetched = Promise.all([nextGet(page, '/api/notifications'), nextGet(page, '/api/notifications/unread')]);
    patch.release();
    await refetched;
    await expect(subtitle(page)).toHaveText('4 unread notifications');
    await expect(sidebarBadge(page)).toHaveText('4');
    await expect(page.getByText('Unread', { exact: true })).toHaveCount(4);

    // The dashboard reads the same count.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('region', { name: 'Unread Notifications' }).getByTestId('stat-value')).toHaveText('4');
    await expect(page.getByTestId('quick-unread-badge')).toHaveText('4');
  });

  test('all: the POST is sent, every count goes to zero at once and Mark All as Read goes away', async ({
    page,
    mockPrefer,
  }) => {
    await page.goto('/notifications');
    await expect(markAll(page)).toBeVisible();
    await mockPrefer('**/api/notifications{,?*}', 'example=allRead');
    await mockPrefer('**/api/notifications/unread{,?*}', 'example=empty');
    const post = await holdRequests(page, '**/api/notifications/mark-all-read', 'POST');

    await markAll(page).click();
    await expect(page.getByText('Unread', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);
    await expect(cards(page)).toHaveCount(8);
    await expect(subtitle(page)).toHaveText('All caught up');
    await expect(markAll(page)).toHaveCount(0);
    await expect(sidebarBadge(page)).toHaveCount(0);
    await expect(page).not.toHaveTitle(/^\(\d+\)/);
    await expect.poll(() => post.requests.length).toBe(1);

    const refetched = Promise.all([nextGet(page, '/api/notifications'), nextGet(page, '/api/notifications/unread')]);
    post.release();
    await refetched;
    await expect(subtitle(page)).toHaveText('All caught up');
    await expect(sidebarBadge(page)).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('region', { name: 'Unread Notifications' }).getByTestId('stat-value')).toHaveText('0');
    await expect(page.getByTestId('quick-unread-badge')).toHaveCount(0);
  });

  test('one, failing: the counts come back and an error toast says so', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/notifications/*/read', 'code=404', { method: 'PATCH' });
    await page.goto('/notifications');
    await expect(subtitle(page)).toHaveText('5 unread notifications');
    await card(page, 229)
      .getByRole('button', { name: /^Mark as read/ })
      .click();

    const toast = page.locator('.toast');
    await expect(toast.locator('.toast-title')).toHaveText('Error');
    await expect(toast.locator('.toast-description')).toHaveText('Failed to mark the notification as read');
    await expect(unreadBadge(card(page, 229))).toHaveCount(1);
    await expect(subtitle(page)).toHaveText('5 unread notifications');
    await expect(sidebarBadge(page)).toHaveText('5');
  });

  test('all, failing: the counts come back and an error toast says so', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/notifications/mark-all-read', 'code=500', { method: 'POST' });
    await page.goto('/notifications');
    await expect(subtitle(page)).toHaveText('5 unread notifications');
    await markAll(page).click();

    const toast = page.locator('.toast');
    await expect(toast.locator('.toast-title')).toHaveText('Error');
    await expect(toast.locator('.toast-description')).toHaveText('Failed to mark all notifications as read');
    await expect(page.getByText('Unread', { exact: true })).toHaveCount(5);
    await expect(subtitle(page)).toHaveText('5 unread notifications');
    await expect(sidebarBadge(page)).toHaveText('5');
    await expect(markAll(page)).toBeVisible();
  });

  test('the mark-read buttons and View links are reachable by keyboard', async ({ page }) => {
    await page.goto('/notifications');
    const button = card(page, 231).getByRole('button', { name: /^Mark as read/ });
    await button.focus();
    await page.keyboard.press('Tab');
    await expect(card(page, 231).getByRole('link', { name: /^View/ })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(button).toBeFocused();
  });
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark']) {
    test(`the screen has no WCAG 2.1 A/AA violation (contrast included) in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/notifications');
      await expect(subtitle(page)).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      // The theme's colours are in place (its stylesheet loads beside the app).
      await expect
        .poll(() =>
          page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--surface-card').trim()),
        )
        .not.toBe('');
      const result = await new AxeBuilder({ page })
        .include('main')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const found = result.violations.flatMap((v) =>
        v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`),
      );
      expect(found).toEqual([]);
    });
  }
});
