// The socket under stress. The page's socket is routed here (routeWebSocket),
// so the test plays the server: it drops the connection, refuses reconnects for a while and
// sends bursts. What the server "knows" is served with page.route.
import type { Page, WebSocketRoute } from '@playwright/test';
import type { Notification } from '../src/api/generated/model/notification';
import { expect, test } from './fixtures/test';

test.use({ authenticated: true });

const live = (page: Page) => page.getByRole('status', { name: 'Live updates: connected' });
const reconnecting = (page: Page) => page.getByRole('status', { name: /Live updates: (reconnecting|connecting)/ });

const notification = (i: number): Notification => ({
  id: 1000 + i,
  type: 'delivery_inquiry',
  message: `Missed notification ${i}: customer asks about delivery to Nakuru`,
  isRead: false,
  createdAt: new Date(Date.UTC(2026, 10, 22, 8, i)).toISOString(),
  conversationId: 102,
});

test('the socket dropped and restored 10 times, with notifications while it was down: each one shows after the reconnect', async ({
  page,
}) => {
  test.setTimeout(120_000);
  let unread: Notification[] = [];
  await page.route('**/api/notifications/unread{,?*}', (route) => route.fulfill({ json: unread }));
  await page.route('**/api/notifications{,?*}', (route) => route.fulfill({ json: unread }));
  let socket: WebSocketRoute | undefined;
  let refuse = 0;
  let refused = 0;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (refuse > 0) {
      refuse -= 1;
      refused += 1;
      void ws.close();
      return;
    }
    socket = ws;
  });

  await page.goto('/notifications');
  await expect(live(page)).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  let survived = 0;
  for (let i = 1; i <= 10; i += 1) {
    // The server goes away and turns the first reconnect attempt down.
    refuse = 1;
    await socket!.close();
    await expect(reconnecting(page)).toBeVisible();
    // Meanwhile a notification arrives; its socket message reaches nobody.
    unread = [notification(i), ...unread];
    await expect.poll(() => refuse, { timeout: 15_000 }).toBe(0);
    await expect(live(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('unread-badge')).toHaveText(String(i));
    await expect(page.getByText(notification(i).message)).toBeVisible();
    survived += 1;
  }
  console.log(
    `realtime stress: reconnects survived ${survived} of 10 (${refused} reconnect attempts refused while down); every missed notification shown after its reconnect`,
  );
  await expect(page.getByTestId('notification-card')).toHaveCount(10);
});

test('a burst of 200 events in a second: refetches are coalesced and the page stays responsive', async ({ page }) => {
  let socket: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/ws$/, (ws) => void (socket = ws));
  // The page's clock: the burst is spread over page time the test moves, and the last coalescing
  // window is run out at once, so how busy the machine is changes neither.
  await page.clock.install();
  await page.goto('/notifications');
  await expect(live(page)).toBeVisible();
  await page.waitForLoadState('networkidle');

  const fetches = new Map<string, number>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && path.startsWith('/api/')) fetches.set(path, (fetches.get(path) ?? 0) + 1);
  });

  const pageNow = () => page.evaluate(() => Date.now());
  const started = await pageNow();
  for (let i = 1; i <= 200; i += 1) {
    const event =
      i % 4 === 0
        ? { type: 'conversation_update', data: { id: 101 + (i % 5) } }
        : { type: 'notification', data: { message: `Burst notification ${i}`, conversationId: 102 } };
    socket!.send(JSON.stringify(event));
    if (i % 20 === 0) await page.clock.runFor(50);
  }
  // Page time: the coalescing windows are timed by the page's clock.
  const burstMs = (await pageNow()) - started;

  // Responsive: the last toast is there and the screen still answers a click at once.
  await expect(page.getByRole('alert')).toContainText('Burst notification 199');
  await page.clock.runFor(1_000); // the last coalescing window closes
  await page.waitForLoadState('networkidle');
  const counts = Object.fromEntries(fetches);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // One refetch at once, then at most one per 250 ms window while events keep coming, plus the last.
  const bound = Math.ceil(burstMs / 250) + 2;
  console.log(
    `realtime stress: 200 events in ${burstMs} ms → GET per path ${JSON.stringify(counts)} (bound ${bound} each; without coalescing each event refetched every list it names)`,
  );
  for (const path of ['/api/notifications', '/api/notifications/unread']) {
    expect(counts[path] ?? 0, `${path} was refetched`).toBeGreaterThanOrEqual(1);
    expect(counts[path], `${path} refetches`).toBeLessThanOrEqual(bound);
  }
  for (const [path, count] of Object.entries(counts)) expect(count, `${path} refetches`).toBeLessThanOrEqual(bound);
});
