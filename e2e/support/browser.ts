// The Chromium every browser run uses (both Playwright configs and the
// benchmarks): CHROMIUM_PATH if set; else Playwright's own Chromium when it
// has been downloaded (`npx playwright install chromium`); else Debian's
// /usr/bin/chromium (what .ci/run installs).
import { existsSync } from 'node:fs';
import { chromium, devices, type Project } from '@playwright/test';

/** undefined means "Playwright's own browser". */
export function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // no browser registry entry on this platform
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error(
    'No Chromium found: set CHROMIUM_PATH, run `npx playwright install chromium`, or `apt-get install chromium`.',
  );
}

/** The machine's network is closed: no background fetches, no QUIC. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The browser's environment: this process's, without libfaketime. A run at another date
 * (scripts/test/shifted-date.ts) moves the clock of every Node process with faketime, but
 * Chromium under libfaketime stops drawing pages, so the browser keeps the machine's clock and
 * the pages get the moved date from the fixtures (E2E_DATE_SHIFT_DAYS, e2e/fixtures/test.ts).
 */
function browserEnv(): Record<string, string | undefined> | undefined {
  if (!process.env.LD_PRELOAD?.includes('faketime')) return undefined;
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of Object.keys(env)) if (name === 'LD_PRELOAD' || name.startsWith('FAKETIME')) delete env[name];
  return env;
}

/** The one Playwright project both configs run: desktop Chrome's device settings, this browser. */
export function chromiumProject(): Project {
  return {
    name: 'chromium',
    use: {
      ...devices['Desktop Chrome'],
      // The pages' time zone and language are the suite's, not the machine's: expected dates and
      // times are written for UTC and en-US (a spec that needs another zone sets its own).
      timezoneId: 'UTC',
      locale: 'en-US',
      launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS, env: browserEnv() },
    },
  };
}
