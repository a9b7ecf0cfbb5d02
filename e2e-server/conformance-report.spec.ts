// The conformance check's HTML report, opened as a file the way someone opens
// it from a CI artefact: a run against the faulty server (failures,
// violations, a grid with every kind of cell), in light and dark. No console
// error, nothing fetched, axe clean (no serious or critical finding), the
// grid one cell per operation and documented status, no sideways scrolling
// of the page at 320 px, and the cases open from the keyboard.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { startFaultyServer } from '../conformance/fixtures/faulty-server';
import { toHtml } from '../conformance/html-report';
import { runConformance, type Report } from '../conformance/run';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

let dir: string;
let url: string;
let report: Report;

test.beforeAll(async () => {
  const server = await startFaultyServer();
  try {
    report = await runConformance({ baseUrl: server.url, username: 'admin', password: 'x', socketSeconds: 0.5 });
  } finally {
    await server.close();
  }
  dir = mkdtempSync(join(tmpdir(), 'conformance-report-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, toHtml(report));
  url = pathToFileURL(file).href;
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

for (const colorScheme of ['light', 'dark'] as const) {
  test(`conformance HTML report · ${colorScheme}`, async ({ page }, testInfo) => {
    // axe over some 200 cases and a grid of some 500 cells takes seconds on a busy machine.
    test.slow();
    const errors: string[] = [];
    const fetched: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => r.url() !== url && fetched.push(r.url()));
    await page.emulateMedia({ colorScheme });
    await page.goto(url);

    await expect(page.getByRole('heading', { name: 'Conformance report', level: 1 })).toBeVisible();
    await expect(page.getByText('DOES NOT CONFORM')).toBeVisible();
    const failed = report.results.filter((r) => r.result === 'fail').length;
    await expect(page.locator('details[data-result="fail"][open]')).toHaveCount(failed);

    const region = page.getByRole('region', { name: /Operation × documented status/ });
    await expect(region.locator('tbody td[data-cell]')).toHaveCount(
      report.coverage.operations.length * report.coverage.statuses.length,
    );
    await expect(region.locator('thead th[scope="col"]')).toHaveCount(report.coverage.statuses.length + 2);

    const axe = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    const findings = axe.violations
      .filter((v) => FAILING.has(v.impact ?? ''))
      .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
    testInfo.annotations.push({ type: 'axe', description: `${colorScheme}: ${axe.violations.length} finding(s)` });
    expect(findings, `serious/critical axe violations:\n${findings.join('\n')}`).toEqual([]);

    // Keyboard: a closed case opens with Enter; the grid's region takes focus to scroll.
    const passed = page.locator('details[data-result="pass"]').first();
    await passed.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(passed).toHaveAttribute('open', '');
    await region.focus();
    await expect(region).toBeFocused();

    await page.setViewportSize({ width: 320, height: 800 });
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
    }));
    expect(widths.page, 'the page scrolls sideways at 320 px').toBeLessThanOrEqual(widths.view);
    expect(await region.evaluate((e) => e.scrollWidth > e.clientWidth), 'the grid scrolls in its region').toBe(true);

    expect(errors).toEqual([]);
    expect(fetched).toEqual([]);
  });
}
