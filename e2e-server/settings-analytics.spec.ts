// Beyond the spec, against the reference server: Test Now asks first with the
// server's count, the staff's response time and the period in the analytics, and stock and
// status kept through a CSV export and import. Named to run after flows.spec.ts and
// inbox.spec.ts: the follow-up check here writes to many demo conversations.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.server.config';
import { formatResponseTime } from '../src/lib/format/duration';

const toast = (page: Page) => page.locator('.toast');
const rows = (page: Page) => page.locator('.product-table tbody tr');

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(res.status()).toBe(200);
}
const dueCount = async (page: Page) =>
  ((await (await page.request.get('/api/follow-ups/due')).json()) as { count: number }).count;

test('CSV: stock and status survive an export and an import; a file in the spec columns leaves them', async ({
  page,
}) => {
  await signIn(page);
  const name = `Kitchen Ceramic Sink ${Date.now()}`;
  const header =
    'Type,Name,Color/Material,Dimensions (mm),Starting Price,Ending Price,Installation Price,Description,Product Image URL,Installation Image URLs';
  const importFile = async (csv: string) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Products from CSV' });
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Upload & Import' }).click();
    return dialog;
  };
  const dialog = await importFile(
    [
      `${header},Stock,Active`,
      `sink,${name},Ceramic,800 x 500 x 200,15000,19000,,,,,7,no`,
      `sink,${name} B,Ceramic,800 x 500 x 200,15000,19000,,,,,lots,yes`,
    ].join('\n'),
  );
  await expect(toast(page).locator('.toast-description')).toHaveText('Imported: 1, Updated: 0, Failed: 1');
  await expect(dialog.getByRole('list', { name: 'Errors' }).getByRole('listitem')).toHaveText([
    'Row 3: Stock must be a whole number from 0 ("lots")',
  ]);

  await page.goto('/products');
  const row = rows(page).filter({ hasText: name });
  await expect(row.locator('td').nth(4)).toHaveText('Inactive7 in stock');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exported = await readFile((await (await download).path())!, 'utf8');
  const line = exported.split('\n').find((l) => l.includes(name))!;
  expect(line).toBe(`sink,${name},Ceramic,800 x 500 x 200,15000,19000,,,,,7,no`);

  // The spec's columns only: updated, stock and status as they were.
  await importFile(`${header}\nsink,${name},Ceramic,800 x 500 x 200,16000,19000,,,,`);
  await expect(toast(page).locator('.toast-description')).toHaveText('Imported: 0, Updated: 1, Failed: 0');
  await page.goto('/products');
  await expect(row.locator('td').nth(4)).toHaveText('Inactive7 in stock');
  await expect(row.locator('td').nth(3)).toHaveText('16,000 - 19,000 KES');
});

test("analytics: the staff's first-response time and the period come from the server", async ({ page }) => {
  await signIn(page);
  const overview = await (await page.request.get('/api/analytics/overview')).json();
  await page.goto('/analytics');
  const card = page.getByRole('region', { name: 'Avg Response Time' });
  await expect(card).toContainText(
    overview.staffAverageResponseTime === null
      ? 'Staff first response: no staff replies yet'
      : `Staff first response: ${formatResponseTime(overview.staffAverageResponseTime)}`,
  );
  const week = page.waitForResponse((r) => r.url().includes('/api/analytics/products?days=7'));
  await page.getByRole('radio', { name: 'Last 7 days' }).check();
  expect((await (await week).json()).days).toBe(7);
  await expect(page.getByRole('region', { name: 'Most Viewed Products' })).toContainText('Last 7 days');
  await expect(page.getByRole('region', { name: 'Conversation Volume' })).toContainText('Last 7 days');
});

test('Test Now asks first with the number of customers the server would message; Cancel sends nothing', async ({
  page,
}) => {
  await signIn(page);
  // One hour: the demo's quiet conversations are due.
  const settings = await page.request.patch('/api/follow-ups/settings', {
    data: { enabled: true, hoursUntilFollowUp: 1, followUpMessage: 'Habari! Still keen on that slab?' },
  });
  expect(settings.status()).toBe(200);
  const due = await dueCount(page);
  expect(due).toBeGreaterThan(0);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Test Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send follow-ups now?' });
  await expect(dialog).toContainText(`Send the follow-up message now to ${due} customer${due === 1 ? '' : 's'}?`);
  await expect(dialog.locator('blockquote')).toHaveText('Habari! Still keen on that slab?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await dueCount(page)).toBe(due);

  await page.getByRole('button', { name: 'Test Now' }).click();
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(toast(page).locator('.toast-title')).toHaveText('Follow-up check completed');
  await expect(toast(page).locator('.toast-description')).toHaveText(
    `Sent ${due} follow-up message${due === 1 ? '' : 's'}`,
  );
  expect(await dueCount(page)).toBe(0);

  await page.getByRole('button', { name: 'Test Now' }).click();
  await expect(dialog).toContainText('No customer is due a follow-up right now, so nothing would be sent.');
  await dialog.getByRole('button', { name: 'OK' }).click();
});
