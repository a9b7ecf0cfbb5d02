// An accepted deal is never silent (beyond the spec: openapi.yaml's Deal, the
// deal_accepted notification type; the examples ConversationDeal and
// NotificationListDeal): the notification arrives live with its own toast,
// it is listed with a "Deal Accepted" badge that opens the conversation, and
// Conversation Info says what was agreed, at how much, by whom and when.
// A backend without deals sends none of this: the other specs are that case.
import { expect, test } from './fixtures/test';

test.use({ authenticated: true });

const MESSAGE = 'Wanjiku Mutua accepted Carrara White Marble at KES 13,800';

test('a deal the chatbot agreed arrives live as good news, not as an alarm', async ({ page, realtime }) => {
  await page.goto('/');
  await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible();
  await realtime.push('notification', { type: 'deal_accepted', message: MESSAGE, conversationId: 106 });
  // Read out politely (a status, not an alert), and not the hand-over's title.
  const toast = page.getByRole('list', { name: 'Notifications (F8)' }).getByRole('status');
  await expect(toast).toContainText('Deal Accepted');
  await expect(toast).toContainText(MESSAGE);
  await expect(toast).not.toHaveAttribute('data-variant', 'destructive');
  await expect(page.getByText('New Admin Action Required')).toHaveCount(0);
});

test('the notification is listed as Deal Accepted and opens the conversation, whose info holds the deal', async ({
  page,
  mockPrefer,
}) => {
  await mockPrefer('**/api/notifications{,?*}', 'example=deal');
  await mockPrefer('**/api/conversations/106', 'example=deal', { method: 'GET' });
  await page.goto('/notifications');
  const card = page.locator('[data-testid="notification-card"][data-id="232"]');
  await expect(card).toContainText(MESSAGE);
  // Good news: the success badge (axe checks its contrast in both themes in a11y.spec.ts).
  await expect(card.locator('[data-variant]').first()).toHaveText('Deal Accepted');
  await expect(card.locator('[data-variant]').first()).toHaveAttribute('data-variant', 'success');

  await card.getByRole('link', { name: /View/ }).click();
  await expect(page).toHaveURL(/\/conversations\/106$/);
  const info = page.getByRole('region', { name: 'Conversation Info' });
  const deal = info.locator('div').filter({ has: page.getByText('Deal', { exact: true }) });
  await expect(deal).toContainText('Carrara White Marble at KES 13,800');
  await expect(deal).toContainText(/Agreed by the chatbot on Nov 22, 2026/);
  // A deal leaves the conversation with the bot.
  await expect(info).toContainText('Bot Active');
});
