// Stateful end-to-end flows against the reference server (server/), not the
// mocks: what is created stays, a notification marked read stays read. Its
// own ports (E2E_SERVER_PORT 8099, E2E_SERVER_DEV_PORT 5199) and a fresh
// database in a temporary folder on every run, seeded with the demo data.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumProject } from './e2e/support/browser';
import { httpUrl } from './common/dev/ports';

const serverPort = Number(process.env.E2E_SERVER_PORT || 8099);
const devPort = Number(process.env.E2E_SERVER_DEV_PORT || 5199);
const serverUrl = httpUrl(serverPort);
export const SERVER_URL = serverUrl;
const baseURL = httpUrl(devPort);
const ci = Boolean(process.env.CI);
// Workers load this file too: keep the folder name stable within one run.
process.env.E2E_SERVER_DATA_DIR ||= join(tmpdir(), `e2e-server-${Date.now()}`);

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' };

export default defineConfig({
  testDir: 'e2e-server',
  globalTeardown: './e2e-server/global-teardown.ts',
  fullyParallel: false,
  forbidOnly: ci,
  // Its own output folder: npm test runs this suite beside the other browser suites, and each
  // Playwright run empties its output folder when it starts.
  outputDir: 'test-results/e2e-server',
  retries: 0,
  // One server, one database: flows run one after another.
  workers: 1,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { baseURL, trace: { mode: 'retain-on-failure', screenshots: false }, screenshot: 'only-on-failure' },
  projects: [chromiumProject()],
  webServer: [
    {
      name: 'server',
      command: 'node_modules/.bin/tsx server/main.ts',
      // Answers 401 without a session: up.
      url: `${serverUrl}/api/auth/me`,
      env: {
        HOST: '127.0.0.1',
        PORT: String(serverPort),
        DATA_DIR: process.env.E2E_SERVER_DATA_DIR,
        DATABASE_URL: '',
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ALLOWED_ORIGINS: baseURL,
        LOGIN_RATE_LIMIT: '1000',
        FOLLOW_UP_INTERVAL_MINUTES: '0',
        SIMULATE_RATE: '0',
        TEST_CONTROL: 'true',
      },
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'vite',
      command: 'node_modules/.bin/vite',
      url: `${baseURL}/@vite/client`,
      // Pages of 10 (the app asks for 100): the demo data is then long enough to page through.
      env: { PORT: String(devPort), API_TARGET: serverUrl, VITE_PAGE_SIZE: '10' },
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 3_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
