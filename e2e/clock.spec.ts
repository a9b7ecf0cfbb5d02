// The page's date is the run's date: the machine's, or in a run at another date
// (`npm run test:e2e:shifted-date`) the moved one, so that run really shows the screens at
// that date. A test's own page.clock still wins over it.
import { expect, test } from './fixtures/test';

test("the page's date is the test runner's date", async ({ page }) => {
  await page.goto('/login');
  const pageNow = await page.evaluate(() => Date.now());
  // Within a minute: the two clocks are read a moment apart.
  expect(Math.abs(pageNow - Date.now())).toBeLessThan(60_000);
  expect(await page.evaluate(() => new Date().getTime() - Date.now())).toBeLessThan(1_000);
});

test("a test's fixed clock replaces the run's date", async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-23T06:30:00Z'));
  await page.goto('/login');
  expect(await page.evaluate(() => new Date().toISOString())).toBe('2026-11-23T06:30:00.000Z');
  // Date.now() too: the reply windows are computed from it.
  expect(await page.evaluate(() => Date.now())).toBe(Date.parse('2026-11-23T06:30:00Z'));
});
