// A staff member's day against the reference server: a hand-off whose reply window has closed is taken
// over from beside the disabled template picker ("Take over to send a template"), its template
// starts filled with the customer's name, and hand-offs come first on the list with the
// server's count.
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, SERVER_URL } from '../playwright.server.config';

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(res.status()).toBe(200);
}
const control = (page: Page, route: string, data?: unknown) =>
  page.request.post(`${SERVER_URL}/__test/${route}`, { data });

test('a closed window, not taken over: take over from beside the picker, the name filled in, send', async ({
  page,
}) => {
  await signIn(page);
  const { conversationId: id } = (await (await control(page, 'handoff')).json()) as { conversationId: number };
  await control(page, 'close-window', { conversationId: id });
  const conversation = (await (await page.request.get(`/api/conversations/${id}`)).json()) as {
    status: string;
    customerName: string | null;
  };
  expect(conversation.status).toBe('admin_required');

  await page.goto(`/conversations/${id}`);
  await expect(page.locator('.template-sender .p-dropdown')).toHaveClass(/p-disabled/);
  await page.getByRole('button', { name: 'Take over to send a template' }).click();
  await expect(page.locator('.toast .toast-title')).toHaveText('Status updated');
  await expect(page.getByRole('switch', { name: 'Admin Takeover' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Take over to send a template' })).toHaveCount(0);

  await page.locator('.template-sender .p-dropdown').click();
  await page.getByRole('option', { name: 'Follow-up' }).click();
  const name = page.getByLabel('Customer name');
  if (conversation.customerName?.trim()) await expect(name).toHaveValue(conversation.customerName.trim());
  else await name.fill('Wanjiru');
  const sent = (await name.inputValue()).trim();
  await page.getByRole('button', { name: 'Send template' }).click();
  await expect(page.locator('.toast .toast-title')).toHaveText('Template sent');
  await expect(
    page.locator('.message-admin').filter({ hasText: `Hello ${sent}, this is Stone & Sinks` }),
  ).toBeVisible();
});

test('hand-offs come first on the list, longest waiting first, with the server’s count', async ({ page }) => {
  await signIn(page);
  const { conversationId: id } = (await (await control(page, 'handoff')).json()) as { conversationId: number };
  const search = await page.request.get('/api/conversations/search?status=admin_required&limit=5&order=waiting');
  const count = Number(search.headers()['x-total-count']);
  expect(count).toBeGreaterThan(0);
  const longest = ((await search.json()) as { id: number }[]).map((c) => `/conversations/${c.id}`);

  await page.goto('/conversations');
  await expect(page.locator('#attention-title')).toHaveText(`Needs a person ${count}`);
  // The longest-waiting hand-offs are the first cards, in the server's order, each saying how long.
  const lifted = page.locator('.attention-list .conversation-card');
  await expect(lifted).toHaveCount(longest.length);
  expect(await lifted.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(longest);
  await expect(lifted.first()).toContainText('Waiting');
  // The new hand-off shows once, lifted or in the list.
  await expect(page.locator(`#conversation-results a[href="/conversations/${id}"]`)).toHaveCount(1);
});
