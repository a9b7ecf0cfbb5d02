// What the production specs check on a page the same way, whichever server
// answers it (the reference server, the gateway, nginx).
import { expect, type Page, type Request } from '@playwright/test';
import { everythingReported } from '../e2e/support/reported';

/** The headers of an answer that is the dashboard's page: its CSP and security headers, revalidated each load, no HSTS over plain http. */
export function expectDashboardPageHeaders(headers: Record<string, string>) {
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cache-control']).toBe('no-cache');
  expect(headers['strict-transport-security']).toBeUndefined();
}

/** Signs in on the sign-in screen, as staff do, and waits for the dashboard. */
export async function signInOnScreen(page: Page, credentials: { username: string; password: string }) {
  await expect(page.getByText('Admin Dashboard Login')).toBeVisible();
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** When the page starts its deferred downloads (DEFERRED_LOAD_MS in src/lib/lazy/load-once.ts), then once idle. */
const DEFERRED_LOAD_MS = 2_000;

/**
 * Runs the page's clock (installed before the page was opened) past its deferred
 * downloads (the socket parser, the contract check) and waits until every script
 * they asked for has been answered, so that a CSP violation or an error of
 * theirs has been reported by the time the test looks.
 */
export async function deferredDownloadsDone(page: Page) {
  const scripts: Request[] = [];
  const onRequest = (request: Request) => {
    if (new URL(request.url()).pathname.endsWith('.js')) scripts.push(request);
  };
  page.on('request', onRequest);
  try {
    await page.clock.runFor(DEFERRED_LOAD_MS + 1_000);
    // A script's own imports start once it has arrived: again until no new one was asked for.
    for (let seen = -1; seen !== scripts.length;) {
      seen = scripts.length;
      await Promise.all(scripts.map((request) => request.response()));
      await everythingReported(page);
    }
  } finally {
    page.off('request', onRequest);
  }
}
