// axe-core (WCAG 2.1 A and AA rules) on every route of the
// app, in light and dark theme, with the contract's populated and empty
// examples, with the mobile menu open and with each dialog open. A serious or
// critical violation fails the test, named by route, theme, rule and target;
// every run prints its counts per impact.
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { appRoutes, callsWithExample, waitForScreen } from './support/routes';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);
const themes = ['light', 'dark'] as const;
type Theme = (typeof themes)[number];

async function useTheme(page: Page, theme: Theme) {
  // What the theme toggle stores; index.html applies it before the first paint.
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
}

/** Runs axe on the page as it is, prints the counts and fails on serious/critical findings. */
async function audit(page: Page, where: string, testInfo: TestInfo, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  const count = (impact: string) =>
    result.violations.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
  const line = `axe ${where}: critical ${count('critical')}, serious ${count('serious')}, moderate ${count('moderate')}, minor ${count('minor')} (${result.passes.length} rules passed)`;
  console.log(line);
  testInfo.annotations.push({ type: 'axe', description: line });
  const failures = result.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${where} · ${v.id} (${v.impact}): ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
      ),
    );
  expect(failures, `serious/critical axe violations:\n${failures.join('\n')}`).toEqual([]);
}

for (const route of appRoutes) {
  for (const theme of themes) {
    for (const data of ['populated', 'empty'] as const) {
      test(`${route.path} (${route.name}) · ${theme} · ${data}`, async ({ page, signIn, mockPrefer }, testInfo) => {
        if (route.authenticated) await signIn();
        if (data === 'empty') await mockPrefer(callsWithExample('empty'), 'example=empty', { method: 'GET' });
        await useTheme(page, theme);
        await page.goto(route.path);
        await waitForScreen(page);
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        await audit(page, `${route.path} [${theme}, ${data}]`, testInfo);
      });
    }
  }
}

test.describe('overlays', () => {
  for (const theme of themes) {
    test(`mobile menu sheet open · ${theme}`, async ({ page, signIn }, testInfo) => {
      await signIn();
      await useTheme(page, theme);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/products');
      await waitForScreen(page);
      await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
      await expect(page.getByRole('dialog', { name: 'Sidebar' })).toBeVisible();
      await audit(page, `/products mobile menu [${theme}]`, testInfo);
    });

    test(`product delete dialog open · ${theme}`, async ({ page, signIn }, testInfo) => {
      await signIn();
      await useTheme(page, theme);
      await page.goto('/products');
      await waitForScreen(page);
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Delete Product' })).toBeVisible();
      await audit(page, `/products delete dialog [${theme}]`, testInfo);
    });

    test(`import dialog open · ${theme}`, async ({ page, signIn }, testInfo) => {
      await signIn();
      await useTheme(page, theme);
      await page.goto('/products');
      await waitForScreen(page);
      await page.getByRole('button', { name: 'Import CSV' }).click();
      await expect(page.getByRole('dialog', { name: 'Import Products from CSV' })).toBeVisible();
      await audit(page, `/products import dialog [${theme}]`, testInfo);
    });
  }
});

test.describe('keyboard shortcuts dialog', () => {
  for (const theme of themes) {
    test(`open · ${theme}`, async ({ page, signIn }, testInfo) => {
      await signIn();
      await useTheme(page, theme);
      await page.goto('/');
      await waitForScreen(page);
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await audit(page, `/ keyboard shortcuts dialog [${theme}]`, testInfo);
    });
  }
});

test.describe('phone layouts', () => {
  for (const theme of themes) {
    for (const path of ['/products', '/conversations', '/analytics']) {
      test(`${path} at 375 px · ${theme}`, async ({ page, signIn }, testInfo) => {
        await signIn();
        await useTheme(page, theme);
        await page.setViewportSize({ width: 375, height: 812 });
        await page.goto(path);
        await waitForScreen(page);
        await audit(page, `${path} at 375 px [${theme}]`, testInfo);
      });
    }
  }
});
