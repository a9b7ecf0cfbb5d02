// "Nothing else happened" checks: a test that must show a page did NOT ask for
// something (no retry, no poll yet, no new socket) waits for an event that
// proves every earlier request was reported, instead of pausing and hoping.
import type { Page } from '@playwright/test';

const SENTINEL = '/__reported__';

/**
 * Resolves once every request and WebSocket the page opened before this call
 * has been reported to the test's listeners. The page fetches a sentinel the
 * test answers itself; the browser reports a page's network activity in the
 * order the page starts it, so the sentinel's answer comes after all of it.
 * Run timers first (`page.clock.runFor`) when what must not happen is due to
 * a timer: a request not yet started is nothing this can see.
 */
export async function everythingReported(page: Page) {
  await page.route(`**${SENTINEL}`, (route) => route.fulfill({ status: 204 }));
  await page.evaluate((path) => fetch(path).then(() => undefined), SENTINEL);
  await page.unroute(`**${SENTINEL}`);
}
