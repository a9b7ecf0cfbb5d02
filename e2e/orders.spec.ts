// Orders (beyond the spec: openapi.yaml's orders, served by Prism from their examples): staff find
// an order by number, name or phone and by its two states, open it, record a payment (a refused
// one keeps what was typed) and move it on a step.
import type { Request } from '@playwright/test';
import { expect, test } from './fixtures/test';

test.use({ authenticated: true });

const isList = (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/orders';
const queryOf = (request: Request) => Object.fromEntries(new URL(request.url()).searchParams);

test('the list is searched and filtered by both states, as the address says, and opens an order', async ({ page }) => {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  const first = page.getByRole('link', { name: /SO00003/ });
  await expect(first).toContainText('Out for delivery');
  await expect(first).toContainText('Deposit paid');

  let list = page.waitForRequest((r) => isList(r) && queryOf(r).search === '0733 456');
  await page.getByRole('searchbox', { name: 'Search' }).fill('0733 456');
  await page.getByRole('button', { name: 'Search' }).click();
  await list;
  list = page.waitForRequest((r) => isList(r) && queryOf(r).status === 'out_for_delivery');
  await page.getByLabel('Status').selectOption({ label: 'Out for delivery' });
  await list;
  list = page.waitForRequest((r) => isList(r) && queryOf(r).paymentStatus === 'deposit_paid');
  await page.getByLabel('Payment').selectOption({ label: 'Deposit paid' });
  expect(queryOf(await list)).toMatchObject({ search: '0733 456', status: 'out_for_delivery' });
  // The filters live in the address: a reload keeps them.
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('out_for_delivery');
  await expect(page.getByLabel('Payment')).toHaveValue('deposit_paid');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('0733 456');

  await page.getByRole('link', { name: /SO00003/ }).click();
  await expect(page).toHaveURL(/\/orders\/3$/);
  await expect(page.getByRole('heading', { name: 'Order SO00003', level: 1 })).toBeVisible();
});

test('a refused payment keeps what was typed; the order moves on a step', async ({ page, mockPrefer }) => {
  await page.goto('/orders/3');
  await expect(page.getByRole('heading', { name: 'Order SO00003', level: 1 })).toBeVisible();
  await mockPrefer('**/api/orders/*/payments', 'code=409, example=duplicate', { method: 'POST' });
  await page.getByLabel('Amount (KES)').fill('30000');
  await page.getByLabel('Reference').fill('QK7T2M9XYZ');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment mpesa QK7T2M9XYZ is already recorded')).toBeVisible();
  await expect(page.getByLabel('Amount (KES)')).toHaveValue('30000');
  await expect(page.getByLabel('Reference')).toHaveValue('QK7T2M9XYZ');

  const moved = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/orders/3/status'));
  await page.getByRole('button', { name: 'Mark as delivered' }).click();
  expect((await moved).postDataJSON()).toEqual({ status: 'delivered', tellCustomer: true });
  await expect(page.getByRole('list', { name: 'Notifications (F8)' })).toContainText('Order updated');
});
