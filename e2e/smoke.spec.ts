// The pipeline end to end: contract example → Prism → generated hook → screen,
// and an event pushed through the realtime mock → the page.
import { expect, test } from './fixtures/test';

test('a visitor without a session signs in against the mock and sees the contract’s data', async ({
  page,
  allowFailedRequest,
}) => {
  allowFailedRequest('/api/auth/me', 401);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('stone-and-sinks');
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/$/);
  // openapi.yaml's examples: 13 products, 11 active; 5 unread notifications.
  await expect(page.getByRole('region', { name: 'Active Products' })).toContainText('11');
  await expect(page.getByRole('region', { name: 'Active Products' })).toContainText('13 total');
  await expect(page.getByTestId('unread-badge')).toHaveText('5');
});

test.describe('signed in', () => {
  test.use({ authenticated: true });

  test('a notification pushed through the realtime mock reaches the page', async ({ page, realtime }) => {
    await page.goto('/');
    await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible();
    await realtime.push('notification', { message: 'Customer asks about delivery to Thika' });
    const toast = page.getByRole('alert');
    await expect(toast).toContainText('New Admin Action Required');
    await expect(toast).toContainText('Customer asks about delivery to Thika');
  });
});
