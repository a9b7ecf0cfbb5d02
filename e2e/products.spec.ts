// The product list and form: search, the form's field rules and messages, the
// CSV import (file rules, sample CSV, results) and export, and the toasts —
// against openapi.yaml's examples (Prism).
// Prism is stateless: flows assert on the request sent and on what the UI says.
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures/test';

test.use({ authenticated: true });

/** The page's clock in the tests whose file names carry the date (never the real date). */
const FIXED_NOW = new Date('2026-11-23T09:00:00Z');
/** That moment's calendar date in the pages' time zone (UTC: e2e/support/browser.ts). */
const localDate = (d: Date) => d.toISOString().slice(0, 10);

/** The one toast on screen: its title and description. */
async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator('.toast');
  await expect(toast.locator('.toast-title')).toHaveText(title);
  await expect(toast.locator('.toast-description')).toHaveText(description);
}

const downloadText = async (download: Download) => readFile((await download.path())!, 'utf8');

/** The multipart body the page sent, parsed as the server would. */
async function formDataOf(request: Request): Promise<FormData> {
  const body = request.postDataBuffer();
  expect(body, 'the request has a body').not.toBeNull();
  return new Response(new Uint8Array(body!), {
    headers: { 'content-type': request.headers()['content-type'] },
  }).formData();
}

/** Holds matching requests back until `release()` is called, to see pending states. */
async function holdRequests(page: Page, url: string, method: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    await released;
    await route.fallback();
  });
  return release;
}

const png = (name: string) => ({ name, mimeType: 'image/png', buffer: Buffer.from(`fake png ${name}`) });
const rows = (page: Page) => page.locator('.product-table tbody tr');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
const search = (page: Page) => page.getByPlaceholder('Search products...');

test.describe('product list', () => {
  test('shows every product with its thumbnail, dimensions, category, details, price range and status', async ({
    page,
  }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect(rows(page)).toHaveCount(13);
    await expect(page.locator('.product-table thead th')).toHaveText([
      'Product',
      'Category',
      'Details',
      'Price Range',
      'Status',
      'Actions',
    ]);

    const granite = row(page, 'Absolute Black Granite');
    await expect(granite.locator('td')).toHaveText([
      'Absolute Black Granite3000 x 1800 x 20 mm',
      'Granite',
      'BlackInstallation: 2,500 KES/slab',
      '8,500 - 12,000 KES',
      // Beyond the spec: the stock under the status.
      'Active14 in stock',
      '',
    ]);
    await expect(granite.locator('img.product-thumb')).toHaveAttribute(
      'src',
      '/uploads/products/absolute-black-granite.svg',
    );
    await expect(granite.locator('img.product-thumb')).toHaveJSProperty('complete', true);
    expect(
      await granite.locator('img.product-thumb').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);

    // A stone without installation price shows only its colour; a sink its material and bowls.
    await expect(row(page, 'Tan Brown Granite').locator('td').nth(2)).toHaveText('Brown');
    await expect(row(page, 'Franke Stainless Steel Double Bowl Sink').locator('td').nth(2)).toHaveText(
      'Stainless SteelDouble Bowl',
    );
    await expect(row(page, 'Franke Stainless Steel Double Bowl Sink').locator('td').nth(1)).toHaveText('Sink');
    await expect(row(page, 'Calacatta Gold Quartz').locator('td').nth(3)).toHaveText('18,000 - 24,500.5 KES');
    await expect(row(page, 'Emperador Dark Marble').locator('td').nth(4)).toHaveText('InactiveOut of stock');
    await expect(row(page, 'Tan Brown Granite').locator('.product-thumb-empty')).toBeVisible();

    await expect(page.getByRole('link', { name: 'Edit Absolute Black Granite' })).toHaveAttribute(
      'href',
      '/products/edit/1',
    );
    await page.getByRole('link', { name: 'Edit Calacatta Gold Quartz' }).click();
    await expect(page).toHaveURL(/\/products\/edit\/7$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Add Product' }).click();
    await expect(page).toHaveURL(/\/products\/new$/);
    await expect(page.getByRole('heading', { name: 'Add New Product' })).toBeVisible();
  });

  test("says 'Loading products...' until the list arrives", async ({ page }) => {
    const release = await holdRequests(page, '**/api/products{,?*}', 'GET');
    await page.goto('/products');
    await expect(page.getByText('Loading products...')).toBeVisible();
    release();
    await expect(rows(page)).toHaveCount(13);
    await expect(page.getByText('Loading products...')).toHaveCount(0);
  });

  test('an empty catalogue invites to add the first product', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/products{,?*}', 'example=empty');
    await page.goto('/products');
    await expect(page.getByText('No products yet. Add your first product to get started.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import CSV' })).toBeVisible();
  });

  test('a list that fails to load says so and offers to try again', async ({ page, allowFailedRequest }) => {
    allowFailedRequest('/api/products', 503);
    await page.route('**/api/products{,?*}', (route) => route.fulfill({ status: 503, body: '' }), { times: 1 });
    await page.goto('/products');
    await expect(page.getByRole('alert')).toContainText('Failed to load products.');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(rows(page)).toHaveCount(13);
  });

  test('search filters by name, category, colour or material as you type, ignoring case', async ({ page }) => {
    await page.goto('/products');
    await expect(rows(page)).toHaveCount(13);
    const names = () => rows(page).locator('.product-name');

    await search(page).pressSequentially('carr');
    await expect(names()).toHaveText(['Carrara White Marble']);
    await search(page).fill('MARBLE');
    await expect(names()).toHaveText(['Carrara White Marble', 'Emperador Dark Marble']);
    await search(page).fill('sink');
    await expect(names()).toHaveCount(4);
    await search(page).fill('gold'); // colour
    await expect(names()).toHaveText(['Calacatta Gold Quartz']);
    await search(page).fill('fireclay'); // material
    await expect(names()).toHaveText(['Fireclay Farmhouse Sink']);
    await search(page).fill('Granite Composite'); // a sink material, not a granite
    await expect(names()).toHaveText(['Blanco Silgranit Single Bowl Sink']);
    await expect(page.getByTestId('product-count')).toHaveText('1 of 13 products');

    await search(page).fill('limestone');
    await expect(page.getByText('No products match your search')).toBeVisible();
    await search(page).fill('');
    await expect(rows(page)).toHaveCount(13);
  });
});

test.describe('delete', () => {
  test('asks first, deletes, says so and refetches the list', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Delete Galaxy Black Granite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Product' });
    await expect(dialog).toContainText('Are you sure you want to delete this product? This action cannot be undone.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete Galaxy Black Granite' }).click();
    const deleted = page.waitForRequest((r) => r.method() === 'DELETE');
    const refetched = page.waitForRequest((r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/products');
    await page.getByRole('dialog', { name: 'Delete Product' }).getByRole('button', { name: 'Delete' }).click();
    expect(new URL((await deleted).url()).pathname).toBe('/api/products/2');
    await expectToast(page, 'Product deleted', 'The product has been successfully removed.');
    await refetched;
    await expect(page.getByRole('dialog', { name: 'Delete Product' })).toHaveCount(0);
  });

  test('a failed delete says so and leaves the dialog open to try again', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/products/2', 'code=404', { method: 'DELETE' });
    await page.goto('/products');
    await page.getByRole('button', { name: 'Delete Galaxy Black Granite' }).click();
    await page.getByRole('dialog', { name: 'Delete Product' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Error', 'Failed to delete product. Please try again.');
    await expect(page.locator('.toast')).toHaveAttribute('data-variant', 'destructive');
    await expect(page.getByRole('dialog', { name: 'Delete Product' })).toBeVisible();
    await expect(row(page, 'Galaxy Black Granite')).toHaveCount(1);
  });
});

test.describe('export', () => {
  test('saves the CSV as products-export-{date}.csv', async ({ page }) => {
    await page.clock.setFixedTime(FIXED_NOW);
    await page.goto('/products');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`products-export-${localDate(FIXED_NOW)}.csv`);
    const text = await downloadText(file);
    // The spec's columns, then Stock and Active (beyond the spec), as the contract's example.
    expect(text.split('\n')[0]).toBe(
      'Type,Name,Color/Material,Dimensions (mm),Starting Price,Ending Price,Installation Price,Description,Product Image URL,Installation Image URLs,Stock,Active',
    );
    expect(text).toContain('sink,Franke Stainless Steel Double Bowl Sink,Stainless Steel');
    await expectToast(page, 'Export successful', 'Products have been exported to CSV.');
  });

  test('a failed export says so and saves nothing', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/products/export', 'code=500');
    await page.goto('/products');
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expectToast(page, 'Export failed', 'Failed to export products. Please try again.');
    expect(downloaded).toBe(false);
  });
});

test.describe('import', () => {
  const openImport = async (page: Page): Promise<Locator> => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Products from CSV' });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  // Six products (rows 2-7), as in the contract's example result: rows 4 and 7 fail.
  const csv = [
    'Type,Name,Color/Material,Dimensions (mm),Starting Price,Ending Price,Installation Price,Description,Product Image URL,Installation Image URLs',
    'granite,Absolute Black Granite,Black,3000x1800x20,8500,12000,2500,,,',
    'marble,Carrara White Marble,White,3000x1500x20,14000,19500,3500,,,',
    'quartz,"Sparkle, Black Quartz",Black,3000x1400x20,abc,16000,,"Row with a comma, and ""quotes""",,',
    'sink,Teka Ceramic Sink,Ceramic,1000x500x180,15000,18000,,,,',
    'granite,Steel Grey Granite,Grey,3000x1800x20,9000,11000,,,,',
    'limestone,Jerusalem Limestone,Beige,3000x1800x20,9000,10000,,,,',
  ].join('\n');
  const csvFile = { name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };

  test('offers the sample CSV and explains the columns', async ({ page }) => {
    const dialog = await openImport(page);
    await expect(dialog).toContainText('Required columns: Type, Name, Dimensions, Starting Price, Ending Price');
    await expect(dialog).toContainText('Type must be granite, marble, quartz or sink');
    await expect(dialog).toContainText('Dimensions as LxWxH in millimetres');
    await expect(dialog).toContainText('Color/Material holds the color for stones and the material for sinks');
    await expect(dialog).toContainText('Several installation images are separated by semicolons');
    await expect(dialog.getByRole('button', { name: 'Upload & Import' })).toBeDisabled();
    await expect(dialog.getByLabel('CSV file')).toHaveAttribute('accept', '.csv,text/csv');

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Sample CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('products-sample-template.csv');
    const lines = (await downloadText(file)).trim().split(/\r\n/);
    expect(lines[0]).toBe(
      'Type,Name,Color/Material,Dimensions (mm),Starting Price,Ending Price,Installation Price,Description,Product Image URL,Installation Image URLs',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['granite', 'marble', 'quartz', 'sink']);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('refuses a file that is not a .csv', async ({ page }) => {
    const dialog = await openImport(page);
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'catalogue.xlsx', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('x') });
    await expectToast(page, 'Invalid file type', 'Please select a CSV file.');
    await expect(dialog.getByRole('button', { name: 'Upload & Import' })).toBeDisabled();
    await dialog.getByLabel('CSV file').setInputFiles(csvFile);
    await expect(dialog.getByRole('button', { name: 'Upload & Import' })).toBeEnabled();
  });

  test('uploads the file, shows the counts and errors, and hands back the failed rows', async ({ page }) => {
    await page.clock.setFixedTime(FIXED_NOW);
    const dialog = await openImport(page);
    await dialog.getByLabel('CSV file').setInputFiles(csvFile);
    const release = await holdRequests(page, '**/api/products/import', 'POST');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/products/import'));
    await dialog.getByRole('button', { name: 'Upload & Import' }).click();
    await expect(dialog.getByRole('button', { name: 'Importing...' })).toBeDisabled();
    release();

    const form = await formDataOf(await sent);
    const file = form.get('file') as File;
    expect(file.name).toBe('catalogue.csv');
    expect(await file.text()).toBe(csv);

    await expectToast(page, 'Import completed', 'Imported: 3, Updated: 1, Failed: 2');
    const results = dialog.getByRole('region', { name: 'Import Results' });
    await expect(results.locator('.import-counts > div')).toHaveText(['Imported3', 'Updated1', 'Failed2']);
    const errors = results.getByRole('list', { name: 'Errors' });
    await expect(errors.getByRole('listitem')).toHaveText([
      'Row 4: Starting Price is not a number ("abc")',
      'Row 7: Type must be granite, marble, quartz or sink ("limestone")',
    ]);
    expect(await errors.evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');

    const download = page.waitForEvent('download');
    await results.getByRole('button', { name: 'Download Failed Rows (2)' }).click();
    const failed = await download;
    expect(failed.suggestedFilename()).toBe(`products-import-failed-rows-${localDate(FIXED_NOW)}.csv`);
    expect((await downloadText(failed)).split('\r\n')).toEqual([
      'Type,Name,Color/Material,Dimensions (mm),Starting Price,Ending Price,Installation Price,Description,Product Image URL,Installation Image URLs,Error',
      'quartz,"Sparkle, Black Quartz",Black,3000x1400x20,abc,16000,,"Row with a comma, and ""quotes""",,,"Starting Price is not a number (""abc"")"',
      'limestone,Jerusalem Limestone,Beige,3000x1800x20,9000,10000,,,,,"Type must be granite, marble, quartz or sink (""limestone"")"',
      '',
    ]);
    // Imported: the same file is not sent twice by accident.
    await expect(dialog.getByRole('button', { name: 'Upload & Import' })).toBeDisabled();
  });

  test('a file named price=list.csv is imported and the mock API keeps answering', async ({ page }) => {
    // Prism 5.14 alone exits on a filename with "=" (mocks/multipart-repair.ts).
    const dialog = await openImport(page);
    await dialog.getByLabel('CSV file').setInputFiles({ ...csvFile, name: 'price=list.csv' });
    // Routed (and passed on unchanged) so Playwright keeps the multipart body to inspect.
    await page.route('**/api/products/import', (route) => route.fallback());
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/products/import'));
    await dialog.getByRole('button', { name: 'Upload & Import' }).click();
    expect(((await formDataOf(await sent)).get('file') as File).name).toBe('price=list.csv');
    await expectToast(page, 'Import completed', 'Imported: 3, Updated: 1, Failed: 2');

    await page.goto('/products');
    await expect(row(page, 'Absolute Black Granite')).toBeVisible();
  });

  test("a refused file shows the server's error", async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/products/import', 'code=400');
    const dialog = await openImport(page);
    await dialog.getByLabel('CSV file').setInputFiles(csvFile);
    await dialog.getByRole('button', { name: 'Upload & Import' }).click();
    await expectToast(page, 'Import failed', 'Missing required columns: Type, Starting Price');
    await expect(dialog.getByRole('button', { name: 'Upload & Import' })).toBeEnabled();
    await expect(dialog.getByRole('region', { name: 'Import Results' })).toHaveCount(0);
  });

  test("without a server message it says 'Failed to import products'", async ({ page, allowFailedRequest }) => {
    allowFailedRequest('/api/products/import', 502);
    await page.route('**/api/products/import', (route) => route.fulfill({ status: 502, body: '' }));
    const dialog = await openImport(page);
    await dialog.getByLabel('CSV file').setInputFiles(csvFile);
    await dialog.getByRole('button', { name: 'Upload & Import' }).click();
    await expectToast(page, 'Import failed', 'Failed to import products');
  });
});

test.describe('product form', () => {
  /** A PrimeReact dropdown: its focusable input holds the label, the box around it opens the list. */
  const dropdown = (page: Page, label: string) =>
    page.locator('.p-dropdown', { has: page.getByLabel(label, { exact: true }) });
  const choose = async (page: Page, label: string, option: string) => {
    await dropdown(page, label).click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
    // The panel fades out; the next dropdown opened must be the only panel on the page.
    await expect(page.locator('.p-dropdown-panel')).toHaveCount(0);
  };
  const options = async (page: Page, label: string) => {
    await dropdown(page, label).click();
    const panel = page.locator('.p-dropdown-panel');
    await expect(panel).toHaveCount(1);
    const names = await panel.getByRole('option').allTextContents();
    await page.keyboard.press('Escape');
    // The panel fades out: once it is gone, the next dropdown's options are read on their own.
    await expect(panel).toHaveCount(0);
    return names;
  };
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

  test('a new product starts as an active granite with stock 0, with the stone fields', async ({ page }) => {
    await page.goto('/products/new');
    await expect(page.getByRole('heading', { name: 'Add New Product', level: 1 })).toBeVisible();
    for (const name of ['Basic Information', 'Stone Details', 'Media & Status'])
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sink Details' })).toHaveCount(0);
    await expect(field(page, 'Category')).toHaveValue('Granite');
    await expect(field(page, 'Stock')).toHaveValue('0');
    await expect(field(page, 'Make this product available to customers')).toBeChecked();
    for (const price of ['Starting Price (KES)', 'Ending Price (KES)', 'Installation Price per Slab (KES)']) {
      await expect(field(page, price)).toHaveAttribute('step', '0.01');
    }
    // Each price says how the chatbot uses it, read out with its field.
    await expect(field(page, 'Starting Price (KES)')).toHaveAccessibleDescription(
      'The price the chatbot quotes first. It bargains down from here, never below the lowest price set in Settings → Chatbot.',
    );
    await expect(field(page, 'Ending Price (KES)')).toHaveAccessibleDescription(
      'The top of the price range staff see in the product list. The chatbot never quotes it.',
    );
    await expect(field(page, 'Product Image')).toHaveAttribute('accept', 'image/*');
    await expect(field(page, 'Installation Images')).toHaveAttribute('multiple', '');
    expect(await options(page, 'Color')).toEqual([
      'Black',
      'White',
      'Grey',
      'Beige',
      'Brown',
      'Green',
      'Blue',
      'Red',
      'Gold',
      'Silver',
      'Multicolor',
    ]);

    await choose(page, 'Category', 'Sink');
    await expect(page.getByRole('heading', { name: 'Sink Details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Stone Details' })).toHaveCount(0);
    expect(await options(page, 'Material')).toEqual([
      'Stainless Steel',
      'Granite Composite',
      'Ceramic',
      'Quartz',
      'Cast Iron',
      'Fireclay',
    ]);
    expect(await options(page, 'Bowl Configuration')).toEqual([
      'Single Bowl',
      'Double Bowl',
      'Triple Bowl',
      '1.5 Bowl',
    ]);
  });

  test('names each field that is missing or malformed and refuses an ending price below the starting price', async ({
    page,
  }) => {
    let posted = false;
    page.on('request', (r) => (posted ||= r.method() === 'POST'));
    await page.goto('/products/new');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Product name is required')).toBeVisible();
    await expect(page.getByText('Starting price is required')).toBeVisible();
    await expect(page.getByText('Ending price is required')).toBeVisible();
    await expect(field(page, 'Product Name')).toBeFocused();
    await expect(field(page, 'Product Name')).toHaveAttribute('aria-invalid', 'true');

    await field(page, 'Product Name').fill('Steel Grey Granite');
    await expect(page.getByText('Product name is required')).toHaveCount(0);
    await field(page, 'Starting Price (KES)').fill('12000');
    await field(page, 'Ending Price (KES)').fill('9000');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Ending price cannot be lower than the starting price')).toBeVisible();
    await field(page, 'Ending Price (KES)').fill('12000.555');
    await expect(page.getByText(/at most two decimals/)).toBeVisible();
    await field(page, 'Stock').fill('2.5');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Stock must be a whole number of 0 or more')).toBeVisible();
    expect(posted).toBe(false);
  });

  test('creates a sink: multipart fields, empty ones left out, one product image and several installation images', async ({
    page,
  }) => {
    await page.goto('/products/new');
    await field(page, 'Product Name').fill('Carysil Quartz Triple Bowl Sink');
    await choose(page, 'Category', 'Sink');
    await field(page, 'Starting Price (KES)').fill('18500.50');
    await field(page, 'Ending Price (KES)').fill('24000');
    await field(page, 'Stock').fill('6');
    await choose(page, 'Material', 'Quartz');
    await choose(page, 'Bowl Configuration', 'Triple Bowl');
    await field(page, 'Make this product available to customers').click();
    await field(page, 'Product Image').setInputFiles(png('sink.png'));
    await expect(page.getByRole('img', { name: 'sink.png' })).toBeVisible();
    await field(page, 'Installation Images').setInputFiles([png('kitchen-1.png'), png('kitchen-2.png')]);
    await field(page, 'Installation Images').setInputFiles(png('kitchen-3.png'));
    await expect(page.getByRole('list', { name: 'New installation images' }).getByRole('img')).toHaveCount(3);
    await page.getByRole('button', { name: 'Remove kitchen-2.png' }).click();
    await expect(page.getByRole('list', { name: 'New installation images' }).getByRole('img')).toHaveCount(2);

    const release = await holdRequests(page, '**/api/products{,?*}', 'POST');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/products'));
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    const form = await formDataOf(await sent);
    release();

    const texts = [...form.entries()].filter(([, v]) => typeof v === 'string');
    expect(Object.fromEntries(texts)).toEqual({
      name: 'Carysil Quartz Triple Bowl Sink',
      category: 'sink',
      startingPrice: '18500.50',
      endingPrice: '24000',
      material: 'Quartz',
      bowlConfiguration: 'Triple Bowl',
      stock: '6',
      isActive: 'false',
    });
    expect((form.get('productImage') as File).name).toBe('sink.png');
    expect(form.getAll('installationImages').map((f) => (f as File).name)).toEqual(['kitchen-1.png', 'kitchen-3.png']);
    expect(await (form.getAll('installationImages')[1] as File).text()).toBe('fake png kitchen-3.png');

    await expectToast(page, 'Product created', 'New product has been added to the catalog.');
    await expect(page).toHaveURL(/\/products$/);
  });

  test('a failed save says so and keeps everything typed', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/products{,?*}', 'code=400', { method: 'POST' });
    await page.goto('/products/new');
    await field(page, 'Product Name').fill('Steel Grey Granite');
    await field(page, 'Dimensions (mm)').fill('3000 x 1800 x 20');
    await field(page, 'Starting Price (KES)').fill('9000');
    await field(page, 'Ending Price (KES)').fill('11000');
    await choose(page, 'Color', 'Grey');
    await field(page, 'Description').fill('Uniform grey');
    await field(page, 'Installation Images').setInputFiles([png('a.png'), png('b.png')]);
    await page.getByRole('button', { name: 'Create Product' }).click();

    await expectToast(page, 'Error', 'Failed to save product. Please try again.');
    await expect(page).toHaveURL(/\/products\/new$/);
    await expect(field(page, 'Product Name')).toHaveValue('Steel Grey Granite');
    await expect(field(page, 'Dimensions (mm)')).toHaveValue('3000 x 1800 x 20');
    await expect(field(page, 'Starting Price (KES)')).toHaveValue('9000');
    await expect(field(page, 'Ending Price (KES)')).toHaveValue('11000');
    await expect(field(page, 'Description')).toHaveValue('Uniform grey');
    await expect(field(page, 'Color')).toHaveValue('Grey');
    await expect(page.getByRole('list', { name: 'New installation images' }).getByRole('img')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Create Product' })).toBeEnabled();
  });

  test('edits a loaded product: filled in, existing images shown, PATCH with the fields', async ({ page }) => {
    const release = await holdRequests(page, '**/api/products/1', 'GET');
    await page.goto('/products/edit/1');
    await expect(page.getByRole('heading', { name: 'Edit Product', level: 1 })).toBeVisible();
    await expect(page.getByText('Loading product...')).toBeVisible();
    release();

    await expect(field(page, 'Product Name')).toHaveValue('Absolute Black Granite');
    await expect(field(page, 'Dimensions (mm)')).toHaveValue('3000 x 1800 x 20');
    await expect(field(page, 'Starting Price (KES)')).toHaveValue('8500');
    await expect(field(page, 'Ending Price (KES)')).toHaveValue('12000');
    await expect(field(page, 'Installation Price per Slab (KES)')).toHaveValue('2500');
    await expect(field(page, 'Stock')).toHaveValue('14');
    await expect(field(page, 'Color')).toHaveValue('Black');
    await expect(field(page, 'Description (Swahili)')).toHaveValue(
      "Granite nyeusi iliyong'arishwa kutoka Zimbabwe, bora kwa meza za jikoni.",
    );
    await expect(page.getByRole('img', { name: 'Current product image' })).toHaveAttribute(
      'src',
      '/uploads/products/absolute-black-granite.svg',
    );
    await expect(page.getByRole('list', { name: 'Current installation images' }).getByRole('img')).toHaveCount(2);

    await field(page, 'Product Name').fill('Absolute Black Granite (Leathered)');
    await field(page, 'Installation Images').setInputFiles([png('new-1.png'), png('new-2.png')]);
    await expect(page.getByText('These replace the 2 current installation images when you save.')).toBeVisible();
    const sent = page.waitForRequest((r) => r.method() === 'PATCH');
    await page.getByRole('button', { name: 'Update Product' }).click();
    const request = await sent;
    expect(new URL(request.url()).pathname).toBe('/api/products/1');
    const form = await formDataOf(request);
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      name: 'Absolute Black Granite (Leathered)',
      category: 'granite',
      dimensions: '3000 x 1800 x 20',
      description: 'Polished jet-black granite from Zimbabwe, ideal for kitchen tops.',
      descriptionSw: "Granite nyeusi iliyong'arishwa kutoka Zimbabwe, bora kwa meza za jikoni.",
      startingPrice: '8500',
      endingPrice: '12000',
      color: 'Black',
      installationPricePerSlab: '2500',
      stock: '14',
      isActive: 'true',
    });
    expect(form.has('productImage')).toBe(false);
    expect(form.getAll('installationImages').map((f) => (f as File).name)).toEqual(['new-1.png', 'new-2.png']);
    await expectToast(page, 'Product updated', 'Product has been successfully updated.');
    await expect(page).toHaveURL(/\/products$/);
  });

  test('an edit clears what was emptied: description cleared and granite → sink send description, color and installation price empty', async ({
    page,
  }) => {
    await page.goto('/products/edit/1');
    await expect(field(page, 'Description')).toHaveValue(
      'Polished jet-black granite from Zimbabwe, ideal for kitchen tops.',
    );
    await field(page, 'Description').fill('');
    await choose(page, 'Category', 'Sink');
    await expect(page.getByRole('heading', { name: 'Sink Details' })).toBeVisible();
    await choose(page, 'Material', 'Stainless Steel');

    const sent = page.waitForRequest((r) => r.method() === 'PATCH');
    await page.getByRole('button', { name: 'Update Product' }).click();
    const form = await formDataOf(await sent);
    // Sent empty = clear it (openapi.yaml, updateProduct); the guard checks Prism accepted the body.
    expect(form.get('description')).toBe('');
    expect(form.get('color')).toBe('');
    expect(form.get('installationPricePerSlab')).toBe('');
    expect(form.get('category')).toBe('sink');
    expect(form.get('material')).toBe('Stainless Steel');
    // Never set, so nothing to clear: left out (= unchanged).
    expect(form.has('bowlConfiguration')).toBe(false);
    // Untouched fields may be sent, but only as they were, never emptied.
    for (const [name, stored] of [
      ['dimensions', '3000 x 1800 x 20'],
      ['name', 'Absolute Black Granite'],
      ['stock', '14'],
    ]) {
      if (form.has(name)) expect(form.get(name), name).toBe(stored);
    }
    await expectToast(page, 'Product updated', 'Product has been successfully updated.');
  });

  test('an unchanged edit sends nothing empty', async ({ page }) => {
    await page.goto('/products/edit/1');
    await expect(field(page, 'Product Name')).toHaveValue('Absolute Black Granite');
    const sent = page.waitForRequest((r) => r.method() === 'PATCH');
    await page.getByRole('button', { name: 'Update Product' }).click();
    const form = await formDataOf(await sent);
    expect([...form.entries()].filter(([, value]) => value === '').map(([name]) => name)).toEqual([]);
  });

  test('edits a sink with the sink fields', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/products/10', 'example=sink', { method: 'GET' });
    await page.goto('/products/edit/10');
    await expect(page.getByRole('heading', { name: 'Sink Details' })).toBeVisible();
    await expect(field(page, 'Material')).toHaveValue('Stainless Steel');
    await expect(field(page, 'Bowl Configuration')).toHaveValue('Double Bowl');
    await expect(page.getByRole('list', { name: 'Current installation images' })).toHaveCount(0);
  });

  test('an unknown product says it was not found', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/products/999', 'code=404');
    await page.goto('/products/edit/999');
    await expect(page.getByText('Product not found. It may have been deleted.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to products' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('Cancel returns to the list, asking first when something was typed', async ({ page }) => {
    await page.goto('/products/new');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/products$/);

    await page.goto('/products/new');
    await field(page, 'Product Name').fill('Half-typed');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(dialog).toContainText('You have unsaved changes. If you leave this page, they will be lost.');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/\/products\/new$/);
    await expect(field(page, 'Product Name')).toHaveValue('Half-typed');

    // The sidebar is a way out too.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('closing the tab with unsaved changes asks the browser to confirm', async ({ page }) => {
    await page.goto('/products/new');
    await field(page, 'Product Name').fill('Half-typed');
    let asked = false;
    page.on('dialog', async (dialog) => {
      asked = dialog.type() === 'beforeunload';
      await dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toBe(true);
  });
});
