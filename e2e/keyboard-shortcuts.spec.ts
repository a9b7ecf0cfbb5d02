// The inbox's keyboard shortcuts: g then a letter to go to a screen, ? for
// the list of them, j/k and Enter in the conversation list, t, / and Esc in a
// conversation; none of them while typing in a field.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { waitForScreen } from './support/routes';

test.use({ authenticated: true });

const focusedCard = (page: Page) => page.locator('.conversation-card:focus');
const takeoverSwitch = (page: Page) => page.getByRole('switch', { name: 'Admin Takeover' });
const composer = (page: Page) => page.getByLabel('Message', { exact: true });

test('g then a letter goes to each screen of the sidebar', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  for (const [letter, path, heading] of [
    ['p', '/products', 'Products'],
    ['c', '/conversations', 'Conversations'],
    ['n', '/notifications', 'Notifications'],
    ['a', '/analytics', 'Analytics Dashboard'],
    ['s', '/settings', 'Settings'],
    ['d', '/', 'Dashboard'],
  ] as const) {
    // "g" waits 1.5 s for its letter. Playwright sends the letter only once the page has handled
    // "g", which a page still drawing its data can take longer than that on a loaded machine:
    // each screen is settled first, and a sequence that still timed out is typed again (a person
    // would); a shortcut that never works fails all the same.
    await waitForScreen(page);
    await expect(async () => {
      await page.keyboard.press('g');
      await page.keyboard.press(letter);
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`), { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  // A letter alone goes nowhere.
  await page.keyboard.press('p');
  await expect(page).toHaveURL(/\/$/);
});

test('no shortcut fires while typing in a field: the letters are typed', async ({ page }) => {
  await page.goto('/products');
  const search = page.getByPlaceholder('Search products...');
  await search.click();
  await page.keyboard.type('gc?jt/');
  await expect(search).toHaveValue('gc?jt/');
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
});

test('? lists every shortcut in a dialog, Esc closes it; the account menu opens it too', async ({ page }) => {
  await page.goto('/conversations');
  await expect(page.getByRole('heading', { name: 'Conversations', level: 1 })).toBeVisible();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const does of [
    'Go to Dashboard',
    'Go to Settings',
    'Next conversation',
    'Previous conversation',
    'Turn Admin Takeover on or off',
    'Write a message',
    'Back to the conversation list',
  ])
    await expect(dialog.getByRole('cell', { name: does, exact: true })).toBeVisible();
  // Keys pressed inside the dialog are not shortcuts.
  await page.keyboard.press('j');
  await expect(focusedCard(page)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/conversations$/);

  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Keyboard shortcuts' }).click();
  await expect(dialog).toBeVisible();
});

test('j and k move through the conversation list, Enter opens the one in focus', async ({ page }) => {
  await page.goto('/conversations');
  const cards = page.locator('.conversation-card');
  await expect(cards.first()).toBeVisible();
  await page.keyboard.press('j');
  await expect(cards.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(cards.nth(2)).toBeFocused();
  await page.keyboard.press('k');
  await expect(cards.nth(1)).toBeFocused();
  const href = await cards.nth(1).getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('in a conversation: t turns the takeover on, / goes to the composer, Esc there keeps the reply, Esc outside goes back', async ({
  page,
  mockPrefer,
}) => {
  await page.goto('/conversations/102');
  await expect(takeoverSwitch(page)).not.toBeChecked();
  await expect(takeoverSwitch(page)).toHaveAttribute('aria-keyshortcuts', 't');
  await expect(composer(page)).toHaveAttribute('aria-keyshortcuts', '/');

  await mockPrefer('**/api/conversations/102', 'example=adminTakeover', { method: 'GET' });
  const patch = page.waitForRequest(
    (r) => r.method() === 'PATCH' && new URL(r.url()).pathname === '/api/conversations/102',
  );
  await page.keyboard.press('t');
  expect((await patch).postDataJSON()).toEqual({ status: 'admin_takeover' });
  await expect(takeoverSwitch(page)).toBeChecked();
  await expect(composer(page)).toBeEnabled();

  // With quick replies (the mock has some; asked for once the conversation is taken over), / opens
  // them; Escape closes them back to the composer.
  await expect(page.getByRole('button', { name: 'Quick replies' })).toBeVisible();
  await page.keyboard.press('/');
  const quickReplies = page.getByRole('dialog', { name: 'Quick replies' });
  await expect(quickReplies).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(quickReplies).toBeHidden();
  await expect(page).toHaveURL(/\/conversations\/102$/);
  await expect(composer(page)).toBeFocused();
  // Typed, not taken as shortcuts; Esc in the composer leaves the reply where it is.
  await page.keyboard.type('t / j Karibu!');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/conversations\/102$/);
  await expect(composer(page)).toHaveValue('t / j Karibu!');

  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/conversations$/);
});
