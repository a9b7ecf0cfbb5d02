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

// Beyond the spec (issue 22): the inbox's parts with the contract's named examples.
test.describe('inbox: unread, reply window, templates, delivery, quick replies', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-23T06:30:00.000Z'));
  });
  for (const theme of themes) {
    test(`list with unread and closing windows, filters open · ${theme}`, async ({
      page,
      signIn,
      mockPrefer,
    }, testInfo) => {
      await signIn();
      await mockPrefer('**/api/conversations?*', 'example=inbox');
      await useTheme(page, theme);
      await page.goto('/conversations');
      await waitForScreen(page);
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(page.getByLabel('Unread', { exact: true })).toBeVisible();
      await audit(page, `/conversations inbox [${theme}]`, testInfo);
    });

    test(`detail: time left, delivery states, quick replies open · ${theme}`, async ({
      page,
      signIn,
      mockPrefer,
    }, testInfo) => {
      await signIn();
      await mockPrefer('**/api/conversations/102', 'example=windowOpen', { method: 'GET' });
      await mockPrefer('**/api/conversations/102/messages*', 'example=delivery', { method: 'GET' });
      await useTheme(page, theme);
      await page.goto('/conversations/102');
      await waitForScreen(page);
      await expect(page.getByRole('button', { name: 'Retry sending this message' })).toBeVisible();
      await audit(page, `/conversations/102 delivery [${theme}]`, testInfo);
      await page.locator('#quick-replies-button').click();
      await expect(page.getByRole('dialog', { name: 'Quick replies' })).toBeVisible();
      await audit(page, `/conversations/102 quick replies [${theme}]`, testInfo);
    });

    test(`detail after the window closed: template sender · ${theme}`, async ({
      page,
      signIn,
      mockPrefer,
    }, testInfo) => {
      await signIn();
      await mockPrefer('**/api/conversations/109', 'example=windowClosed', { method: 'GET' });
      await useTheme(page, theme);
      await page.goto('/conversations/109');
      await waitForScreen(page);
      await page.locator('.template-sender .p-dropdown').click();
      await page.getByRole('option', { name: 'Quote ready' }).click();
      // The variables start filled from the conversation (issue 29): emptied, the required message shows.
      await expect(page.getByLabel('Customer name')).toHaveValue('Samuel Kariuki');
      await page.getByLabel('Customer name').fill('');
      await page.getByRole('button', { name: 'Send template' }).click();
      await expect(page.getByText('Customer name is required')).toBeVisible();
      await audit(page, `/conversations/109 template [${theme}]`, testInfo);
    });

    test(`settings: quick reply form open · ${theme}`, async ({ page, signIn }, testInfo) => {
      await signIn();
      await useTheme(page, theme);
      await page.goto('/settings');
      await waitForScreen(page);
      await page.getByRole('button', { name: 'Add quick reply' }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Title is required')).toBeVisible();
      await audit(page, `/settings quick reply form [${theme}]`, testInfo);
    });

    test(`settings: Test Now confirmation open · ${theme}`, async ({ page, signIn }, testInfo) => {
      await signIn();
      await useTheme(page, theme);
      await page.goto('/settings');
      await waitForScreen(page);
      await page.getByRole('button', { name: 'Test Now' }).click();
      await expect(page.getByText('Send the follow-up message now to 23 customers?')).toBeVisible();
      await audit(page, `/settings Test Now confirmation [${theme}]`, testInfo);
    });

    test(`analytics: a card's definition open, with the staff's time · ${theme}`, async ({
      page,
      signIn,
      mockPrefer,
    }, testInfo) => {
      await signIn();
      await mockPrefer('**/api/analytics/overview', 'example=withStaff');
      await useTheme(page, theme);
      await page.goto('/analytics');
      await waitForScreen(page);
      await page.getByRole('button', { name: 'What Conversion Rate counts' }).focus();
      await expect(page.getByRole('tooltip')).toBeVisible();
      await expect(page.getByText('Staff first response: 21m')).toBeVisible();
      await audit(page, `/analytics definition tooltip [${theme}]`, testInfo);
    });
  }
});
