// The production build, proven the way an operator runs it: `npm run build`,
// the release folder with runtime packages only (scripts/production/release.sh,
// as the Dockerfile does), then `node build/server/main.js` with
// NODE_ENV=production on a fresh data folder. The specs start and stop that
// server themselves (SIGTERM, restarts, backups).
import { defineConfig } from '@playwright/test';
import { chromiumProject } from './e2e/support/browser';

const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e-production',
  globalSetup: './e2e-production/global-setup.ts',
  globalTeardown: './e2e-production/global-teardown.ts',
  fullyParallel: false,
  forbidOnly: ci,
  // Its own output folder: npm test runs this suite beside the other browser suites, and each
  // Playwright run empties its output folder when it starts.
  outputDir: 'test-results/production',
  retries: 0,
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { trace: { mode: 'retain-on-failure', screenshots: false }, screenshot: 'only-on-failure' },
  projects: [chromiumProject()],
});
