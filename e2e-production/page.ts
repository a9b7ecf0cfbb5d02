// What the production specs check on a page the same way, whichever server
// answers it (the reference server, the gateway, nginx).
import { expect, type Page } from '@playwright/test';

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
