import { expect, test } from './fixtures/test';

test.use({ authenticated: true });

test('cards, chart and top-10 tables from the populated examples', async ({ page }) => {
  const products = page.waitForResponse('**/api/analytics/products');
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
  await mockPrefer('**/api/analytics/products', 'example=empty');
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
    const [canvas, box] = [await chart.boundingBox(), await card.boundingBox()];
    // The card's padding either side, and nothing more.
    expect(box!.width - canvas!.width).toBeLessThan(48);
    expect(Math.round(canvas!.height)).toBe(height);
  });
}
