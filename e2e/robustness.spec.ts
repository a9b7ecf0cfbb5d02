// Errors stay contained, and session hygiene: no
// session data in web storage, the session cookie out of scripts' reach,
// upload type and size checked before sending, CSVs downloaded, not shown).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

const MB = 1024 * 1024;
const file = (name: string, mimeType: string, bytes: number) => ({ name, mimeType, buffer: Buffer.alloc(bytes, 1) });
const toast = (page: Page) => page.locator('.toast');

test.describe('a screen that fails to render', () => {
  test.use({ authenticated: true });

  test('shows an error card with a way back while the sidebar and header keep working', async ({
    page,
    allowConsoleError,
  }) => {
    // React and React Router report the caught error on the console.
    allowConsoleError(/Simulated rendering error|React Router caught the following error|The above error occurred/);
    await page.goto('/products?simulate-render-error');

    const card = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(card.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(card).toContainText('This screen could not be shown. The rest of the dashboard still works.');
    await expect(card.getByRole('button', { name: 'Try again' })).toBeVisible();
    // The shell is intact around the card.
    // Seven: the mock offers orders (beyond the spec), so Orders shows after Conversations.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(7);
    await expect(page.getByRole('button', { name: 'Toggle Sidebar' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toHaveCount(0);

    // The sidebar leaves the failed screen.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);

    // So does the card's own link back.
    await page.goto('/settings?simulate-render-error');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
});

test.describe('session hygiene', () => {
  test('after signing in and using the screens, no session data sits in web storage and scripts cannot read the session cookie', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('stone-and-sinks');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    for (const link of ['Products', 'Dashboard']) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { name: link, level: 1 })).toBeVisible();
    }
    await page.getByRole('button', { name: /^Switch to dark theme/ }).click();

    const session = (await context.cookies()).find((cookie) => cookie.name === 'sid');
    expect(session, 'the login answer set the session cookie').toBeDefined();
    expect(session!.httpOnly, 'the session cookie is HttpOnly').toBe(true);
    expect(session!.sameSite).toBe('Lax');

    const seen = await page.evaluate(() => ({
      cookie: document.cookie,
      local: Object.entries(localStorage),
      session: Object.entries(sessionStorage),
    }));
    console.log(
      `web storage after sign-in: localStorage ${JSON.stringify(seen.local)}, sessionStorage ${JSON.stringify(seen.session)}; document.cookie "${seen.cookie}"`,
    );
    expect(seen.cookie).not.toContain('sid=');
    expect(seen.cookie).not.toContain(session!.value);
    // Only the theme preference is stored in the browser.
    expect(seen.local).toEqual([['theme', 'dark']]);
    expect(seen.session).toEqual([]);
  });
});

test.describe('uploads are checked before sending', () => {
  test.use({ authenticated: true });

  test('a product image over 5 MB is refused with a message; the form keeps what was typed', async ({ page }) => {
    const posts: string[] = [];
    page.on(
      'request',
      (request) => void (request.method() !== 'GET' && request.url().includes('/api/') && posts.push(request.url())),
    );
    await page.goto('/products/new');
    await expect(page.getByText('One image file. Up to 5 MB.')).toBeVisible();
    await expect(page.getByText(/Up to 5 MB each\.$/)).toBeVisible();
    await page.getByLabel('Product Name').fill('Nero Marquina Marble');

    await page.getByLabel('Product Image').setInputFiles(file('huge.png', 'image/png', 6 * MB));
    await expect(page.getByText('huge.png is larger than 5 MB. Choose images of 5 MB or less.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Product image preview' })).toHaveCount(0);
    await expect(page.getByLabel('Product Name')).toHaveValue('Nero Marquina Marble');

    await page.getByLabel('Product Image').setInputFiles(file('slab.png', 'image/png', 2 * MB));
    await expect(page.getByText(/is larger than 5 MB/)).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Product image preview' })).toContainText('slab.png');

    await page
      .getByLabel('Installation Images')
      .setInputFiles([file('kitchen.png', 'image/png', 1 * MB), file('panorama.png', 'image/png', 5 * MB + 1)]);
    await expect(page.getByText('panorama.png is larger than 5 MB. Choose images of 5 MB or less.')).toBeVisible();
    const added = page.getByRole('list', { name: 'New installation images' });
    await expect(added.getByRole('listitem')).toHaveCount(1);
    await expect(added).toContainText('kitchen.png');
    expect(posts, 'nothing was uploaded').toEqual([]);
  });

  test('a CSV over 2 MB is refused before upload; the limit is stated in the dialog', async ({ page }) => {
    const imports: string[] = [];
    page.on(
      'request',
      (request) => void (request.url().endsWith('/api/products/import') && imports.push(request.method())),
    );
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Products from CSV' });
    await expect(dialog).toContainText('The file may be up to 2 MB');

    await dialog.getByLabel('CSV file').setInputFiles(file('catalogue.csv', 'text/csv', 2 * MB + 1));
    await expect(toast(page).locator('.toast-title')).toHaveText('File too large');
    await expect(toast(page).locator('.toast-description')).toHaveText('Please select a CSV file of 2 MB or less.');
    await expect(dialog.getByRole('button', { name: 'Upload & Import' })).toBeDisabled();
    expect(imports).toEqual([]);
  });
});

test.describe('exported CSVs', () => {
  test.use({ authenticated: true });

  test('are saved as a download, never opened in the page', async ({ page, context }) => {
    await page.goto('/products');
    const pagesBefore = context.pages().length;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^products-export-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    expect(context.pages()).toHaveLength(pagesBefore);
  });
});
