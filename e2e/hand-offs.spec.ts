// A hand-off says why and for how long (openapi.yaml's handoffReason,
// handoffAt, handoffCustomerText; the examples ConversationSearchHandOffs and
// ConversationHandOff): "Needs a person" lists the longest waiting first, each
// card with the reason in words, the customer's words and "Waiting 2 h"
// instead of the bot's hand-over line; in the conversation the note by the
// message box says a person must answer now, and Conversation Info has a
// Hand-off row. The cards of a backend without these fields are in
// card-context.spec.ts.
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test';

test.use({ authenticated: true });

/** Two and a half hours after the newest hand-off of the examples (2026-11-22 08:14:09 UTC), whatever today's date. */
const NOW = new Date('2026-11-22T10:44:09Z');
const HANDOVER_LINE = /member of our team|wafanyakazi wetu/;

const lifted = (page: Page) => page.locator('.attention-list .conversation-card');

test.beforeEach(async ({ mockPrefer }) => {
  await mockPrefer('**/api/conversations/search?status=admin_required&limit=5&order=waiting', 'example=handOffs');
  await mockPrefer('**/api/conversations/102', 'example=handOff', { method: 'GET' });
});

test('"Needs a person" lists the longest waiting first, each saying why, in the customer\'s words, and for how long', async ({
  page,
}) => {
  // A clock the test moves on (the cards renew their waiting time each minute).
  await page.clock.install({ time: NOW });
  const asked = page.waitForRequest((r) => new URL(r.url()).searchParams.get('order') === 'waiting');
  await page.goto('/conversations');
  expect(new URL((await asked).url()).searchParams.get('status')).toBe('admin_required');

  await expect(lifted(page)).toHaveCount(4);
  expect(await lifted(page).evaluateAll((cards) => cards.map((a) => a.getAttribute('href')))).toEqual([
    '/conversations/109',
    '/conversations/105',
    '/conversations/104',
    '/conversations/102',
  ]);

  const samuel = lifted(page).nth(0);
  await expect(samuel.locator('.handoff-reason')).toHaveText(
    'Needs a person: Asked for a product the catalogue does not have',
  );
  await expect(samuel.locator('.quote-line')).toHaveText(
    'Customer wrote: “Do you have a black undermount sink with a 1.5 bowl?”',
  );
  await expect(samuel.getByText('Waiting 1 d')).toBeVisible();

  const brian = lifted(page).nth(3);
  await expect(brian.locator('.handoff-reason')).toHaveText('Needs a person: Asks about delivery');
  await expect(brian.locator('.quote-line')).toHaveText('Customer wrote: “Also, do you deliver to Nakuru? How much?”');
  await expect(brian.getByText('Waiting 2 h')).toBeVisible();
  await expect(lifted(page).nth(1).getByText('Asked to talk to a person')).toBeVisible();

  // The bot's hand-over line, the last message of each, is on none of them.
  for (const card of await lifted(page).all()) await expect(card).not.toContainText(HANDOVER_LINE);

  // An hour later on the page's clock, the waiting time has followed.
  await page.clock.fastForward('01:00:00');
  await expect(brian.getByText('Waiting 3 h')).toBeVisible();
});

test('in the conversation: a person must answer now, and Conversation Info says why and since when', async ({
  page,
}) => {
  await page.clock.setFixedTime(NOW);
  await page.goto('/conversations/102');
  await expect(page.getByRole('heading', { name: 'Brian Otieno', level: 1 })).toBeVisible();
  await expect(
    page.getByText(
      'Only Admin Takeover can reply; the bot has stopped and a person must answer now. Reason: Asks about delivery.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/the bot is answering/)).toHaveCount(0);

  const info = page.getByRole('region', { name: 'Conversation Info' });
  const row = info.locator('dl > div').filter({ has: page.getByText('Hand-off', { exact: true }) });
  await expect(row.locator('.handoff-reason')).toHaveText('Asks about delivery');
  await expect(row.locator('.handoff-quote')).toHaveText('Customer wrote: “Also, do you deliver to Nakuru? How much?”');
  await expect(row).toContainText(/Since .+ · Waiting 2 h/);
});

for (const theme of ['light', 'dark']) {
  test(`the hand-off cards have no WCAG 2.1 A/AA violation in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.clock.setFixedTime(NOW);
    await page.goto('/conversations');
    await expect(lifted(page).first().getByText('Waiting 1 d')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expect
      .poll(() =>
        page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--surface-card').trim()),
      )
      .not.toBe('');
    const result = await new AxeBuilder({ page })
      .include('.attention-section')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
  });
}
