// Spec §2 "Conversation list" and "Conversation detail", §4 status changes and
// conversation_update, §5 filter and sending rules, §7 conversation calls, §8
// conversation messages, §9 panel size, bubble width and Sunday weeks —
// against openapi.yaml's examples (Prism) and the realtime mock.
// Prism is stateless: flows assert on the request sent and on what the UI
// says; a later answer is chosen with mockPrefer where the flow needs one.
import type { Page, Request, Route } from '@playwright/test';
import { expect, test } from './fixtures/test';

test.use({ authenticated: true, timezoneId: 'Africa/Nairobi', locale: 'en-US' });

/** Nairobi is UTC+3 all year: picked days have fixed ISO instants. */
const NOW = new Date('2026-11-23T09:00:00+03:00');

const SEARCH = '/api/conversations/search';
const isSearch = (request: Request) => new URL(request.url()).pathname === SEARCH;
const isList = (request: Request) => new URL(request.url()).pathname === '/api/conversations';
const queryOf = (request: Request) => Object.fromEntries(new URL(request.url()).searchParams);

/** Every request to an API path (exact pathname) from now on. */
function recordRequests(page: Page, pathname: string, method = 'GET') {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === pathname) seen.push(request);
  });
  return seen;
}

/** Holds matching requests back until `release()` is called, to see pending states. */
async function holdRequests(page: Page, url: string | ((url: URL) => boolean), method: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    await released;
    await route.fallback();
  });
  return release;
}

async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator('.toast');
  await expect(toast.locator('.toast-title')).toHaveText(title);
  await expect(toast.locator('.toast-description')).toHaveText(description);
}

const cards = (page: Page) => page.locator('.conversation-list > li');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
const badges = (page: Page) => page.getByRole('group', { name: 'Active filters' });
const resultCount = (page: Page) => page.getByTestId('result-count');

/** Picks a day of the month on screen in the date picker labelled `label`. */
async function pickDay(page: Page, label: string, day: number) {
  await page.getByLabel(label).click();
  const panel = page.locator('.p-datepicker:visible');
  await panel.locator('td:not(.p-datepicker-other-month) > span', { hasText: new RegExp(`^${day}$`) }).click();
  await expect(panel).toBeHidden();
}

async function pickStatus(page: Page, label: string) {
  await page.locator('.filter-grid .p-dropdown').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test.describe('conversation list', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(NOW);
  });

  test('shows every conversation as a card linking to its detail', async ({ page }) => {
    const list = recordRequests(page, '/api/conversations');
    const searches = recordRequests(page, SEARCH);
    await page.goto('/conversations');
    await expect(page.getByRole('heading', { name: 'Conversations', level: 1 })).toBeVisible();
    await expect(page.getByText('Monitor and manage customer conversations')).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    expect(list).toHaveLength(1);
    expect(searches).toHaveLength(0);
    // No filter: no count, no badges.
    await expect(resultCount(page)).toHaveCount(0);
    await expect(badges(page)).toHaveCount(0);

    const brian = card(page, 'Brian Otieno');
    await expect(brian.getByRole('link')).toHaveAttribute('href', '/conversations/102');
    await expect(brian).toContainText('Admin Required');
    await expect(brian).toContainText('11 messages');
    await expect(brian).toContainText('+254722418390');
    // 2026-11-22T08:14:05Z in Nairobi, in the browser's locale.
    await expect(brian).toContainText('Last message: Nov 22, 2026, 11:14 AM');
    await expect(brian.locator('.conversation-card-products')).toHaveText(/^Products:\s*Absolute Black Granite\s*Franke Stainless Steel Double Bowl Sink$/);

    await expect(card(page, 'Wanjiru Kamau')).toContainText('Bot Active');
    await expect(card(page, 'Wanjiru Kamau')).toContainText('6 messages');
    await expect(card(page, 'Achieng Odhiambo')).toContainText('Admin Takeover');
    // No name: the fallback; no products: no 'Products:' line.
    const unknown = card(page, 'Unknown Customer');
    await expect(unknown).toContainText('+254733902114');
    await expect(unknown).not.toContainText('Products:');

    await card(page, 'Achieng Odhiambo').getByRole('link').click();
    await expect(page).toHaveURL(/\/conversations\/103$/);
  });

  test('admin_required conversations stand out by an icon and a thicker edge, not by colour alone', async ({ page }) => {
    await page.goto('/conversations');
    const required = card(page, 'Brian Otieno').locator('.conversation-card');
    const other = card(page, 'Wanjiru Kamau').locator('.conversation-card');
    await expect(required.locator('.status-badge .pi-exclamation-triangle')).toBeVisible();
    await expect(other.locator('.pi-exclamation-triangle')).toHaveCount(0);
    const edge = (locator: typeof required) => locator.evaluate((el) => parseFloat(getComputedStyle(el).borderLeftWidth));
    expect(await edge(required)).toBeGreaterThanOrEqual(4);
    expect(await edge(other)).toBeLessThanOrEqual(1);
  });

  test('loading, empty and failed states', async ({ page, mockPrefer }) => {
    const release = await holdRequests(page, '**/api/conversations', 'GET');
    await page.goto('/conversations');
    await expect(page.getByText('Loading conversations...')).toBeVisible();
    release();
    await expect(cards(page)).toHaveCount(12);

    await mockPrefer('**/api/conversations', 'example=empty');
    await page.reload();
    await expect(page.getByText('No conversations yet')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test("a failed fetch says 'Failed to fetch conversations'", async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/conversations', 'code=500');
    await page.goto('/conversations');
    await expect(page.getByText('Failed to fetch conversations')).toBeVisible();
    await expect(page.getByText('Loading conversations...')).toHaveCount(0);
  });

  test('the Filters button shows and hides the filter card', async ({ page }) => {
    await page.goto('/conversations');
    const toggle = page.getByRole('button', { name: 'Filters' });
    await expect(page.getByRole('heading', { name: 'Filter Conversations' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('heading', { name: 'Filter Conversations' })).toBeVisible();
    await expect(page.getByLabel('Start Date')).toHaveAttribute('placeholder', 'Pick a date');
    await expect(page.getByLabel('End Date')).toHaveAttribute('placeholder', 'Pick a date');
    await expect(page.getByLabel('Customer Phone')).toHaveAttribute('placeholder', 'Search by phone number...');
    await expect(page.getByLabel('Product Mentioned')).toHaveAttribute('placeholder', 'Search by product name...');
    await expect(page.locator('.filter-grid .p-dropdown')).toContainText('All statuses');
    await page.locator('.filter-grid .p-dropdown').click();
    await expect(page.getByRole('option')).toHaveText(['All Statuses', 'Bot Active', 'Admin Required', 'Admin Takeover']);
    await page.keyboard.press('Escape');
    await toggle.click();
    await expect(page.getByRole('heading', { name: 'Filter Conversations' })).toBeHidden();
  });

  test('the date pickers select one day, weeks starting on Sunday', async ({ page }) => {
    await page.goto('/conversations');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Start Date').click();
    const panel = page.locator('.p-datepicker:visible');
    await expect(panel.locator('thead th').first()).toHaveText('Su');
    await expect(panel.locator('thead th').last()).toHaveText('Sa');
    await page.keyboard.press('Escape');
  });

  const searchCases: Array<{ name: string; act: (page: Page) => Promise<void>; query: Record<string, string>; badge: string }> = [
    {
      name: 'start date',
      act: (page) => pickDay(page, 'Start Date', 5),
      // The start of 5 November in Nairobi.
      query: { startDate: '2026-11-04T21:00:00.000Z' },
      badge: 'Start: Nov 5, 2026',
    },
    {
      name: 'end date',
      act: (page) => pickDay(page, 'End Date', 22),
      // The end of 22 November in Nairobi: that day is included.
      query: { endDate: '2026-11-22T20:59:59.999Z' },
      badge: 'End: Nov 22, 2026',
    },
    { name: 'customer phone', act: (page) => page.getByLabel('Customer Phone').fill('0722'), query: { customerPhone: '0722' }, badge: 'Phone: 0722' },
    { name: 'status', act: (page) => pickStatus(page, 'Admin Required'), query: { status: 'admin_required' }, badge: 'Status: Admin Required' },
    {
      name: 'product mentioned',
      act: (page) => page.getByLabel('Product Mentioned').fill('  granite '),
      query: { productMentioned: 'granite' },
      badge: 'Product: granite',
    },
  ];

  for (const { name, act, query, badge } of searchCases) {
    test(`the ${name} filter alone searches with only its parameter`, async ({ page }) => {
      await page.goto('/conversations');
      await expect(cards(page)).toHaveCount(12);
      await page.getByRole('button', { name: 'Filters' }).click();
      const search = page.waitForRequest(isSearch);
      await act(page);
      expect(queryOf(await search)).toEqual(query);
      await expect(badges(page)).toContainText(badge);
      await expect(resultCount(page)).toHaveText('3 results');
      await expect(cards(page)).toHaveCount(3);
      // The filter is in the page's URL.
      expect(Object.keys(Object.fromEntries(new URL(page.url()).searchParams))).toEqual(Object.keys(query));
    });
  }

  test('filters combined search with every parameter; a blank text filter is no filter', async ({ page }) => {
    const searches = recordRequests(page, SEARCH);
    await page.goto('/conversations');
    await page.getByRole('button', { name: 'Filters' }).click();
    // Only spaces: still the plain list.
    await page.getByLabel('Customer Phone').fill('   ');
    await page.waitForTimeout(600);
    expect(searches).toHaveLength(0);

    await pickDay(page, 'Start Date', 1);
    await pickDay(page, 'End Date', 22);
    await page.getByLabel('Customer Phone').fill('0722');
    await pickStatus(page, 'Admin Takeover');
    await page.getByLabel('Product Mentioned').fill('Carrara');
    await expect
      .poll(() => searches.length > 0 && queryOf(searches.at(-1)!))
      .toEqual({
        startDate: '2026-10-31T21:00:00.000Z',
        endDate: '2026-11-22T20:59:59.999Z',
        customerPhone: '0722',
        status: 'admin_takeover',
        productMentioned: 'Carrara',
      });
    await expect(badges(page).locator('.filter-badge')).toHaveText([
      'Start: Nov 1, 2026',
      'End: Nov 22, 2026',
      'Phone: 0722',
      'Status: Admin Takeover',
      'Product: Carrara',
    ]);
    // 'All Statuses' takes the status filter away again.
    const withoutStatus = page.waitForRequest((r) => isSearch(r) && !('status' in queryOf(r)));
    await pickStatus(page, 'All Statuses');
    expect(queryOf(await withoutStatus)).not.toHaveProperty('status');
    await expect(page.locator('.filter-grid .p-dropdown')).toContainText('All statuses');
  });

  test("counts '1 result' and says when nothing matches", async ({ page, mockPrefer }) => {
    await mockPrefer(`**${SEARCH}?*`, 'example=single', { times: 1 });
    await page.goto('/conversations?status=admin_takeover');
    await expect(resultCount(page)).toHaveText('1 result');
    await expect(cards(page)).toHaveCount(1);

    await mockPrefer(`**${SEARCH}?*`, 'example=empty');
    await page.reload();
    await expect(page.getByText('No conversations match your filters')).toBeVisible();
    await expect(resultCount(page)).toHaveText('0 results');
    await expect(page.getByText('No conversations yet')).toHaveCount(0);
  });

  test('removing a badge drops that filter from the search and the URL', async ({ page }) => {
    await page.goto('/conversations?customerPhone=0722&status=admin_required&productMentioned=granite');
    await expect(cards(page)).toHaveCount(3);
    await expect(page.getByLabel('Customer Phone')).toHaveValue('0722');

    const search = page.waitForRequest(isSearch);
    await page.getByRole('button', { name: 'Remove Phone filter' }).click();
    expect(queryOf(await search)).toEqual({ status: 'admin_required', productMentioned: 'granite' });
    await expect(page.getByLabel('Customer Phone')).toHaveValue('');
    await expect(page).toHaveURL(/\/conversations\?status=admin_required&productMentioned=granite$/);
    await expect(badges(page).locator('.filter-badge')).toHaveText(['Status: Admin Required', 'Product: granite']);

    // The last badge gone: back to the plain list, no count.
    await page.getByRole('button', { name: 'Remove Status filter' }).click();
    const list = page.waitForRequest(isList);
    await page.getByRole('button', { name: 'Remove Product filter' }).click();
    await list;
    await expect(cards(page)).toHaveCount(12);
    await expect(resultCount(page)).toHaveCount(0);
    await expect(badges(page)).toHaveCount(0);
  });

  test('Clear All removes every filter and shows the plain list', async ({ page }) => {
    await page.goto('/conversations?startDate=2026-11-01&endDate=2026-11-22&customerPhone=0722&status=bot_active&productMentioned=sink');
    await expect(badges(page).locator('.filter-badge')).toHaveCount(5);
    const list = page.waitForRequest(isList);
    await page.getByRole('button', { name: 'Clear All' }).click();
    await list;
    await expect(page).toHaveURL(/\/conversations$/);
    await expect(cards(page)).toHaveCount(12);
    await expect(badges(page)).toHaveCount(0);
    await expect(page.getByLabel('Customer Phone')).toHaveValue('');
    await expect(page.getByLabel('Start Date')).toHaveValue('');
  });

  test('filters survive a reload: fields, badges and the search', async ({ page }) => {
    await page.goto('/conversations');
    await page.getByRole('button', { name: 'Filters' }).click();
    await pickDay(page, 'Start Date', 3);
    await page.getByLabel('Product Mentioned').fill('quartz');
    await expect(page).toHaveURL(/startDate=2026-11-03&productMentioned=quartz$/);

    const search = page.waitForRequest(isSearch);
    await page.reload();
    expect(queryOf(await search)).toEqual({ startDate: '2026-11-02T21:00:00.000Z', productMentioned: 'quartz' });
    await expect(page.getByRole('heading', { name: 'Filter Conversations' })).toBeVisible();
    await expect(page.getByLabel('Start Date')).toHaveValue('11/03/2026');
    await expect(page.getByLabel('Product Mentioned')).toHaveValue('quartz');
    await expect(badges(page).locator('.filter-badge')).toHaveText(['Start: Nov 3, 2026', 'Product: quartz']);
    await expect(resultCount(page)).toHaveText('3 results');
  });

  test('Export CSV downloads through the browser with the active filters', async ({ page }) => {
    await page.goto('/conversations');
    let download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect(new URL((await download).url()).pathname + new URL((await download).url()).search).toBe('/api/conversations/export');

    await page.goto('/conversations?endDate=2026-11-22&customerPhone=0722&status=admin_required');
    await expect(cards(page)).toHaveCount(3);
    download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const url = new URL((await download).url());
    expect(url.pathname).toBe('/api/conversations/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({ endDate: '2026-11-22T20:59:59.999Z', customerPhone: '0722', status: 'admin_required' });
    expect((await download).suggestedFilename()).toBe('conversations-export-2026-11-22.csv');
    // Still on the list.
    await expect(page).toHaveURL(/\/conversations\?/);
  });

  test('a conversation_update refetches the plain list, and a filtered search', async ({ page, realtime }) => {
    await page.goto('/conversations');
    await expect(cards(page)).toHaveCount(12);
    let list = page.waitForRequest(isList);
    await realtime.push('conversation_update', { id: 110 });
    await list;

    await page.goto('/conversations?status=admin_required');
    await expect(cards(page)).toHaveCount(3);
    const search = page.waitForRequest(isSearch);
    await realtime.push('conversation_update', { id: 102 });
    expect(queryOf(await search)).toEqual({ status: 'admin_required' });
  });
});
