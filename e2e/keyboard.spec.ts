// Every action of the shell and the product screens by keyboard
// alone — skip link, sidebar, theme, user menu, dialogs and the mobile sheet.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

test.use({ authenticated: true });

/** Presses Tab until `target` has focus; fails (with the count) if it is not reached in `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40, key = 'Tab') {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return presses;
  }
  throw new Error(`not reached by ${key} in ${max} presses: ${target}`);
}

const focused = (page: Page) => page.locator(':focus');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('skip link: the first Tab stop, visible when focused, and it moves focus to the main content', async ({
  page,
}) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next Tab lands inside the screen, not back in the sidebar or header.
  await page.keyboard.press('Tab');
  expect(await focused(page).evaluate((el) => !!el.closest('main'))).toBe(true);
  await expect(page).toHaveURL(/\/products$/);
});

test('sidebar entries, the theme toggle and the user menu work from the keyboard; the Live status is not a Tab stop', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const presses = await tabTo(page, nav(page).getByRole('link', { name: 'Products' }));
  console.log(`Tab presses from page load to the Products entry: ${presses}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  // A new screen starts with focus on its content.
  await expect(page.locator('main')).toBeFocused();

  // Walking the header: the live status is skipped.
  const order: string[] = [];
  await page.getByRole('button', { name: 'Toggle Sidebar' }).focus();
  for (let i = 0; i < 2; i += 1) {
    await page.keyboard.press('Tab');
    order.push((await focused(page).getAttribute('aria-label')) ?? '');
  }
  expect(order).toEqual(['Switch to dark theme', expect.stringMatching(/^Account: /)]);

  await page.getByRole('button', { name: 'Toggle Sidebar' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  const account = page.getByRole('button', { name: /^Account: / });
  await expect(account).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Tab');
  await expect(account).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  const signOut = page.getByRole('menuitem', { name: 'Sign out' });
  await expect(signOut).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(signOut).toBeHidden();
  await expect(account).toHaveAttribute('aria-expanded', 'false');
});

test('product dialogs open with Enter, close with Escape, and give focus back', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();

  const remove = page.getByRole('button', { name: /^Delete / }).first();
  await tabTo(page, remove, 60);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete Product' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();

  const importButton = page.getByRole('button', { name: 'Import CSV' });
  await importButton.focus();
  await page.keyboard.press('Enter');
  const importDialog = page.getByRole('dialog', { name: 'Import Products from CSV' });
  await expect(importDialog).toBeVisible();
  expect(await focused(page).evaluate((el) => !!el.closest('[role="dialog"]'))).toBe(true);
  // Tab stays inside the open dialog.
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focused(page).evaluate((el) => !!el.closest('[role="dialog"]'))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(importDialog).toBeHidden();
  await expect(importButton).toBeFocused();

  // The edit link and the form are reachable too.
  const edit = page.getByRole('link', { name: /^Edit / }).first();
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Edit Product', level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('switch', { name: 'Make this product available to customers' }), 60);
});

test('mobile menu sheet: takes focus, traps Tab, makes the page inert, closes on Escape and returns focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();

  const toggle = page.getByRole('button', { name: 'Toggle Sidebar' });
  await tabTo(page, toggle, 5);
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Sidebar' });
  await expect(sheet).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(sheet.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await expect(page.locator('.shell-body')).toHaveAttribute('inert', '');

  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(
      await focused(page).evaluate((el) => !!el.closest('[role="dialog"]')),
      `Tab ${i + 1} stays in the sheet`,
    ).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await focused(page).evaluate((el) => !!el.closest('[role="dialog"]'))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(page.locator('.shell-body')).not.toHaveAttribute('inert', '');

  // Following a link closes the sheet and starts on the new screen's content.
  await page.keyboard.press('Enter');
  await sheet.getByRole('link', { name: 'Dashboard' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(page.locator('main')).toBeFocused();
});
