// What every screen looks like: a picture of each route in light and dark, on
// a desktop (1366 px) and a phone (375 px), compared with the reference
// pictures in e2e/__screenshots__/visual.spec.ts/. A change of look that was
// not meant fails here; one that was meant is recorded with
// `npm run test:visual:update` and the new pictures are committed with it.
//
// The pictures are stable from run to run: the data are the contract's
// examples (the mocks), the clock is fixed, the time zone and locale are set,
// the font is the one the theme bundles (Inter), images are loaded before the
// picture is taken, animations and the caret are stopped, and the browser is
// the one CI installs. Nothing on the screens moves, so nothing is masked but
// the live-updates dot, whose colour says how the socket is doing at that
// instant.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { appRoutes, waitForScreen } from './support/routes';

// Every test loads its own page: both workers share this file's tests instead of one
// worker running them all while the other has finished.
test.describe.configure({ mode: 'parallel' });

/** The moment every picture is taken at: a day after the examples' newest messages. */
const NOW = new Date('2026-11-23T09:30:00+03:00');
const themes = ['light', 'dark'] as const;
const sizes = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 375, height: 812 },
] as const;

// Reduced motion: the chart is drawn at once (chart.js times its drawing-in with Date.now,
// which the fixed clock stops).
test.use({ timezoneId: 'Africa/Nairobi', locale: 'en-US', reducedMotion: 'reduce' });

/** Waits for what can still change the picture once the data are on screen: fonts, images, the chart. */
async function settle(page: Page) {
  // The chart draws its canvas once the theme's font has loaded (volume-chart.tsx).
  await page.waitForFunction(() => !document.querySelector('[data-font="loading"]'));
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll('img')) image.loading = 'eager';
    // Settles whether the image loads or fails (a broken one is replaced by its placeholder).
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
    // Chromium places a native select's text by the metrics of the font it had when the select was
    // first laid out, the fallback's or the theme's, whichever came first: laid out again here, each
    // shows its text where the loaded font puts it, on every run (Orders' filters, a payment's method).
    for (const select of document.querySelectorAll('select')) {
      select.style.display = 'none';
      void select.offsetHeight;
      select.style.display = '';
    }
    // The growing text areas measure themselves again once the font has loaded (main.tsx).
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * The Chromium the reference pictures were made with (written when they are recorded). Another
 * build may draw text a few pixels differently: a machine whose browser differs (a newer
 * security update of Debian's package) compares with a small tolerance instead of failing on
 * every picture, and says so; a screen whose layout or colours change still fails there.
 */
const REFERENCE_BROWSER_FILE = 'e2e/__screenshots__/browser-version.txt';
const referenceBrowser = existsSync(REFERENCE_BROWSER_FILE) ? readFileSync(REFERENCE_BROWSER_FILE, 'utf8').trim() : '';
const OTHER_BROWSER_TOLERANCE = { maxDiffPixelRatio: 0.01 };

test.beforeAll(({ browser }, testInfo) => {
  if (testInfo.config.updateSnapshots === 'all') writeFileSync(REFERENCE_BROWSER_FILE, `${browser.version()}\n`);
});

for (const route of appRoutes) {
  for (const theme of themes) {
    for (const size of sizes) {
      test(`${route.name} · ${theme} · ${size.name}`, async ({ page, signIn, browser }, testInfo) => {
        const sameBrowser = browser.version() === referenceBrowser;
        if (!sameBrowser)
          testInfo.annotations.push({
            type: 'visual',
            description: `references made with Chromium ${referenceBrowser || '(unknown)'}, this is ${browser.version()}: compared within ${OTHER_BROWSER_TOLERANCE.maxDiffPixelRatio * 100} % of the pixels`,
          });
        if (route.authenticated) await signIn();
        await page.clock.setFixedTime(NOW);
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(route.path);
        await waitForScreen(page);
        await settle(page);
        // The whole page in one window as tall as the page (a full-page capture would leave the
        // sidebar, a window high, short of the page's end).
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
        await settle(page);
        await expect(page).toHaveScreenshot(`${route.name.replace(/\s+/g, '-')}-${theme}-${size.name}.png`, {
          fullPage: true,
          mask: [page.locator('.live-indicator')],
          ...(sameBrowser ? {} : OTHER_BROWSER_TOLERANCE),
        });
      });
    }
  }
}
