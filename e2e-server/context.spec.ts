// Context on every card, against the reference server: a customer
// hands off (the simulator writes their words, then the bot's notification);
// the notification card names them and quotes what they wrote, Pending
// Actions quote them, the conversation card shows the last message's first
// line, and the toast's text names the customer (else the number).
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, SERVER_URL } from '../playwright.server.config';

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(res.status()).toBe(200);
}

type Created = {
  id: number;
  type: string;
  message: string;
  conversationId: number;
  customerName?: string | null;
  customerPhone?: string;
  customerQuote?: string | null;
};

test('a hand-off names and quotes the customer on the notification, in Pending Actions and on the conversation card', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/');
  // The development server may first compile the app's modules (a first page load takes a while).
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 60_000 });
  // The socket is open: the toast of the hand-off will arrive.
  await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible();
  const created = (await (await page.request.post(`${SERVER_URL}/__test/handoff`)).json()) as Created;
  const who = created.customerName?.trim() || created.customerPhone!;
  const quote = created.customerQuote!;
  expect(quote).toBeTruthy();
  // The bot's text names the customer when known, else by number; an unclear request quotes them.
  if (created.customerName) expect(created.message).toContain(created.customerName);
  else expect(created.message).toContain(created.customerPhone);
  if (created.type === 'unclear_request') expect(created.message).toContain(`"${quote}"`);
  await expect(page.locator('.toast .toast-description')).toHaveText(created.message);

  // Pending Actions: the newest conversation waiting for a person, with what the customer wrote.
  const pending = page
    .getByRole('region', { name: 'Pending Actions', exact: true })
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href="/conversations/${created.conversationId}"]`) });
  await expect(pending).toContainText(who);
  await expect(pending.locator('.quote-line')).toHaveText(`Customer wrote: “${quote}”`);

  await page.goto('/notifications');
  const card = page.locator(`[data-testid="notification-card"][data-id="${created.id}"]`);
  await expect(card.locator('.notification-customer')).toHaveText(`Customer: ${who}`);
  await expect(card.locator('.quote-line')).toHaveText(`Customer wrote: “${quote}”`);
  await expect(card.getByText(created.message, { exact: true })).toBeVisible();

  // The conversation card: why a person is needed and what the customer wrote, not the bot's last
  // message (which only tells the customer a person will reply).
  await page.goto('/conversations');
  const conversation = page.locator(`.conversation-list a[href="/conversations/${created.conversationId}"]`);
  await expect(conversation.locator('.handoff-reason')).toBeVisible();
  await expect(conversation.locator('.quote-line')).toHaveText(`Customer wrote: “${quote}”`);
  await expect(conversation).not.toContainText(/member of our team|wafanyakazi wetu/);
});
