// Quotes (beyond the spec: openapi.yaml's quotes and business profile, served by Prism from
// their examples): staff see a conversation's quotes beside it, build one from the catalogue
// and send it, revise a sent one, and keep the business details quotes print. A backend without
// quotes answers 404 and none of it shows.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

test.use({ authenticated: true });

const toasts = (page: Page) => page.getByRole('list', { name: 'Notifications (F8)' });

test('a conversation lists its quotes; a new one is built from the catalogue, saved and sent', async ({ page }) => {
  await page.goto('/conversations/106');
  const panel = page.getByRole('region', { name: 'Quotes' });
  const draft = panel.getByRole('listitem', { name: 'Quote Q00042 rev 2' });
  await expect(draft).toContainText('Draft');
  await expect(draft).toContainText('Delivery to Nairobi');
  await expect(draft).toContainText('KES 41,400');
  await expect(panel.getByRole('listitem', { name: 'Quote Q00042', exact: true })).toContainText('Superseded');

  await panel.getByRole('button', { name: 'New quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'New quote' });
  const product = dialog.getByLabel('Product');
  await expect(product.locator('option')).not.toHaveCount(1);
  await product.selectOption({ index: 1 });
  await dialog.getByLabel('Quantity').fill('3');
  await dialog.getByLabel('Discount (KES)').fill('12.345');
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  // Checked before anything is sent, and what was typed stays.
  await expect(dialog.getByText('Discount must be an amount in KES with at most two decimals')).toBeVisible();
  await expect(dialog.getByLabel('Quantity')).toHaveValue('3');
  await dialog.getByLabel('Discount (KES)').fill('500');
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText('Quote saved');

  await draft.getByRole('button', { name: 'Send: quote Q00042 rev 2' }).click();
  await expect(toasts(page)).toContainText('Quote sent');
});

test('a sent quote is revised into a new draft that opens for editing', async ({ page, mockPrefer }) => {
  await mockPrefer('**/api/conversations/*/quotes', 'example=sent', { method: 'GET' });
  await page.goto('/conversations/106');
  const sent = page
    .getByRole('region', { name: 'Quotes' })
    .getByRole('listitem', { name: 'Quote Q00042', exact: true });
  await expect(sent).toContainText('Sent');
  await expect(sent.getByRole('button', { name: /^Send/ })).toHaveCount(0);
  await sent.getByRole('button', { name: 'Revise: quote Q00042' }).click();
  // The mock answers with its revision example: a draft, rev 2, opened in the builder with its lines.
  const dialog = page.getByRole('dialog', { name: 'Edit quote Q00042 rev 2' });
  await expect(dialog.getByLabel('Quantity')).toHaveValue('3');
});

test('the thread shows the quote under the message that sent it, and the order it became', async ({
  page,
  mockPrefer,
}) => {
  await mockPrefer('**/api/conversations/*/messages*', 'example=quote', { method: 'GET' });
  await mockPrefer('**/api/conversations/*/quotes', 'example=accepted', { method: 'GET' });
  await page.goto('/conversations/106');
  const thread = page.getByRole('log', { name: 'Messages' });
  const card = thread.getByRole('group', { name: 'Quote Q00042' });
  await expect(card).toContainText('Accepted');
  await expect(card).toContainText('Total KES 41,400 · Deposit KES 20,700');
  await expect(card.getByRole('link', { name: /Quote Q00042 PDF/ })).toHaveAttribute('href', /\/api\/quotes\/42\/pdf$/);
  // Under the caption that sent it, not the customer's yes.
  await expect(thread.locator('.message', { has: page.getByRole('group', { name: 'Quote Q00042' }) })).toContainText(
    'Nukuu Q00042',
  );
  await card.getByRole('link', { name: /^Order / }).click();
  await expect(page).toHaveURL(/\/orders\/3$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('SO00003');
});

test('a backend without quotes shows no Quotes panel and no Business section', async ({ page, mockPrefer }) => {
  await mockPrefer('**/api/conversations/*/quotes', 'code=404', { method: 'GET' });
  await mockPrefer('**/api/business', 'code=404', { method: 'GET' });
  await page.goto('/conversations/106');
  await expect(page.getByRole('region', { name: 'Conversation Info' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Quotes' })).toHaveCount(0);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Automated Follow-up System' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Business' })).toHaveCount(0);
});

test('Settings → Business saves the details quotes print', async ({ page }) => {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Business' });
  await expect(section.getByLabel('Business name')).toHaveValue(/\S/);
  await section.getByLabel('Phone').fill('+254 700 123 456');
  await section.getByRole('button', { name: 'Save business details' }).click();
  await expect(toasts(page)).toContainText('Business details saved');
});
