import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

// Default toasts are status messages, destructive ones alerts: read the toast region itself.
const toasts = (page: Page) => page.getByRole('list', { name: 'Notifications (F8)' });

test.use({ authenticated: true });

test('the form is filled from the server, validates, saves and tests', async ({ page }) => {
  const loaded = page.waitForResponse('**/api/follow-ups/settings');
  await page.goto('/settings');
  const server = await (await loaded).json();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Automated Follow-up System' })).toBeVisible();
  const hours = page.getByLabel('Hours Until Follow-up (1-168)');
  const message = page.getByLabel('Follow-up Message');
  await expect(hours).toHaveValue(String(server.hoursUntilFollowUp));
  await expect(message).toHaveValue(server.followUpMessage);
  await expect(message).toHaveAttribute('rows', '4');

  await hours.fill('48');
  await expect(page.getByText('48 hours (≈ 2 days)')).toBeVisible();
  await expect(page.getByText(/free-form messages within 24 hours/)).toBeVisible();
  await hours.fill('12');
  await expect(page.getByText(/free-form messages within 24 hours/)).toHaveCount(0);

  let patches = 0;
  page.on('request', (r) => r.method() === 'PATCH' && patches++);
  await hours.fill('169');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toasts(page)).toContainText('Invalid hours');
  await expect(toasts(page)).toContainText('Hours must be between 1 and 168 (7 days)');

  await hours.fill('12');
  await message.fill('   ');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toasts(page)).toContainText('Invalid message');
  await expect(toasts(page)).toContainText('Follow-up message cannot be empty');
  expect(patches).toBe(0);

  await message.fill('Still thinking about that granite?');
  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/api/follow-ups/settings'));
  await page.getByRole('button', { name: 'Save Settings' }).click();
  expect((await patch).postDataJSON()).toEqual({
    enabled: true,
    hoursUntilFollowUp: 12,
    followUpMessage: 'Still thinking about that granite?',
  });
  await expect(toasts(page)).toContainText('Follow-up settings have been updated successfully.');

  await page.getByRole('button', { name: 'Test Now' }).click();
  await expect(toasts(page)).toContainText('Follow-up check completed');
});

test('turning follow-ups off disables hours, message and Test Now', async ({ page }) => {
  await page.goto('/settings');
  const hours = page.getByLabel('Hours Until Follow-up (1-168)');
  await expect(hours).toBeEnabled();
  await page.getByLabel('Enable Follow-ups').click();
  await expect(hours).toBeDisabled();
  await expect(page.getByLabel('Follow-up Message')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Test Now' })).toBeDisabled();
});

test('a non-numeric hours entry falls back to 1', async ({ page }) => {
  await page.goto('/settings');
  await page.getByLabel('Hours Until Follow-up (1-168)').fill('');
  await expect(page.getByText('1 hour (≈ 0 days)')).toBeVisible();
  await page.getByLabel('Follow-up Message').fill('Hello again');
  const patch = page.waitForRequest((r) => r.method() === 'PATCH');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  expect((await patch).postDataJSON().hoursUntilFollowUp).toBe(1);
});

test('save and test failures show the server message', async ({ page, mockPrefer, allowFailedRequest }) => {
  allowFailedRequest('/api/follow-ups/settings', 400);
  allowFailedRequest('/api/follow-ups/check', 409);
  await page.goto('/settings');
  await expect(page.getByLabel('Hours Until Follow-up (1-168)')).toBeEnabled();
  await mockPrefer('**/api/follow-ups/settings', 'code=400', { method: 'PATCH' });
  await mockPrefer('**/api/follow-ups/check', 'code=409');
  await page.getByLabel('Follow-up Message').fill('Hello again');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toasts(page)).toContainText('Error');
  await expect(page.getByLabel('Follow-up Message')).toHaveValue('Hello again');
  await page.getByRole('button', { name: 'Test Now' }).click();
  await expect(toasts(page)).toContainText('Follow-ups are disabled');
});

test('failures without a server message fall back to the default texts, keeping what was typed', async ({
  page,
  allowFailedRequest,
}) => {
  allowFailedRequest('/api/follow-ups/settings', 502);
  allowFailedRequest('/api/follow-ups/check', 502);
  await page.goto('/settings');
  await expect(page.getByLabel('Hours Until Follow-up (1-168)')).toBeEnabled();
  // A gateway error with no body: there is no server message to show.
  await page.route('**/api/follow-ups/settings', (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 502, body: '' }) : route.fallback(),
  );
  await page.route('**/api/follow-ups/check', (route) => route.fulfill({ status: 502, body: '' }));
  await page.getByLabel('Follow-up Message').fill('Karibu tena!');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toasts(page)).toContainText('Error');
  await expect(toasts(page)).toContainText('Failed to save settings');
  await expect(page.getByLabel('Follow-up Message')).toHaveValue('Karibu tena!');
  await page.getByRole('button', { name: 'Test Now' }).click();
  await expect(toasts(page)).toContainText('Failed to run follow-up check');
});
