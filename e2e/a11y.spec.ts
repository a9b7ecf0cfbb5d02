// axe-core (WCAG 2.1 A and AA rules) on every route of the
// app, with the contract's populated and empty examples, with the mobile menu
// open and with each dialog open. A serious or critical violation fails the
// test, named by route, theme, rule and target; every run prints its counts
// per impact.
//
// Each state is audited with every rule in the light theme, then the page is
// switched to the dark theme in place (as the theme toggle does) and audited
// again with the rules that depend on colour. The dark theme changes colours
// only (PrimeReact's lara-dark-blue beside lara-light-blue: the same layout,
// the same markup), so the other rules would only repeat the light theme's
// answers, while the page load they needed doubled this suite's time.
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { appRoutes, callsWithExample, waitForScreen } from './support/routes';

// Every test loads its own page: both workers share this file's tests instead of one
// worker running them all while the other has finished.
test.describe.configure({ mode: 'parallel' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);
/** The rules whose answer depends on the theme's colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Switches the page to the dark theme in place, as the theme toggle does (src/lib/theme:
 * the `dark` class, the colour scheme, PrimeReact's dark theme file, the themechange event),
 * and waits until the new stylesheet has loaded and every colour transition has ended.
 */
async function switchToDark(page: Page) {
  await page.evaluate(async () => {
    const link = document.getElementById('theme-link') as HTMLLinkElement | null;
    const loaded = new Promise<void>((resolve) => {
      if (!link) return resolve();
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener('error', () => resolve(), { once: true });
    });
    localStorage.setItem('theme', 'dark');
    document.documentElement.classList.add('dark');
    document.documentElement.style.colorScheme = 'dark';
    if (link) link.href = '/themes/lara-dark-blue/theme.css';
    window.dispatchEvent(new CustomEvent('themechange', { detail: 'dark' }));
    await loaded;
  });
  await expect(page.locator('html')).toHaveClass(/dark/);
  // A colour read mid-transition is neither theme's: wait for the transitions to end.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
}

/**
 * Audits the page in the light theme with every rule, then in the dark theme with the colour
 * rules: `where` names the state, the theme is added to each line.
 */
async function auditBothThemes(page: Page, where: string, testInfo: TestInfo) {
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await audit(page, `${where} [light]`, testInfo);
  await switchToDark(page);
  await audit(page, `${where} [dark, colour rules]`, testInfo, COLOUR_RULES);
}

/** Runs axe on the page as it is, prints the counts and fails on serious/critical findings. */
async function audit(page: Page, where: string, testInfo: TestInfo, rules?: string[]) {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (rules) builder = builder.withRules(rules);
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
  for (const data of ['populated', 'empty'] as const) {
    test(`${route.path} (${route.name}) · ${data} · light and dark`, async ({ page, signIn, mockPrefer }, testInfo) => {
      if (route.authenticated) await signIn();
      if (data === 'empty') await mockPrefer(callsWithExample('empty'), 'example=empty', { method: 'GET' });
      await page.goto(route.path);
      await waitForScreen(page);
      await auditBothThemes(page, `${route.path} [${data}]`, testInfo);
    });
  }
}

test('the dark theme stored before the page loads is the one audited in place', async ({ page, signIn }) => {
  // What the theme toggle stores; index.html applies it before the first paint. The in-place
  // switch above must give the page the same colours as a page loaded in the dark theme.
  await signIn();
  await page.goto('/products');
  await waitForScreen(page);
  await switchToDark(page);
  const switched = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await waitForScreen(page);
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(switched);
});

test.describe('overlays', () => {
  test('mobile menu sheet open', async ({ page, signIn }, testInfo) => {
    await signIn();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/products');
    await waitForScreen(page);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByRole('dialog', { name: 'Sidebar' })).toBeVisible();
    await auditBothThemes(page, '/products mobile menu', testInfo);
  });

  test('product delete dialog open', async ({ page, signIn }, testInfo) => {
    await signIn();
    await page.goto('/products');
    await waitForScreen(page);
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Delete Product' })).toBeVisible();
    await auditBothThemes(page, '/products delete dialog', testInfo);
  });

  test('import dialog open', async ({ page, signIn }, testInfo) => {
    await signIn();
    await page.goto('/products');
    await waitForScreen(page);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await expect(page.getByRole('dialog', { name: 'Import Products from CSV' })).toBeVisible();
    await auditBothThemes(page, '/products import dialog', testInfo);
  });

  test('keyboard shortcuts dialog open', async ({ page, signIn }, testInfo) => {
    await signIn();
    await page.goto('/');
    await waitForScreen(page);
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await auditBothThemes(page, '/ keyboard shortcuts dialog', testInfo);
  });
});

test.describe('phone layouts', () => {
  for (const path of ['/products', '/conversations', '/analytics']) {
    test(`${path} at 375 px`, async ({ page, signIn }, testInfo) => {
      await signIn();
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(path);
      await waitForScreen(page);
      await auditBothThemes(page, `${path} at 375 px`, testInfo);
    });
  }
});

// Beyond the spec: an accepted deal (the Deal Accepted badge, Conversation Info's Deal row).
test.describe('deals', () => {
  test('notifications with an accepted deal', async ({ page, signIn, mockPrefer }, testInfo) => {
    await signIn();
    await mockPrefer('**/api/notifications{,?*}', 'example=deal');
    await page.goto('/notifications');
    await waitForScreen(page);
    await expect(page.getByText('Deal Accepted', { exact: true })).toBeVisible();
    await auditBothThemes(page, '/notifications deal', testInfo);
  });

  test('a conversation holding a deal', async ({ page, signIn, mockPrefer }, testInfo) => {
    await signIn();
    await mockPrefer('**/api/conversations/106', 'example=deal', { method: 'GET' });
    await page.goto('/conversations/106');
    await waitForScreen(page);
    await expect(page.locator('.deal-info')).toBeVisible();
    await auditBothThemes(page, '/conversations/106 deal', testInfo);
  });
});

// Beyond the spec: quotes beside a conversation and in its thread, and the quote builder open.
test.describe('quotes', () => {
  test('a conversation with its quotes', async ({ page, signIn, mockPrefer }, testInfo) => {
    // The accepted quote beside the thread, and in it under the message that sent it, with its order.
    await mockPrefer('**/api/conversations/*/messages*', 'example=quote', { method: 'GET' });
    await mockPrefer('**/api/conversations/*/quotes', 'example=accepted', { method: 'GET' });
    await signIn();
    await page.goto('/conversations/106');
    await waitForScreen(page);
    await expect(page.getByRole('region', { name: 'Quotes' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Quote Q00042' }).getByRole('link', { name: /^Order/ })).toBeVisible();
    await auditBothThemes(page, '/conversations/106 quotes', testInfo);
  });

  test('the quote builder open', async ({ page, signIn }, testInfo) => {
    await signIn();
    await page.goto('/conversations/106');
    await waitForScreen(page);
    await page.getByRole('button', { name: 'New quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'New quote' });
    await expect(dialog.getByLabel('Product').locator('option')).not.toHaveCount(1);
    await auditBothThemes(page, '/conversations/106 quote builder', testInfo);
  });
});

// Beyond the spec: the inbox's parts with the contract's named examples.
test.describe('inbox: unread, reply window, templates, delivery, quick replies', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-23T06:30:00.000Z'));
  });

  test('list with unread and closing windows, filters open', async ({ page, signIn, mockPrefer }, testInfo) => {
    await signIn();
    await mockPrefer('**/api/conversations?*', 'example=inbox');
    await page.goto('/conversations');
    await waitForScreen(page);
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByLabel('Unread', { exact: true })).toBeVisible();
    await auditBothThemes(page, '/conversations inbox', testInfo);
  });

  for (const theme of ['light', 'dark'] as const) {
    // The quick replies open over the detail: each theme is audited on its own page, as the
    // dialog is opened after the detail's audit.
    test(`detail: time left, delivery states, quick replies open · ${theme}`, async ({
      page,
      signIn,
      mockPrefer,
    }, testInfo) => {
      await signIn();
      await mockPrefer('**/api/conversations/102', 'example=windowOpen', { method: 'GET' });
      await mockPrefer('**/api/conversations/102/messages*', 'example=delivery', { method: 'GET' });
      await page.goto('/conversations/102');
      await waitForScreen(page);
      await expect(page.getByRole('button', { name: 'Retry sending this message' })).toBeVisible();
      if (theme === 'dark') await switchToDark(page);
      const rules = theme === 'dark' ? COLOUR_RULES : undefined;
      const named = theme === 'dark' ? 'dark, colour rules' : 'light';
      await audit(page, `/conversations/102 delivery [${named}]`, testInfo, rules);
      await page.locator('#quick-replies-button').click();
      await expect(page.getByRole('dialog', { name: 'Quick replies' })).toBeVisible();
      await audit(page, `/conversations/102 quick replies [${named}]`, testInfo, rules);
    });
  }

  test('detail after the window closed: template sender', async ({ page, signIn, mockPrefer }, testInfo) => {
    await signIn();
    await mockPrefer('**/api/conversations/109', 'example=windowClosed', { method: 'GET' });
    await page.goto('/conversations/109');
    await waitForScreen(page);
    await page.locator('.template-sender .p-dropdown').click();
    await page.getByRole('option', { name: 'Quote ready' }).click();
    // The variables start filled from the conversation: emptied, the required message shows.
    await expect(page.getByLabel('Customer name')).toHaveValue('Samuel Kariuki');
    await page.getByLabel('Customer name').fill('');
    await page.getByRole('button', { name: 'Send template' }).click();
    await expect(page.getByText('Customer name is required')).toBeVisible();
    await auditBothThemes(page, '/conversations/109 template', testInfo);
  });

  test('settings: quick reply form open', async ({ page, signIn }, testInfo) => {
    await signIn();
    await page.goto('/settings');
    await waitForScreen(page);
    await page.getByRole('button', { name: 'Add quick reply' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await auditBothThemes(page, '/settings quick reply form', testInfo);
  });

  test('settings: Test Now confirmation open', async ({ page, signIn }, testInfo) => {
    await signIn();
    await page.goto('/settings');
    await waitForScreen(page);
    await page.getByRole('button', { name: 'Test Now' }).click();
    await expect(page.getByText('Send the follow-up message now to 23 customers?')).toBeVisible();
    await auditBothThemes(page, '/settings Test Now confirmation', testInfo);
  });

  test("analytics: the cards' definitions, with the staff's time", async ({ page, signIn, mockPrefer }, testInfo) => {
    await signIn();
    await mockPrefer('**/api/analytics/overview', 'example=withStaff');
    await page.goto('/analytics');
    await waitForScreen(page);
    await expect(page.getByText('Share of all conversations that ended in a sale.')).toBeVisible();
    await expect(page.getByText('Staff first response: 21m')).toBeVisible();
    await auditBothThemes(page, '/analytics definitions with the staff time', testInfo);
  });
});
