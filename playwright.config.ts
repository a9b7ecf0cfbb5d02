// End-to-end tests against the mocks: Playwright starts Prism, the realtime
// mock and Vite on their own ports (E2E_PRISM_PORT 4110, E2E_REALTIME_PORT
// 4111, E2E_PORT 5183) so a running `npm start` (4010/4011/5173) is left alone.
// Locally a server already listening on those ports is reused; on CI
// (CI set) every server is started fresh.
import { defineConfig } from '@playwright/test';
import { chromiumProject } from './e2e/support/browser';
import { e2ePorts, httpUrl } from './common/dev/ports';

const ports = e2ePorts();
// One fuzzing seed per run (e2e/fuzz.spec.ts), chosen here so every worker sees the same one;
// FUZZ_SEED=<n> replays a run.
process.env.FUZZ_SEED ||= String(Math.floor(Math.random() * 1_000_000));
const baseURL = httpUrl(ports.dev);
const ci = Boolean(process.env.CI);

const serverEnv = {
  PORT: String(ports.dev),
  PRISM_PORT: String(ports.prism),
  REALTIME_PORT: String(ports.realtime),
  // e2e always runs against the mocks, whatever the shell says.
  API_TARGET: '',
  MOCK_DYNAMIC: '',
};

/** One server Playwright starts (or reuses locally), ready when `url` answers. */
function server(name: string, command: string, url: string, timeout: number) {
  return {
    name,
    command,
    url,
    env: serverEnv,
    reuseExistingServer: !ci,
    timeout,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 3_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: ci,
  // A flaky test is a bug to fix, not to retry away.
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: {
    timeout: 5_000,
    // e2e/visual.spec.ts: a picture must match its reference exactly (same browser, same
    // font, same data); the per-pixel colour threshold is Playwright's default.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', maxDiffPixels: 0 },
  },
  // One folder of reference pictures, without the platform in their names: CI's browser
  // is the one they are made with.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A failed test keeps its trace: every action with the page's DOM, console and network. Not
    // the screencast: filming every test took a third of the suite's time (products and layout
    // specs: 181 s with it, 133 s without, 119 s with no trace); the failure's screenshot stays.
    // `--trace on` films it all when a flake needs it.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [chromiumProject()],
  webServer: [
    // Prism answers 401 here without a cookie: that counts as up.
    server('prism', 'node_modules/.bin/tsx mocks/prism.ts', `${httpUrl(ports.prism)}/api/auth/me`, 60_000),
    server(
      'realtime',
      'node_modules/.bin/tsx mocks/realtime-server.ts',
      `${httpUrl(ports.realtime)}/__control/health`,
      30_000,
    ),
    // The app as one bundled development build (React's development mode, import.meta.env.DEV,
    // the strict contract check), served by `vite preview` with the same proxy as the dev server:
    // a test's page load fetches a few bundles instead of hundreds of modules, which roughly
    // halves the suite's time. E2E_VITE_DEV=1 uses the dev server instead (for debugging with HMR).
    process.env.E2E_VITE_DEV
      ? server('vite', 'node_modules/.bin/vite', `${baseURL}/@vite/client`, 60_000)
      : server(
          'vite',
          'NODE_ENV=development node_modules/.bin/vite build --mode development --outDir dist-e2e --emptyOutDir --logLevel warn && node_modules/.bin/vite preview --outDir dist-e2e',
          `${baseURL}/login`,
          120_000,
        ),
  ],
});
