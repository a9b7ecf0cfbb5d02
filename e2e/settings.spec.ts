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
  // From 24 hours on, the approved follow-up template goes instead, and its text is shown.
  await expect(page.getByText(/From 24 hours on, WhatsApp accepts only approved templates/)).toBeVisible();
  await expect(page.locator('#follow-up-rule')).toContainText(
    'Hello [customer name], this is Stone & Sinks following up on your enquiry.',
  );
  await expect(hours).toHaveAttribute('aria-describedby', 'follow-up-hours-hint follow-up-rule');
  await hours.fill('12');
  await expect(page.getByText(/From 24 hours on/)).toHaveCount(0);
  await expect(page.getByText('Under 24 hours, the Follow-up Message below is sent as written.')).toBeVisible();

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
  await page.getByRole('dialog', { name: 'Send follow-ups now?' }).getByRole('button', { name: 'Send now' }).click();
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
  await page.getByRole('button', { name: 'Send now' }).click();
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
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(toasts(page)).toContainText('Failed to run follow-up check');
});

test.describe('Test Now asks first', () => {
  const checks = (page: Page) => {
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/follow-ups/check') && sent.push(r.url()));
    return sent;
  };

  test('says how many customers get which message; Cancel sends nothing, Send now runs the check', async ({ page }) => {
    const sent = checks(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Test Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send follow-ups now?' });
    await expect(dialog).toContainText('Send the follow-up message now to 23 customers?');
    // The saved delay is 24 hours: the approved template goes, as the customer will read it.
    await expect(dialog.locator('blockquote')).toHaveText(
      'Hello [customer name], this is Stone & Sinks following up on your enquiry. Reply to this message and we will gladly help you complete your order.',
    );
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Test Now' })).toBeFocused();
    expect(sent).toHaveLength(0);

    await page.getByRole('button', { name: 'Test Now' }).click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(sent).toHaveLength(0);

    await page.getByRole('button', { name: 'Test Now' }).click();
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await expect(toasts(page)).toContainText('Follow-up check completed');
    await expect(toasts(page)).toContainText('Sent 3 follow-up messages');
    expect(sent).toHaveLength(1);
  });

  test('under 24 hours the saved text goes as written; unsaved changes are not used', async ({ page }) => {
    await page.goto('/settings');
    await page.getByLabel('Hours Until Follow-up (1-168)').fill('6');
    await page.getByLabel('Follow-up Message').fill('Habari! Still keen on that granite?');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toasts(page)).toContainText('Settings saved');
    await page.getByLabel('Follow-up Message').fill('Not saved yet');
    await page.getByRole('button', { name: 'Test Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send follow-ups now?' });
    await expect(dialog.locator('blockquote')).toHaveText('Habari! Still keen on that granite?');
    await expect(dialog).toContainText('Your unsaved changes are not used');
  });

  test('one customer, and nobody due: says so and offers only OK', async ({ page, mockPrefer }) => {
    const sent = checks(page);
    await mockPrefer('**/api/follow-ups/due', 'example=one', { times: 1 });
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Test Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send follow-ups now?' });
    await expect(dialog).toContainText('Send the follow-up message now to 1 customer?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await mockPrefer('**/api/follow-ups/due', 'example=none');
    await page.getByRole('button', { name: 'Test Now' }).click();
    await expect(dialog).toContainText('No customer is due a follow-up right now, so nothing would be sent.');
    await expect(dialog.getByRole('button', { name: 'Send now' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    expect(sent).toHaveLength(0);
  });

  test('a backend without the count or the templates: every customer due, the text as written', async ({
    page,
    mockPrefer,
    allowFailedRequest,
  }) => {
    allowFailedRequest('/api/follow-ups/due', 404);
    allowFailedRequest('/api/message-templates', 404);
    await mockPrefer('**/api/follow-ups/due', 'code=404');
    await mockPrefer('**/api/message-templates', 'code=404');
    const loaded = page.waitForResponse('**/api/follow-ups/settings');
    await page.goto('/settings');
    const server = await (await loaded).json();
    // The general rule, without a template to show.
    await expect(page.getByText(/free-form messages within 24 hours/)).toBeVisible();
    await page.getByRole('button', { name: 'Test Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send follow-ups now?' });
    await expect(dialog).toContainText('Send the follow-up message now to every customer due a follow-up?');
    await expect(dialog.locator('blockquote')).toHaveText(server.followUpMessage);
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await expect(toasts(page)).toContainText('Follow-up check completed');
  });
});
