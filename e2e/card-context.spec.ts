// Context on every card: the conversation list's cards show their
// last message's first line on one line (openapi.yaml ConversationListPopulated,
// lastMessagePreview); a backend without the field shows them as the spec's.
// The notification cards and Pending Actions are in notifications.spec.ts and
// dashboard.spec.ts.
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test';
import { lineBox } from './support/layout';

test.use({ authenticated: true });

const card = (page: Page, id: number) => page.locator(`.conversation-list a[href="/conversations/${id}"]`);
const preview = (page: Page, id: number) => card(page, id).locator('.quote-line');

test("conversation cards show the last message's first line, whoever wrote it", async ({ page }) => {
  await page.goto('/conversations');
  await expect(preview(page, 102)).toHaveText('Last message text: Also, do you deliver to Nakuru? How much?');
  // The bot's answer, and an admin's reply, are last messages too.
  await expect(preview(page, 101)).toHaveText(
    'Last message text: Carrara White Marble costs KES 14,000 to KES 19,500 per slab.',
  );
  await expect(preview(page, 103)).toHaveText(
    'Last message text: Achieng, I can hold the Calacatta Gold at 21,000 per slab until Friday.',
  );
  // The card's link reads it to screen readers with the rest of the card.
  await expect(card(page, 104)).toHaveAccessibleName(/Ile kitu ya jana, bado iko\?/);
});

test('a long last message stays on one line, whole on hover; at 320 px nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/conversations');
  const long = preview(page, 109);
  await expect(long).toHaveAttribute('title', /^Do you have a black undermount sink .* if you can\.$/);
  const box = await lineBox(long);
  expect(box.height).toBeLessThan(box.line * 1.5);
  expect(box.cut).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('from a backend without the field the cards show as the spec', async ({ page, mockPrefer }) => {
  // openapi.yaml ConversationListInbox carries no lastMessagePreview.
  await mockPrefer('**/api/conversations?*', 'example=inbox');
  await mockPrefer('**/api/conversations', 'example=inbox');
  // The hand-offs above the list (a search for Admin Required) from the same backend.
  await mockPrefer('**/api/conversations/search?*', 'example=windowClosing');
  await page.goto('/conversations');
  await expect(card(page, 102)).toBeVisible();
  await expect(page.locator('.conversation-list .quote-line')).toHaveCount(0);
});

for (const theme of ['light', 'dark']) {
  test(`the list with previews has no WCAG 2.1 A/AA violation in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/conversations');
    await expect(preview(page, 102)).toBeVisible();
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expect
      .poll(() =>
        page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--surface-card').trim()),
      )
      .not.toBe('');
    const result = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
  });
}
