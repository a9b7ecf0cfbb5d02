// Beyond the spec (openapi.yaml: unreadCount, replyWindowClosesAt, the read
// state, templates, delivery states, retry, quick replies): the inbox that
// knows WhatsApp's rules, against the contract's named examples (Prism) and
// the realtime mock. The clock is the examples' "now", 2026-11-23T06:30Z: two
// reply windows of the inbox list close within 2 hours, one has closed.
// Without the new fields (the default examples) every screen behaves as the
// spec says; conversations.spec.ts holds that, and the 404 cases here.
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures/test';

test.use({ authenticated: true, timezoneId: 'Africa/Nairobi', locale: 'en-US' });

const NOW = new Date('2026-11-23T06:30:00.000Z');
/** Conversation 102's window in the examples closes 24 h after the customer's last message. */
const CLOSES_102 = new Date('2026-11-23T08:14:05.000Z');

function recordRequests(page: Page, pathname: string | RegExp, method = 'GET') {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    const matches = typeof pathname === 'string' ? path === pathname : pathname.test(path);
    if (request.method() === method && matches) seen.push(request);
  });
  return seen;
}

async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator('.toast').filter({ hasText: description });
  await expect(toast.locator('.toast-title')).toHaveText(title);
  await expect(toast.locator('.toast-description')).toHaveText(description);
}

const cards = (page: Page) => page.locator('.conversation-list > li');
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

test.beforeEach(async ({ page }, testInfo) => {
  // The window's edge runs its own clock.
  if (!testInfo.title.includes('exactly 24 h')) await page.clock.setFixedTime(NOW);
});

test.describe('unread and reply window on the list', () => {
  test('cards show unread counts and windows closing within 2 hours; the filters search for them', async ({
    page,
    mockPrefer,
  }) => {
    await mockPrefer('**/api/conversations?*', 'example=inbox');
    // The hand-offs lifted above the list (beyond the spec): the inbox example's own.
    await mockPrefer('**/api/conversations/search?status=admin_required&limit=5&order=waiting', 'example=empty');
    await page.goto('/conversations');
    await expect(cards(page)).toHaveCount(5);

    const brian = card(page, 'Brian Otieno');
    await expect(brian).toContainText('2 unread');
    await expect(brian).toContainText('Reply window closes in 1h 44m');
    await expect(card(page, 'Unknown Customer')).toContainText('1 unread');
    await expect(card(page, 'Unknown Customer')).toContainText('Reply window closes in 1h 18m');
    await expect(card(page, 'Samuel Kariuki')).toContainText('3 unread');
    // Closed long ago: no badge (a list of years would be all badges); the detail says it.
    await expect(card(page, 'Samuel Kariuki')).not.toContainText('Reply window');
    // Read, and more than 2 hours left: neither badge.
    const wanjiru = card(page, 'Wanjiru Kamau');
    await expect(wanjiru).not.toContainText('unread');
    await expect(wanjiru).not.toContainText('Reply window');

    const searches = recordRequests(page, '/api/conversations/search');
    await page.getByRole('button', { name: 'Filters' }).click();
    await mockPrefer('**/api/conversations/search?*', 'example=unread');
    await page.getByLabel('Unread', { exact: true }).click();
    await expect(page.getByLabel('Unread', { exact: true })).toBeChecked();
    await expect(cards(page)).toHaveCount(3);
    await expect.poll(() => searches.map((r) => new URL(r.url()).searchParams.get('unread'))).toContain('true');
    await expect(page.getByRole('group', { name: 'Active filters' })).toContainText('Unread');
    await expect(page).toHaveURL(/unread=true/);

    await page.getByLabel('Unread', { exact: true }).click();
    await expect(page.getByLabel('Unread', { exact: true })).not.toBeChecked();
    await mockPrefer('**/api/conversations/search?*', 'example=windowClosing');
    await page.getByLabel('Reply window closing', { exact: true }).click();
    await expect(page.getByLabel('Reply window closing', { exact: true })).toBeChecked();
    await expect(cards(page)).toHaveCount(2);
    await expect.poll(() => searches.map((r) => new URL(r.url()).searchParams.get('replyWindow'))).toContain('closing');
    await expect(page.getByRole('group', { name: 'Active filters' })).toContainText('Reply window closing');
  });

  test('a backend without the fields shows neither badge nor filter', async ({ page }) => {
    await page.goto('/conversations');
    await expect(cards(page)).toHaveCount(12);
    await expect(page.locator('#conversation-results')).not.toContainText('unread');
    await expect(page.locator('#conversation-results')).not.toContainText('Reply window');
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('heading', { name: 'Filter Conversations' })).toBeVisible();
    await expect(page.getByLabel('Unread', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Reply window closing', { exact: true })).toHaveCount(0);
  });
});

test.describe('read state on the detail', () => {
  test('opening reads it once; Mark as unread is not undone while staying', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/conversations/102', 'example=windowOpen', { method: 'GET' });
    const reads = recordRequests(page, '/api/conversations/102/read', 'POST');
    const unreads = recordRequests(page, '/api/conversations/102/read', 'DELETE');
    await page.goto('/conversations/102');
    await expect(page.getByRole('heading', { name: 'Brian Otieno', level: 1 })).toBeVisible();
    await expect.poll(() => reads.length).toBe(1);

    await page.getByRole('button', { name: 'Mark as unread' }).click();
    await expectToast(page, 'Marked as unread', 'It stays unread until someone opens it again.');
    expect(unreads).toHaveLength(1);
    // The refetched conversation still says 2 unread (the example): staff chose so on this visit.
    await page.waitForLoadState('networkidle');
    expect(reads).toHaveLength(1);
  });

  test('a backend without read state: no call, no button', async ({ page }) => {
    const reads = recordRequests(page, /\/read$/, 'POST');
    await page.goto('/conversations/102');
    await expect(page.getByRole('heading', { name: 'Brian Otieno', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'Mark as unread' })).toHaveCount(0);
    expect(reads).toHaveLength(0);
  });
});

test.describe('the 24-hour reply window', () => {
  test('the time left shows beside the composer, and at exactly 24 h only templates remain', async ({
    page,
    mockPrefer,
  }) => {
    await mockPrefer('**/api/conversations/102', 'example=windowOpen', { method: 'GET' });
    await page.clock.install({ time: new Date(CLOSES_102.getTime() - 150_000) });
    await page.goto('/conversations/102');
    await expect(page.getByText('Reply window: 2m left')).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toBeEnabled();

    // One millisecond before the edge the window is still open…
    await page.clock.pauseAt(new Date(CLOSES_102.getTime() - 1));
    await expect(page.getByText('Reply window: 0m left')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send template' })).toHaveCount(0);
    // …and at exactly 24 h after the customer's last message it has closed.
    await page.clock.runFor(1);
    // The template list loads once the clock moves on again (React Query schedules with timers).
    await page.clock.resume();
    await expect(
      page.getByText(
        'The 24-hour reply window has closed. WhatsApp accepts only an approved template until the customer writes again.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send template' })).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toHaveCount(0);
  });

  test('after the window closed a template is sent with every variable filled', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/conversations/109', 'example=windowClosed', { method: 'GET' });
    const sent = recordRequests(page, '/api/conversations/109/template-messages', 'POST');
    const freeText = recordRequests(page, '/api/conversations/109/messages', 'POST');
    await page.goto('/conversations/109');
    await expect(page.getByRole('heading', { name: 'Samuel Kariuki', level: 1 })).toBeVisible();

    await page.locator('.template-sender .p-dropdown').click();
    await page.getByRole('option', { name: 'Quote ready' }).click();
    await expect(page.locator('.template-preview')).toContainText('your quote for {{2}} is ready');
    // Filled from the conversation (beyond the spec); emptied, they are required.
    await expect(page.getByLabel('Customer name')).toHaveValue('Samuel Kariuki');
    await expect(page.getByLabel(/Product$/)).not.toHaveValue('');
    await page.getByLabel('Customer name').fill('');
    await page.getByLabel(/Product$/).fill('');
    await page.getByRole('button', { name: 'Send template' }).click();
    await expect(page.getByText('Customer name is required')).toBeVisible();
    await expect(page.getByText('Product is required')).toBeVisible();
    expect(sent).toHaveLength(0);

    await page.getByLabel('Customer name').fill('Samuel');
    await page.getByLabel(/Product$/).fill('Pure White Quartz');
    await page.getByRole('button', { name: 'Send template' }).click();
    await expectToast(page, 'Template sent', 'Quote ready is on its way to the customer.');
    expect(sent).toHaveLength(1);
    expect(sent[0].postDataJSON()).toEqual({ templateId: 2, variables: ['Samuel', 'Pure White Quartz'] });
    expect(freeText).toHaveLength(0);
  });

  test("the server's refusal of a template is shown and keeps what was typed", async ({
    page,
    mockPrefer,
    allowFailedRequest,
  }) => {
    await mockPrefer('**/api/conversations/109', 'example=windowClosed', { method: 'GET' });
    await mockPrefer('**/api/conversations/109/template-messages', 'code=422, example=missingVariable', {
      method: 'POST',
    });
    allowFailedRequest('/api/conversations/109/template-messages', 422);
    await page.goto('/conversations/109');
    await page.locator('.template-sender .p-dropdown').click();
    await page.getByRole('option', { name: 'Follow-up' }).click();
    await page.getByLabel('Customer name').fill('Samuel');
    await page.getByRole('button', { name: 'Send template' }).click();
    await expectToast(page, 'Error', 'Fill in every variable of the template: Product');
    await expect(page.getByLabel('Customer name')).toHaveValue('Samuel');
  });
});

test.describe('delivery state', () => {
  test('each reply shows where it has got to; a failed one says why and Retry sends it once', async ({
    page,
    mockPrefer,
  }) => {
    await mockPrefer('**/api/conversations/102/messages*', 'example=delivery', { method: 'GET' });
    const retries = recordRequests(page, /\/api\/conversations\/102\/messages\/\d+\/retry$/, 'POST');
    await page.goto('/conversations/102');
    const bubble = (text: string) => page.locator('.message').filter({ hasText: text });
    await expect(bubble('9,800 per slab is fine')).toContainText('Read');
    await expect(bubble('Delivery to Nakuru is KES 6,500')).toContainText('Delivered');
    await expect(bubble('We can deliver on Thursday.')).toContainText('Sent');
    await expect(bubble('Our showroom is open until 6 pm')).toContainText('Queued');
    await expect(bubble('Hello again from Stone & Sinks')).toContainText('Read');
    const failed = bubble('Shall I send the M-Pesa details?');
    await expect(failed).toContainText('Failed');
    await expect(failed).toContainText("WhatsApp could not reach the customer's phone.");
    // Customer and bot messages carry no state.
    await expect(bubble('do you deliver to Nakuru')).not.toContainText('Delivered');

    await failed.getByRole('button', { name: 'Retry sending this message' }).dblclick();
    await page.waitForLoadState('networkidle');
    expect(retries.map((r) => new URL(r.url()).pathname)).toEqual(['/api/conversations/102/messages/1213/retry']);
  });

  test('a message_status event refetches the messages of the conversation on screen', async ({ page, realtime }) => {
    await page.goto('/conversations/102');
    await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible();
    const messages = recordRequests(page, '/api/conversations/102/messages');
    await realtime.push('message_status', { conversationId: 102, messageId: 1211, deliveryStatus: 'read' });
    await expect.poll(() => messages.length).toBeGreaterThan(0);
    const other = messages.length;
    // Another conversation's status, then this one's again: in the socket's order, only the second refetches.
    await realtime.push('message_status', { conversationId: 101, messageId: 1, deliveryStatus: 'read' });
    await realtime.push('message_status', { conversationId: 102, messageId: 1211, deliveryStatus: 'delivered' });
    await expect.poll(() => messages.length).toBeGreaterThan(other);
    expect(messages.length).toBe(other + 1);
  });
});

test.describe('quick replies and product cards', () => {
  test.beforeEach(async ({ mockPrefer }) => {
    await mockPrefer('**/api/conversations/102', 'example=windowOpen', { method: 'GET' });
  });

  test('"/" in the empty composer opens the list; a chosen reply is filled from the conversation', async ({ page }) => {
    await page.goto('/conversations/102');
    const input = page.getByLabel('Message', { exact: true });
    // The quick replies have arrived (until then "/" is just text).
    await expect(page.getByRole('button', { name: 'Quick replies' })).toBeVisible();
    await input.click();
    await page.keyboard.type('/');
    const dialog = page.getByRole('dialog', { name: 'Quick replies' });
    await expect(dialog).toBeVisible();
    await expect(input).toHaveValue('');
    await page.keyboard.type('price');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(input).toHaveValue('Hello Brian Otieno, Absolute Black Granite is 8,500 - 12,000 KES.');
    await expect(input).toBeFocused();

    // A "/" inside a reply is text.
    await page.keyboard.type(' 1/2');
    await expect(input).toHaveValue(/ 1\/2$/);
    await expect(dialog).toBeHidden();
  });

  test('the / shortcut opens quick replies from anywhere on the page', async ({ page }) => {
    await page.goto('/conversations/102');
    await expect(page.getByRole('heading', { name: 'Brian Otieno', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Quick replies' })).toBeVisible();
    await page.locator('body').press('/');
    await expect(page.getByRole('dialog', { name: 'Quick replies' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Message', { exact: true })).toBeFocused();
  });

  test('Insert product puts the product card in the reply, at the price the chatbot quotes', async ({ page }) => {
    await page.goto('/conversations/102');
    await page.getByRole('button', { name: 'Insert product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert product' });
    await dialog.getByLabel('Search products').fill('absolute');
    await dialog.getByRole('button', { name: /Absolute Black Granite/ }).click();
    const value = await page.getByLabel('Message', { exact: true }).inputValue();
    expect(value).toContain('Absolute Black Granite');
    expect(value).toContain('Price: 8,500 KES per slab');
    expect(value).not.toContain('12,000');
    expect(value).toMatch(/https?:\/\/[^/]+\/uploads\/products\/absolute-black-granite\.svg/);
  });

  test('a backend without quick replies or templates: no button, Settings shows neither section', async ({
    page,
    mockPrefer,
    allowFailedRequest,
  }) => {
    await mockPrefer('**/api/quick-replies', 'code=404');
    await mockPrefer('**/api/message-templates', 'code=404');
    allowFailedRequest('/api/quick-replies', 404);
    allowFailedRequest('/api/message-templates', 404);
    await page.goto('/conversations/102');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#quick-replies-button')).toHaveCount(0);
    // The / shortcut goes to the composer instead, and / typed there is just text.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    await expect(page.getByLabel('Message', { exact: true })).toBeFocused();
    await page.keyboard.press('/');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('/');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByLabel('Message', { exact: true }).fill('Karibu');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Message templates' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Quick replies' })).toHaveCount(0);
  });
});
