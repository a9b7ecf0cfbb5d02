// Realtime messages (notification and conversation_update: toasts, what refetches,
// reconnecting) and the 30-second polling of unread notifications, through the realtime mock.
import type { Page } from '@playwright/test';
import { expect, test, type Realtime } from './fixtures/test';
import { everythingReported } from './support/reported';

/**
 * The page's one socket is the only one the mock still counts: the development build's
 * StrictMode opens a socket and closes it again at once, and that close can reach the mock
 * after the page already shows live (two were counted in a run on a busy machine).
 */
async function oneSocketOpen(realtime: Realtime) {
  await expect.poll(async () => (await realtime.status()).clients, { message: 'open sockets of this test' }).toBe(1);
}

test.use({ authenticated: true });

const live = (page: Page) => page.getByRole('status', { name: 'Live updates: connected' });

/** Counts the requests to an API path (exact pathname) from now on. */
function countRequests(page: Page, pathname: string) {
  let count = 0;
  page.on('request', (request) => void (new URL(request.url()).pathname === pathname && count++));
  return () => count;
}

/** Counts the requests to an API path that have been answered (or failed) from now on. */
function countAnswered(page: Page, pathname: string) {
  let count = 0;
  const done = (request: { url(): string }) => void (new URL(request.url()).pathname === pathname && count++);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => count;
}

test('a notification shows the destructive toast and refreshes unread, the counts and the conversations waiting', async ({
  page,
  realtime,
  mockPrefer,
}) => {
  // Nothing unread at first; after the event the server has five.
  await mockPrefer('**/api/notifications/unread{,?*}', 'example=empty', { times: 1 });
  await page.goto('/');
  await expect(live(page)).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  // The dashboard's conversations: the counts (summary) and Pending Actions (a search).
  const summary = countRequests(page, '/api/summary');
  const conversations = countRequests(page, '/api/conversations/search');

  await realtime.push('notification', {
    type: 'unclear_request',
    message: 'Unclear request from +254733902114',
    conversationId: 104,
  });

  const toast = page.getByRole('alert');
  await expect(toast).toContainText('New Admin Action Required');
  await expect(toast).toContainText('Unclear request from +254733902114');
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(page.getByTestId('unread-badge')).toHaveText('5');
  await expect(page).toHaveTitle(/^\(5\) /);
  await expect.poll(summary).toBe(1);
  await expect.poll(conversations).toBe(1);
});

test('a minimal notification (data holds only the required message) shows the destructive toast and refreshes the unread badge', async ({
  page,
  realtime,
  mockPrefer,
}) => {
  await mockPrefer('**/api/notifications/unread{,?*}', 'example=empty', { times: 1 });
  await page.goto('/');
  await expect(live(page)).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  const event = await realtime.push(
    'notification',
    { message: 'Customer asks about delivery to Kisumu' },
    { exact: true },
  );
  expect(event).toEqual({ type: 'notification', data: { message: 'Customer asks about delivery to Kisumu' } });

  const toast = page.getByRole('alert');
  await expect(toast).toContainText('New Admin Action Required');
  await expect(toast).toContainText('Customer asks about delivery to Kisumu');
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(page.getByTestId('unread-badge')).toHaveText('5');
});

test('a notification with a field this version does not know is still shown, with a warning for developers', async ({
  page,
  realtime,
  mockPrefer,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
  await mockPrefer('**/api/notifications/unread{,?*}', 'example=empty', { times: 1 });
  await page.goto('/');
  await expect(live(page)).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  await realtime.push(
    'notification',
    { message: 'Customer wants to pay a deposit by M-Pesa', priority: 'high' },
    { exact: true },
  );

  const toast = page.getByRole('alert');
  await expect(toast).toContainText('New Admin Action Required');
  await expect(toast).toContainText('Customer wants to pay a deposit by M-Pesa');
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(page.getByTestId('unread-badge')).toHaveText('5');
  await expect
    .poll(() => warnings.filter((w) => w.startsWith('Realtime notification: ignored field(s) data.priority')).length)
    .toBe(1);
});

test('a notification without data.message is ignored with a warning', async ({ page, realtime }) => {
  const warnings: string[] = [];
  page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
  await page.goto('/');
  await expect(live(page)).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveText('5');
  const unread = countRequests(page, '/api/notifications/unread');

  // The mock refuses to send it as an event (it breaks the contract), so it goes as a raw frame.
  await realtime.raw(
    JSON.stringify({ type: 'notification', data: { id: 240, type: 'delivery_inquiry', conversationId: 102 } }),
  );
  await expect
    .poll(() => warnings.filter((w) => w.startsWith('Realtime message ignored') && w.includes('data.message')).length)
    .toBe(1);
  // A later valid notification arrives after it (the socket keeps their order) and shows the only
  // toast and the only refetch: the one before was looked at and dropped.
  await realtime.push('notification', { type: 'delivery_inquiry', message: 'Asks about delivery to Thika' });
  await expect(page.getByRole('alert')).toContainText('Asks about delivery to Thika');
  await expect.poll(unread).toBe(1);
  await expect(page.getByRole('alert')).toHaveCount(1);
});

test('conversation_update refreshes the open conversation only when its id matches', async ({ page, realtime }) => {
  await page.goto('/conversations/102');
  await expect(live(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Brian Otieno' })).toBeVisible();
  const detail = countRequests(page, '/api/conversations/102');
  const messages = countRequests(page, '/api/conversations/102/messages');

  await realtime.push('conversation_update', { id: 103 });
  await realtime.push('conversation_update', { id: 102 });
  await expect.poll(detail).toBe(1);
  await expect.poll(messages).toBe(1);
  // The socket keeps the events' order: had 103 refetched anything, it would have been before 102's
  // refetch and counted here.
  expect([detail(), messages()]).toEqual([1, 1]);
});

test('conversation_update refreshes the conversation list on the list screen', async ({ page, realtime }) => {
  await page.goto('/conversations');
  await expect(live(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Brian Otieno' })).toBeVisible();
  const list = countRequests(page, '/api/conversations');
  await realtime.push('conversation_update', { id: 110 });
  await expect.poll(list).toBe(1);
});

test('a frame that is not a contract message is only logged', async ({ page, realtime }) => {
  const warnings: string[] = [];
  page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
  await page.goto('/');
  await expect(live(page)).toBeVisible();
  await realtime.raw('this is not json');
  await realtime.raw('{"type":"order_paid","data":{"id":1}}');
  await expect.poll(() => warnings.filter((w) => w.startsWith('Realtime message ignored')).length).toBe(2);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('after the socket drops it reconnects and refetches what is on screen, so a missed event is not lost', async ({
  page,
  realtime,
  mockPrefer,
}) => {
  await mockPrefer('**/api/notifications/unread{,?*}', 'example=empty', { times: 1 });
  await page.goto('/');
  await expect(live(page)).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  await realtime.drop();
  // While it was away, five notifications arrived (the next unread answer is the populated example).
  await expect(page.getByRole('status', { name: /Live updates: (reconnecting|connecting)/ })).toBeVisible();
  await expect(live(page)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('unread-badge')).toHaveText('5');
});

test('unread notifications are polled every 30 seconds', async ({ page }) => {
  await page.clock.install();
  const unread = countRequests(page, '/api/notifications/unread');
  const answered = countAnswered(page, '/api/notifications/unread');
  await page.goto('/');
  await expect(page.getByTestId('unread-badge')).toHaveText('5');
  await expect(live(page)).toBeVisible();
  // React Query starts the 30-second interval again whenever the query changes, last when an
  // answer arrives. The page's clock runs with real time until it is paused, so when the first
  // answer came is not known exactly: pause the clock, let one poll fire, and wait for its
  // answer. The interval then starts at the paused instant, and everything after is exact.
  // (A second ahead: the clock runs on while the pause is on its way.)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await expect.poll(() => answered() === unread(), { message: 'nothing in flight' }).toBe(true);
  const settled = unread();
  await page.clock.runFor(31_000);
  await expect.poll(unread, { message: 'a poll within 31 seconds' }).toBe(settled + 1);
  await expect.poll(answered).toBe(settled + 1);
  await everythingReported(page);

  const before = unread();
  await page.clock.runFor(29_000);
  await everythingReported(page);
  expect(unread(), 'no poll before 30 seconds').toBe(before);
  await page.clock.runFor(1_500);
  await expect.poll(unread).toBe(before + 1);
});

test('a socket closed with 4401 (the session ended on the server) signs out like a 401, without reconnecting', async ({
  page,
  realtime,
  mockPrefer,
}) => {
  // The page's clock, so that every reconnect the page could schedule can be run at once below.
  await page.clock.install();
  await page.goto('/');
  await expect(live(page)).toBeVisible();
  // The server ended the session (signed out elsewhere, expired, password reset): /me now answers 401.
  await mockPrefer('**/api/auth/me', 'code=401');
  await oneSocketOpen(realtime);
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  expect(await realtime.close(4401, 'session ended')).toBe(1);
  await expect(page).toHaveURL(/\/login$/);
  const toast = page.getByRole('list', { name: 'Notifications (F8)' }).getByRole('alert');
  await expect(toast).toContainText('Session ended');
  await expect(toast).toContainText('Your session has expired. Please log in again.');
  // No new socket was opened for the ended session, even after the longest reconnect delay.
  await page.clock.runFor(31_000);
  await everythingReported(page);
  expect(sockets, 'sockets opened after the session ended').toEqual([]);
});

test('a 4401 close while the session is still valid (say, another tab signed out and back in) reconnects instead', async ({
  page,
  realtime,
}) => {
  await page.goto('/');
  await expect(live(page)).toBeVisible();
  await oneSocketOpen(realtime);
  expect(await realtime.close(4401, 'session ended')).toBe(1);
  // /me still answers 200 from the mock: the dashboard stays and the socket comes back.
  await expect(live(page)).toBeVisible({ timeout: 10_000 });
  await expect(page).not.toHaveURL(/\/login$/);
  await realtime.waitForClients(1);
});
