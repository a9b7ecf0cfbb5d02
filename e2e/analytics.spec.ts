import { expect, test } from './fixtures/test';

test.use({ authenticated: true });

test('cards, chart and top-10 tables from the populated examples', async ({ page }) => {
  const products = page.waitForResponse('**/api/analytics/products?*');
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
  await expect(page.getByText('chatbot performance and customer engagement')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total Conversations' })).toContainText('+57 last 30 days');
  await expect(page.getByRole('region', { name: 'Conversion Rate' })).toContainText('18.4%');
  await expect(page.getByRole('region', { name: 'Conversion Rate' })).toContainText('Conversations converted to sales');
  await expect(page.getByRole('region', { name: 'Avg Response Time' })).toContainText('42s');
  await expect(page.getByRole('region', { name: 'Active Conversations' })).toContainText(
    'Currently ongoing conversations',
  );
  await expect(page.getByRole('img', { name: /Line chart of daily conversations/ })).toBeVisible();

  const body = await (await products).json();
  const viewed = page.getByRole('region', { name: 'Most Viewed Products' }).locator('tbody tr');
  await expect(viewed).toHaveCount(Math.min(10, body.mostViewed.length));
  await expect(viewed.first()).toContainText(body.mostViewed[0].productName);
});

for (const [example, shown] of [
  ['minutes', '13m'],
  ['hours', '3h'],
  // The thresholds: under 60 s in seconds, under 3600 s in rounded minutes, else rounded hours.
  ['seconds59', '59s'],
  ['seconds60', '1m'],
  ['seconds3599', '60m'],
  ['seconds3600', '1h'],
] as const) {
  test(`response time example ${example} shows ${shown}`, async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/analytics/overview', `example=${example}`);
    await page.goto('/analytics');
    await expect(page.getByRole('region', { name: 'Avg Response Time' })).toContainText(shown);
  });
}

test('empty examples', async ({ page, mockPrefer }) => {
  await mockPrefer('**/api/analytics/overview', 'example=empty');
  await mockPrefer('**/api/analytics/products?*', 'example=empty');
  await page.goto('/analytics');
  await expect(page.getByRole('region', { name: 'Total Conversations' })).toContainText('No recent conversations');
  await expect(page.getByText('No product views yet')).toBeVisible();
  await expect(page.getByText('No product inquiries yet')).toBeVisible();
});

test('timeline failure', async ({ page, mockPrefer, allowFailedRequest }) => {
  allowFailedRequest('/api/analytics/timeline', 500);
  await mockPrefer('**/api/analytics/timeline**', 'code=500');
  await page.goto('/analytics');
  await expect(page.getByText('Failed to fetch timeline')).toBeVisible();
});

test('the chart is re-coloured when the theme flips', async ({ page }) => {
  await page.goto('/analytics');
  const chart = page.locator('figure.volume-chart');
  await expect(page.getByRole('img', { name: /Line chart/ })).toBeVisible();
  const before = await chart.getAttribute('data-text-colour');
  await page.evaluate(() => {
    localStorage.setItem('theme', document.documentElement.classList.contains('dark') ? 'light' : 'dark');
  });
  await page.getByRole('button', { name: /theme/i }).first().click();
  await expect(chart).not.toHaveAttribute('data-text-colour', before ?? '');
});

for (const { width, height } of [
  { width: 1366, height: 288 },
  { width: 375, height: 224 },
]) {
  test(`the chart fills its card at ${width} px: the card's width, ${height} px high`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/analytics');
    const chart = page.getByRole('img', { name: /Line chart of daily conversations/ });
    await expect(chart).toBeVisible();
    const card = page.getByRole('region', { name: 'Conversation Volume' });
    // Chart.js sizes the canvas from a resize observer, a frame or more after it first paints.
    await expect.poll(async () => Math.round((await chart.boundingBox())!.height)).toBe(height);
    const [canvas, box] = [await chart.boundingBox(), await card.boundingBox()];
    // The card's padding either side, and nothing more.
    expect(box!.width - canvas!.width).toBeLessThan(48);
  });
}

test.describe('beyond the spec', () => {
  test('each card shows what it counts under its caption, and is described by it', async ({ page }) => {
    await page.goto('/analytics');
    const active = page.getByRole('region', { name: 'Active Conversations' });
    await expect(active.getByText('Conversations with a message in the last 24 hours.')).toBeVisible();
    await expect(active).toHaveAccessibleDescription('Conversations with a message in the last 24 hours.');
    const total = page.getByRole('region', { name: 'Total Conversations' });
    await expect(total.getByText('Every conversation customers have started, ever.')).toBeVisible();
    for (const title of ['Total Conversations', 'Conversion Rate', 'Avg Response Time', 'Active Conversations'])
      await expect(page.getByRole('region', { name: title })).toHaveAccessibleDescription(/\w/);
  });

  test("the staff's first-response time sits beside the bot's; absent, only the bot's shows", async ({
    page,
    mockPrefer,
  }) => {
    await page.goto('/analytics');
    const card = page.getByRole('region', { name: 'Avg Response Time' });
    await expect(card).toContainText('Average bot response time');
    await expect(card).not.toContainText('Staff');

    await mockPrefer('**/api/analytics/overview', 'example=withStaff');
    await page.reload();
    await expect(card).toContainText('42s');
    await expect(card).toContainText('Staff first response: 21m');
    await expect(card.getByText('Staff: from a hand-off to their first reply after it.')).toBeVisible();

    await mockPrefer('**/api/analytics/overview', 'example=noStaffReplies');
    await page.reload();
    await expect(card).toContainText('Staff first response: no staff replies yet');
  });

  test('the period: 30 days by default, 7 and 90 ask the timeline and the tables for those days', async ({
    page,
    mockPrefer,
  }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (/\/api\/analytics\/(timeline|products)$/.test(url.pathname))
        asked.push(`${url.pathname.split('/').pop()}?${url.searchParams.toString()}`);
    });
    await page.goto('/analytics');
    const period = page.getByRole('radiogroup', { name: 'Period for the chart and the tables' });
    await expect(period.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await expect(page.getByRole('region', { name: 'Conversation Volume' })).toContainText('Last 30 days');
    await expect.poll(() => asked.sort()).toEqual(['products?days=30', 'timeline?days=30']);
    // A backend that does not echo `days` at the spec's 30: nothing said about the tables' period.
    await expect(page.getByRole('region', { name: 'Most Viewed Products' })).not.toContainText('days');

    await mockPrefer('**/api/analytics/products?*', 'example=lastSevenDays');
    await period.getByRole('radio', { name: 'Last 7 days' }).check();
    await expect.poll(() => asked.includes('timeline?days=7') && asked.includes('products?days=7')).toBe(true);
    await expect(page.getByRole('region', { name: 'Conversation Volume' })).toContainText('Last 7 days');
    const viewed = page.getByRole('region', { name: 'Most Viewed Products' });
    await expect(viewed).toContainText('Last 7 days');
    await expect(viewed.locator('tbody tr')).toHaveCount(2);
  });

  test('a backend that ignores `days` for the tables: they say they are not narrowed', async ({ page }) => {
    await page.goto('/analytics');
    await page.getByRole('radio', { name: 'Last 90 days' }).check();
    await expect(page.getByRole('region', { name: 'Most Inquired Products' })).toContainText(
      'Not narrowed to the last 90 days',
    );
  });
});
