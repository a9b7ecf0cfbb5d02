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

/** The one Playwright project both configs run: desktop Chrome's device settings, this browser. */
export function chromiumProject(): Project {
  return {
    name: 'chromium',
    use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS } },
  };
}
