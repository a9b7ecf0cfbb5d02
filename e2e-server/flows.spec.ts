// Flows that need state: against the reference server, through the real UI.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, SERVER_URL } from '../playwright.server.config';

// The smallest valid PNG: the server checks images by their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const toast = (page: Page) => page.locator('.toast');
const rows = (page: Page) => page.locator('.product-table tbody tr');

/** Signs in through the API; the browser context keeps the cookie. */
async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(res.status()).toBe(200);
}

test('signs in with the admin account through the login screen', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page).locator('.toast-title')).toHaveText('Login failed');
  await expect(toast(page).locator('.toast-description')).toHaveText('Invalid username or password');
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The seeded catalogue, counted by the dashboard from the server's data.
  await expect(page.getByRole('region', { name: 'Active Products' })).toContainText(/\d/);
});

test('creates a product with images, finds it in the list, edits it and deletes it', async ({ page }) => {
  await signIn(page);
  const name = `Nero Marquina Marble ${Date.now()}`;
  await page.goto('/products/new');
  await field(page, 'Product Name').fill(name);
  await field(page, 'Dimensions (mm)').fill('2800 x 1600');
  await field(page, 'Starting Price (KES)').fill('15500.50');
  await field(page, 'Ending Price (KES)').fill('21000');
  await field(page, 'Product Image').setInputFiles(png('slab.png'));
  await field(page, 'Installation Images').setInputFiles([png('kitchen-1.png'), png('kitchen-2.png')]);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page).locator('.toast-title')).toHaveText('Product created');
  await expect(page).toHaveURL(/\/products$/);

  const row = rows(page).filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(3)).toHaveText('15,500.5 - 21,000 KES');
  const thumb = row.locator('img.product-thumb');
  await expect(thumb).toHaveAttribute('src', /^\/uploads\/[\w-]+\.png$/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(field(page, 'Product Name')).toHaveValue(name);
  await field(page, 'Product Name').fill(`${name} (Honed)`);
  await field(page, 'Ending Price (KES)').fill('22000');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(toast(page).locator('.toast-title')).toHaveText('Product updated');
  await page.reload();
  const edited = rows(page).filter({ hasText: `${name} (Honed)` });
  await expect(edited.locator('td').nth(3)).toHaveText('15,500.5 - 22,000 KES');

  await page.getByRole('button', { name: `Delete ${name} (Honed)` }).click();
  await page.getByRole('dialog', { name: 'Delete Product' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page).locator('.toast-title')).toHaveText('Product deleted');
  await page.reload();
  await expect(page.locator('.product-table')).toBeVisible();
  await expect(rows(page).filter({ hasText: name })).toHaveCount(0);
});

test('editing a product and clearing its dimensions removes them for good', async ({ page }) => {
  await signIn(page);
  const name = `Absolute Black Granite ${Date.now()}`;
  await page.goto('/products/new');
  await field(page, 'Product Name').fill(name);
  await field(page, 'Dimensions (mm)').fill('3000 x 1400');
  await field(page, 'Starting Price (KES)').fill('8000');
  await field(page, 'Ending Price (KES)').fill('9500');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page).locator('.toast-title')).toHaveText('Product created');
  const row = rows(page).filter({ hasText: name });
  await expect(row).toContainText('3000 x 1400');

  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(field(page, 'Dimensions (mm)')).toHaveValue('3000 x 1400');
  await field(page, 'Dimensions (mm)').fill('');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(toast(page).locator('.toast-title')).toHaveText('Product updated');
  await page.reload();
  await expect(rows(page).filter({ hasText: name })).not.toContainText('3000 x 1400');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(field(page, 'Product Name')).toHaveValue(name);
  await expect(field(page, 'Dimensions (mm)')).toHaveValue('');
});

test('taking over a conversation and replying shows the reply and puts it in the outbox', async ({ page }) => {
  await signIn(page);
  // A fresh handoff: a conversation waiting for a human.
  const created = await (await page.request.post(`${SERVER_URL}/__test/handoff`)).json();
  await page.goto(`/conversations/${created.conversationId}`);
  const takeover = page.getByRole('switch', { name: 'Admin Takeover' });
  await expect(takeover).not.toBeChecked();
  await expect(page.getByPlaceholder('Enable admin mode to send messages')).toBeDisabled();
  await takeover.click();
  await expect(toast(page).locator('.toast-title')).toHaveText('Status updated');
  await expect(takeover).toBeChecked();

  const reply = `Karibu! Delivery to Westlands is free this week (${Date.now()}).`;
  await page.getByPlaceholder('Type your message...').fill(reply);
  await page.getByPlaceholder('Type your message...').press('Enter');
  await expect(page.locator('.message-admin .message-content').filter({ hasText: reply })).toBeVisible();
  await expect(page.getByPlaceholder('Type your message...')).toHaveValue('');

  const outbox = (await (await page.request.get(`${SERVER_URL}/__test/outbox`)).json()) as {
    conversation_id: number;
    content: string;
    kind: string;
  }[];
  expect(outbox).toContainEqual(expect.objectContaining({ conversation_id: created.conversationId, content: reply }));

  // It is stored: a reload shows it again, and the takeover stays on.
  await page.reload();
  await expect(page.locator('.message-admin .message-content').filter({ hasText: reply })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Admin Takeover' })).toBeChecked();
});

test('long lists come a page at a time: Show more conversations, and earlier messages above the newest', async ({
  page,
}) => {
  await signIn(page);
  // The app asks for pages of 10 here (VITE_PAGE_SIZE in playwright.server.config.ts).
  await page.goto('/conversations');
  // The list itself, not the hand-offs lifted above it: a page's
  // conversations that are among them are shown there, once.
  const cards = page.locator('.conversation-list:not(.attention-list) > li');
  const ids = async (path: string) =>
    ((await (await page.request.get(path)).json()) as { id: number }[]).map((c) => c.id);
  const lifted = new Set(await ids('/api/conversations/search?status=admin_required&limit=5&order=waiting'));
  const listed = async (limit: number) =>
    (await ids(`/api/conversations?limit=${limit}`)).filter((id) => !lifted.has(id)).length;
  const onePage = await listed(10);
  await expect(cards).toHaveCount(onePage);
  const showing = page.getByText(new RegExp(`^Showing ${onePage} of \\d+ conversations$`));
  await expect(showing).toBeVisible();
  const total = Number(/of (\d+)/.exec((await showing.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(20);
  const next = page.waitForRequest((r) => new URL(r.url()).searchParams.has('cursor'));
  await page.getByRole('button', { name: 'Show more conversations' }).click();
  const twoPages = await listed(20);
  await expect(cards).toHaveCount(twoPages);
  expect(new URL((await next).url()).pathname).toBe('/api/conversations');
  await expect(page.getByText(`Showing ${twoPages} of ${total} conversations`)).toBeVisible();
  // No card twice across the pages.
  const links = await cards.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(links).size).toBe(twoPages);

  // A conversation of 25 replies: more than two pages.
  const created = await (await page.request.post(`${SERVER_URL}/__test/handoff`)).json();
  const id = created.conversationId as number;
  const status = await page.request.patch(`/api/conversations/${id}`, { data: { status: 'admin_takeover' } });
  expect(status.status()).toBe(200);
  for (let i = 1; i <= 25; i++) {
    const sent = await page.request.post(`/api/conversations/${id}/messages`, {
      data: { content: `Reply ${i}`, messageType: 'text' },
    });
    expect(sent.status()).toBe(201);
  }
  await page.goto(`/conversations/${id}`);
  const replies = page.locator('.message-admin .message-content');
  // The newest two pages: replies 6 to 25, the newest at the bottom.
  await expect(replies).toHaveCount(20);
  await expect(replies.first()).toHaveText('Reply 6');
  await expect(replies.last()).toHaveText('Reply 25');
  const earlier = page.getByRole('button', { name: 'Show earlier messages' });
  for (let i = 0; i < 5 && (await earlier.count()) > 0; i++) {
    // Activated in place: scrolling to it would load by itself.
    await earlier.dispatchEvent('click');
    await expect(earlier.locator('.pi-spin')).toHaveCount(0);
  }
  await expect(earlier).toHaveCount(0);
  await expect(replies).toHaveCount(25);
  await expect(replies.first()).toHaveText('Reply 1');
  await expect(replies.last()).toHaveText('Reply 25');
  // The customer's first message opens the conversation.
  await expect(page.locator('.message-bubble').first()).toContainText('Customer');
});

test('a handoff shows the toast and raises the badge; marking it read survives a reload', async ({ page }) => {
  await signIn(page);
  await page.goto('/');
  const badge = page.getByTestId('unread-badge');
  const unread = async () => Number((await badge.getAttribute('aria-label'))?.split(' ')[0] ?? 0);
  await expect(badge).toBeVisible();
  const before = await unread();

  // The customer side plays a handoff (the server's test-only route, not behind the Vite proxy).
  const created = await (await page.request.post(`${SERVER_URL}/__test/handoff`)).json();
  await expect(toast(page).locator('.toast-title')).toHaveText('New Admin Action Required');
  await expect(toast(page).locator('.toast-description')).toHaveText(created.message);
  await expect.poll(unread).toBe(before + 1);

  const marked = await page.request.patch(`/api/notifications/${created.id}/read`);
  expect(marked.status()).toBe(200);
  await page.reload();
  await expect.poll(unread).toBe(before);
});

test('imports a CSV, then exports it with the imported rows (formulas neutralized) and updates on a second import', async ({
  page,
}) => {
  await signIn(page);
  const stamp = Date.now();
  const header =
    'Type,Name,Color/Material,Dimensions (mm),Starting Price,Ending Price,Installation Price,Description,Product Image URL,Installation Image URLs';
  const csv = [
    header,
    `granite,"Ruby Red Granite, ${stamp}",Red,3000 x 1800,9000,12500,2500,"Deep red, ""polished""",https://example.com/ruby.jpg,https://example.com/k1.jpg;https://example.com/k2.jpg`,
    `sink,=Hyperlink Sink ${stamp},Ceramic,800 x 500 x 200,15000,19000,,,,`,
    `quartz,Bad Row ${stamp},,1 x 1,abc,2,,,,`,
  ].join('\n');
  const importFile = async () => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Products from CSV' });
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Upload & Import' }).click();
    return dialog;
  };
  const dialog = await importFile();
  await expect(toast(page).locator('.toast-description')).toHaveText('Imported: 2, Updated: 0, Failed: 1');
  await expect(dialog.getByRole('list', { name: 'Errors' }).getByRole('listitem')).toHaveText([
    `Row 4: Starting Price is not a number ("abc")`,
  ]);

  await page.goto('/products');
  await expect(rows(page).filter({ hasText: `Ruby Red Granite, ${stamp}` })).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exported = await readFile((await (await download).path())!, 'utf8');
  // The spec's columns, then Stock and Active (beyond the spec).
  expect(exported.split('\n')[0]).toBe(`${header},Stock,Active`);
  expect(exported).toContain(
    `granite,"Ruby Red Granite, ${stamp}",Red,3000 x 1800,9000,12500,2500,"Deep red, ""polished""",https://example.com/ruby.jpg,https://example.com/k1.jpg;https://example.com/k2.jpg`,
  );
  expect(exported).toContain(`sink,'=Hyperlink Sink ${stamp},Ceramic,800 x 500 x 200,15000,19000,,,,`);

  await importFile();
  await expect(toast(page).locator('.toast-description')).toHaveText('Imported: 0, Updated: 2, Failed: 1');
});

test('follow-up settings are kept: saved, then shown again after a reload', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings');
  const hours = page.getByLabel('Hours Until Follow-up (1-168)');
  const message = page.getByLabel('Follow-up Message', { exact: true });
  await expect(hours).toBeEnabled();
  const text = `Habari! Are you still interested in the slab you asked about? (${Date.now()})`;
  await hours.fill('12');
  await message.fill(text);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page).locator('.toast-title')).toHaveText('Settings saved');

  await page.reload();
  await expect(page.getByLabel('Follow-up Message', { exact: true })).toHaveValue(text);
  await expect(page.getByLabel('Hours Until Follow-up (1-168)')).toHaveValue('12');
});

test("the dashboard's Active Conversations and the analytics' count the same conversations", async ({ page }) => {
  await signIn(page);
  await page.goto('/');
  const dashboard = page.getByRole('region', { name: 'Active Conversations' }).getByTestId('stat-value');
  await expect(dashboard).toHaveText(/^\d+$/);
  const onDashboard = await dashboard.textContent();
  await page.goto('/analytics');
  const analytics = page.getByRole('region', { name: 'Active Conversations' }).locator('.stat-value');
  await expect(analytics).toHaveText(onDashboard!);
  // The demo's month of conversations: some, not all, were active in the last 24 hours.
  const total = await page.request.get('/api/summary').then((r) => r.json() as Promise<{ totalConversations: number }>);
  expect(Number(onDashboard)).toBeLessThan(total.totalConversations);
});

test('the demo catalogue has pictures: the table thumbnails, the edit form and the installation gallery show them', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/products');
  await page.getByPlaceholder('Search products...').fill('Absolute Black Granite');
  // (Other tests here add products whose names start the same way.)
  const row = rows(page).filter({ has: page.getByText('Absolute Black Granite', { exact: true }) });
  const thumbnail = row.locator('img.product-thumb');
  await expect(thumbnail).toBeVisible();
  // Drawn, not broken: a real picture's size, decoded by the browser.
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await row.getByRole('link', { name: 'Edit Absolute Black Granite', exact: true }).click();
  const current = page.getByRole('img', { name: 'Current product image' });
  await expect(current).toBeVisible();
  await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  const gallery = page.getByRole('list', { name: 'Current installation images' }).getByRole('img');
  await expect(gallery.first()).toBeVisible();
  for (const picture of await gallery.all())
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
});
