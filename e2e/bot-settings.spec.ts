// Settings → Chatbot (beyond the spec) against the Prism mock: filled from
// GET /api/bot/settings (the contract's first example, the defaults, with the
// greeting and out-of-hours message in English and Swahili), saved
// with PUT, hidden when the backend answers 404, and what a person typed kept
// through a refusal (the form's or the server's) and asked about before a
// navigation away. Then the section holding product rows and errors at 320 px
// and under axe, in both themes.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { clippedTexts, sidewaysOverflow } from './support/layout';
import { waitForScreen } from './support/routes';

// Default toasts are status messages, destructive ones alerts: read the toast region itself.
const toasts = (page: Page) => page.getByRole('list', { name: 'Notifications (F8)' });
const chatbot = (page: Page) => page.getByRole('region', { name: 'Chatbot' });

const DEFAULT_GREETING =
  'Hello and karibu! I am the shop\'s assistant. We sell granite, marble and quartz slabs and kitchen sinks. Tell me what you are looking for, for example "black granite" or "double bowl sink".';
const DEFAULT_OUT_OF_HOURS = 'Thank you for writing. We are closed now; a member of our team will reply when we open.';
const DEFAULT_GREETING_SW =
  'Habari na karibu! Mimi ni msaidizi wa duka. Tunauza slab za granite, marble na quartz na sinki za jikoni. Niambie unachotafuta, kwa mfano "granite nyeusi" au "sinki ya bakuli mbili".';
const DEFAULT_OUT_OF_HOURS_SW = 'Asante kwa kutuandikia. Tumefunga kwa sasa; mmoja wa timu yetu atakujibu tukifungua.';
const week = [
  { day: 'monday', open: true, from: '08:00', to: '18:00' },
  { day: 'tuesday', open: true, from: '08:00', to: '18:00' },
  { day: 'wednesday', open: true, from: '08:00', to: '18:00' },
  { day: 'thursday', open: true, from: '08:00', to: '18:00' },
  { day: 'friday', open: true, from: '08:00', to: '18:00' },
  { day: 'saturday', open: true, from: '09:00', to: '14:00' },
  { day: 'sunday', open: false, from: '09:00', to: '13:00' },
];

/** Counts the PUTs to /api/bot/settings from now on. */
function puts(page: Page) {
  let n = 0;
  page.on('request', (r) => void (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/bot/settings' && n++));
  return () => n;
}

test.use({ authenticated: true });

test('the section sits after the follow-up form and shows the stored settings (the defaults)', async ({ page }) => {
  const loaded = page.waitForResponse((r) => r.url().endsWith('/api/bot/settings') && r.request().method() === 'GET');
  await page.goto('/settings');
  expect((await loaded).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Automated Follow-up System',
    'Chatbot',
    'Business',
    'Quick replies',
    'Delivery',
    'Message templates',
  ]);
  const section = chatbot(page);
  await expect(section.getByLabel('Let the bot answer customers')).toBeChecked();
  await expect(section.getByLabel('Greeting', { exact: true })).toHaveValue(DEFAULT_GREETING);
  await expect(section.getByLabel('Rounds of bargaining (0-10)')).toHaveValue('3');
  await expect(section.getByLabel('Lowest price (% of the starting price) (50-100)')).toHaveValue('90');
  await expect(section.getByText("The bot never offers below 90 % of a product's starting price")).toBeVisible();
  await expect(section.getByLabel('Product', { exact: true })).toHaveCount(0);
  await expect(section.getByLabel('Use business hours')).not.toBeChecked();
  await expect(section.getByLabel('Time zone')).toHaveValue('Africa/Nairobi');
  await expect(section.getByLabel('Open on Monday')).toBeChecked();
  await expect(section.getByLabel('Opens on Monday')).toHaveValue('08:00');
  await expect(section.getByLabel('Closes on Monday')).toHaveValue('18:00');
  await expect(section.getByLabel('Open on Sunday')).not.toBeChecked();
  await expect(section.getByLabel('Out-of-hours message', { exact: true })).toHaveValue(DEFAULT_OUT_OF_HOURS);
  // The Swahili texts, which this backend (the contract's examples) has.
  await expect(section.getByLabel('Greeting (Swahili)')).toHaveValue(DEFAULT_GREETING_SW);
  await expect(section.getByLabel('Out-of-hours message (Swahili)')).toHaveValue(DEFAULT_OUT_OF_HOURS_SW);

  // The hint follows what is typed.
  await section.getByLabel('Lowest price (% of the starting price) (50-100)').fill('80');
  await expect(section.getByText("The bot never offers below 80 % of a product's starting price")).toBeVisible();
  await section.getByLabel('Rounds of bargaining (0-10)').fill('0');
  await expect(section.getByText('Prices are fixed: the bot does not bargain.')).toBeVisible();
});

test('saving sends the settings as edited and says so', async ({ page }) => {
  await page.goto('/settings');
  const section = chatbot(page);
  await section.getByLabel('Greeting', { exact: true }).fill('Karibu! Tell me what you need.');
  await section.getByLabel('Rounds of bargaining (0-10)').fill('2');
  await section.getByLabel('Lowest price (% of the starting price) (50-100)').fill('85');

  // A product of its own: picked from the catalogue, searched by name, keyboard only.
  await section.getByRole('button', { name: 'Add a product' }).click();
  const row = section.getByRole('listitem').filter({ has: page.getByLabel('Product', { exact: true }) });
  await expect(section.getByLabel('Product', { exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('galaxy');
  await expect(page.getByRole('option', { name: 'Galaxy Black Granite' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(row.locator('.p-dropdown-label')).toHaveText('Galaxy Black Granite');
  await expect(row.getByText('Starting price KES 11,000')).toBeVisible();
  await row.getByLabel('Lowest price (KES)').fill('9800.50');

  await section.getByLabel('Use business hours').check();
  await section.getByLabel('Time zone').fill('Africa/Kampala');
  await section.getByLabel('Closes on Saturday').fill('15:30');
  await section.getByLabel('Open on Sunday').check();
  await section.getByLabel('Out-of-hours message', { exact: true }).fill('Tumefunga sasa. We reply from 8 am.');
  await section.getByLabel('Greeting (Swahili)').fill('Karibu! Niambie unachotafuta.');

  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/bot/settings'));
  await section.getByRole('button', { name: 'Save chatbot settings' }).click();
  expect((await put).postDataJSON()).toEqual({
    enabled: true,
    greeting: 'Karibu! Tell me what you need.',
    greetingSw: 'Karibu! Niambie unachotafuta.',
    bargaining: { maxRounds: 2, lowestPricePercent: 85, productLimits: [{ productId: 2, lowestPrice: 9800.5 }] },
    businessHours: {
      enabled: true,
      timezone: 'Africa/Kampala',
      days: week.map((day) =>
        day.day === 'saturday' ? { ...day, to: '15:30' } : day.day === 'sunday' ? { ...day, open: true } : day,
      ),
    },
    outOfHoursMessage: 'Tumefunga sasa. We reply from 8 am.',
    outOfHoursMessageSw: DEFAULT_OUT_OF_HOURS_SW,
  });
  await expect(toasts(page)).toContainText('Chatbot settings saved');
  // The mock answers its own example: the form keeps what was typed and sent.
  await expect(section.getByLabel('Greeting', { exact: true })).toHaveValue('Karibu! Tell me what you need.');
  await expect(section.getByRole('button', { name: 'Save chatbot settings' })).toBeEnabled();
});

test('leaving with unsaved chatbot settings asks first; Keep editing keeps them, Discard changes leaves', async ({
  page,
}) => {
  await page.goto('/settings');
  const greeting = chatbot(page).getByLabel('Greeting', { exact: true });
  await expect(greeting).toHaveValue(DEFAULT_GREETING);
  await greeting.fill('Habari! Half-typed greeting');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(dialog).toContainText('You have unsaved changes. If you leave this page, they will be lost.');
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(greeting).toHaveValue('Habari! Half-typed greeting');
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a backend without the bot (404) shows no Chatbot section', async ({ page, mockPrefer }) => {
  await mockPrefer('**/api/bot/settings', 'code=404', { method: 'GET' });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/bot/settings'));
  await page.goto('/settings');
  expect((await answered).status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Quick replies' })).toBeVisible();
  await expect(page.getByLabel('Follow-up Message')).toBeVisible();
  await waitForScreen(page);
  await expect(page.getByRole('heading', { name: 'Chatbot' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save chatbot settings' })).toHaveCount(0);
  await expect(page.getByText('Failed to load chatbot settings')).toHaveCount(0);
});

test('an entry the form refuses is named under its field, nothing is sent and what was typed stays', async ({
  page,
}) => {
  const sent = puts(page);
  await page.goto('/settings');
  const section = chatbot(page);
  await section.getByLabel('Greeting', { exact: true }).fill('Habari! Karibu.');
  await section.getByLabel('Closes on Monday').fill('07:30');
  await section.getByLabel('Rounds of bargaining (0-10)').fill('12');
  await section.getByRole('button', { name: 'Save chatbot settings' }).click();

  const rounds = section.getByLabel('Rounds of bargaining (0-10)');
  const monday = section.getByLabel('Closes on Monday');
  await expect(section.getByText('Rounds of bargaining must be a whole number from 0 to 10')).toBeVisible();
  await expect(section.getByText('Closing time must be after opening time on Monday')).toBeVisible();
  await expect(monday).toHaveAttribute('aria-invalid', 'true');
  await expect(monday).toHaveAccessibleDescription('Closing time must be after opening time on Monday');
  // The first field in error has the focus.
  await expect(rounds).toBeFocused();
  await expect(section.getByLabel('Greeting', { exact: true })).toHaveValue('Habari! Karibu.');
  await expect(monday).toHaveValue('07:30');
  await expect(rounds).toHaveValue('12');
  expect(sent()).toBe(0);

  // Put right, it saves.
  await rounds.fill('4');
  await monday.fill('17:00');
  await expect(section.getByText('Closing time must be after opening time on Monday')).toHaveCount(0);
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/bot/settings'));
  await section.getByRole('button', { name: 'Save chatbot settings' }).click();
  const body = (await put).postDataJSON();
  expect(body.greeting).toBe('Habari! Karibu.');
  expect(body.bargaining.maxRounds).toBe(4);
  expect(body.businessHours.days[0]).toEqual({ day: 'monday', open: true, from: '08:00', to: '17:00' });
  await expect(toasts(page)).toContainText('Chatbot settings saved');
});

test('a save the server refuses shows its message and keeps what was typed', async ({ page, mockPrefer }) => {
  await page.goto('/settings');
  const section = chatbot(page);
  await expect(section.getByLabel('Greeting', { exact: true })).toBeVisible();
  await mockPrefer('**/api/bot/settings', 'code=400', { method: 'PUT' });
  await section.getByLabel('Greeting', { exact: true }).fill('Hello from the showroom');
  await section.getByRole('button', { name: 'Save chatbot settings' }).click();
  // Prism answers the contract's first 400 example.
  await expect(toasts(page)).toContainText('Chatbot settings not saved');
  await expect(toasts(page)).toContainText('Unknown time zone: Africa/Atlantis');
  await expect(section.getByLabel('Greeting', { exact: true })).toHaveValue('Hello from the showroom');
  await expect(section.getByRole('button', { name: 'Save chatbot settings' })).toBeEnabled();
});

for (const theme of ['light', 'dark'] as const) {
  test(`with a product row and errors: fits 320 px and passes axe · ${theme}`, async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/bot/settings', 'example=configured', { method: 'GET' });
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/settings');
    const section = chatbot(page);
    await expect(section.locator('.p-dropdown-label')).toHaveText('Absolute Black Granite');
    await section.getByLabel('Closes on Friday').fill('06:00');
    await section.getByLabel('Lowest price (KES)').fill('-5');
    await section.getByRole('button', { name: 'Add a product' }).click();
    await section.getByRole('button', { name: 'Save chatbot settings' }).click();
    await expect(section.getByText('Closing time must be after opening time on Friday')).toBeVisible();
    await expect(section.getByText('Choose the product for this row')).toBeVisible();
    await waitForScreen(page);
    expect(await sidewaysOverflow(page), 'pixels of sideways scrolling at 320 px').toBe(0);
    expect(await clippedTexts(page), 'text cut off with no way to read it').toEqual([]);

    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include('section[aria-labelledby="bot-settings-title"]')
      .analyze();
    const failures = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`));
    expect(failures).toEqual([]);
  });
}
