// The inbox against the reference server: read state that survives a reload,
// a reply WhatsApp refuses and Retry that sends it (the simulated WhatsApp in
// development, scripted through the test controls), a template once the
// 24-hour window has closed, and a quick reply saved in Settings used in the
// composer.
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, SERVER_URL } from '../playwright.server.config';

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(res.status()).toBe(200);
}
const control = (page: Page, route: string, data?: unknown) =>
  page.request.post(`${SERVER_URL}/__test/${route}`, { data });
const card = (page: Page, id: number) => page.locator(`.conversation-list a[href="/conversations/${id}"]`);

/** A fresh conversation handed to a person, taken over: its reply window is open. */
async function takenOver(page: Page): Promise<number> {
  const created = (await (await control(page, 'handoff')).json()) as { conversationId: number };
  const res = await page.request.patch(`/api/conversations/${created.conversationId}`, {
    data: { status: 'admin_takeover' },
  });
  expect(res.status()).toBe(200);
  return created.conversationId;
}

test('unread counts customer messages; opening reads it; Mark as unread survives a reload', async ({ page }) => {
  await signIn(page);
  const id = await takenOver(page);
  await control(page, 'customer-message', { conversationId: id, content: 'Are you there?' });
  await page.goto('/conversations');
  await expect(card(page, id)).toContainText(/\d+ unread/);

  await card(page, id).click();
  await expect(page.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  await expect
    .poll(async () => (await (await page.request.get(`/api/conversations/${id}`)).json()).unreadCount)
    .toBe(0);
  await page.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(page.locator('.toast .toast-title')).toHaveText('Marked as unread');

  await page.goto('/conversations');
  await page.reload();
  await expect(card(page, id)).toContainText('1 unread');
});

test('a reply WhatsApp refuses says why; Retry sends it and it is delivered', async ({ page }) => {
  await signIn(page);
  const id = await takenOver(page);
  await page.goto(`/conversations/${id}`);
  expect((await control(page, 'fail-next', { count: 1 })).status()).toBe(200);
  const text = `Shall I send the M-Pesa details? (${Date.now()})`;
  await page.getByPlaceholder('Type your message...').fill(text);
  await page.getByPlaceholder('Type your message...').press('Enter');
  const bubble = page.locator('.message').filter({ hasText: text });
  await expect(bubble).toContainText('Failed');
  await expect(bubble).toContainText("WhatsApp could not reach the customer's phone.");

  await bubble.getByRole('button', { name: 'Retry sending this message' }).click();
  // The simulated WhatsApp accepts it, then reports it delivered (about 2 s) and read (about 6 s).
  await expect(bubble).toContainText('Delivered', { timeout: 15_000 });
  await expect(bubble.getByRole('button', { name: 'Retry sending this message' })).toHaveCount(0);
  const outbox = (await (await page.request.get(`${SERVER_URL}/__test/outbox`)).json()) as {
    content: string;
    status: string;
  }[];
  expect(outbox.filter((row) => row.content === text)).toEqual([expect.objectContaining({ status: 'sent' })]);
});

test('after the window closed only a template is offered, and it is sent filled in', async ({ page }) => {
  await signIn(page);
  const id = await takenOver(page);
  await control(page, 'close-window', { conversationId: id });
  await page.goto(`/conversations/${id}`);
  await expect(page.getByText('The 24-hour reply window has closed.', { exact: false })).toBeVisible();
  await expect(page.getByPlaceholder('Type your message...')).toHaveCount(0);
  // Free text is refused by the server too.
  const refused = await page.request.post(`/api/conversations/${id}/messages`, {
    data: { content: 'Hello', messageType: 'text' },
  });
  expect(refused.status()).toBe(409);

  await page.locator('.template-sender .p-dropdown').click();
  await page.getByRole('option', { name: 'Follow-up' }).click();
  await page.getByLabel('Customer name').fill('Wanjiru');
  await page.getByRole('button', { name: 'Send template' }).click();
  await expect(page.locator('.toast .toast-title')).toHaveText('Template sent');
  await expect(
    page.locator('.message-admin').filter({ hasText: 'Hello Wanjiru, this is Stone & Sinks following up' }),
  ).toBeVisible();
});

test('a quick reply saved in Settings is inserted from the composer with /', async ({ page }) => {
  await signIn(page);
  const title = `Showroom hours ${Date.now()}`;
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Add quick reply' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message', { exact: true }).fill('We are open until 6 pm, {{customerName}}.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.toast .toast-title')).toHaveText('Quick reply saved');
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  const id = await takenOver(page);
  await page.goto(`/conversations/${id}`);
  const input = page.getByPlaceholder('Type your message...');
  // The quick replies have arrived (until then "/" is just text).
  await expect(page.getByRole('button', { name: 'Quick replies' })).toBeVisible();
  await input.click();
  await page.keyboard.type('/');
  // The list is open before its filter is typed (letters typed before it opens go to the composer).
  const dialog = page.getByRole('dialog', { name: 'Quick replies' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type('showroom');
  await expect(dialog.getByText(title)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(input).toHaveValue(/^We are open until 6 pm, .+\.$/);
});
