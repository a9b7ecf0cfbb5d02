// `npm run test:e2e:shifted-date`: the screens whose pictures and figures hold dates (the
// visual references, analytics, the inbox's reply windows) run again 400 days from the machine's date: every Node process
// of the run (the runner, the mocks, the app's server) through Debian's `faketime`, the pages'
// Date by the same days. A test that reads
// the real date instead of the page's fixed clock and the contract's fixed examples fails here
// on any day, not only on the day after its references were recorded.
//
//   SHIFT_DAYS=-400 npm run test:e2e:shifted-date    the other way
//   npm run test:e2e:shifted-date -- e2e/other.spec.ts   other spec files
import { spawnSync } from 'node:child_process';

const days = Number(process.env.SHIFT_DAYS ?? '400');
if (!Number.isInteger(days)) {
  console.error('SHIFT_DAYS takes a whole number of days');
  process.exit(2);
}
const specs = process.argv.slice(2);
const files =
  specs.length > 0 ? specs : ['e2e/clock.spec.ts', 'e2e/visual.spec.ts', 'e2e/analytics.spec.ts', 'e2e/inbox.spec.ts'];

if (spawnSync('faketime', ['--help'], { stdio: 'ignore' }).error) {
  console.error('faketime is not installed: `apt-get install faketime` (Debian), as .ci/run does');
  process.exit(1);
}

const offset = `${days >= 0 ? '+' : ''}${days}d`;
console.log(`${files.join(' ')} with the date moved ${offset}`);
// Its own output folder: npm test runs it beside the other browser suites, and each
// Playwright run empties its output folder when it starts.
const output = ['--output', 'test-results/shifted-date'];
const result = spawnSync('faketime', ['-f', offset, 'node_modules/.bin/playwright', 'test', ...output, ...files], {
  stdio: 'inherit',
  // Only the wall clock moves: timers and timeouts keep the machine's monotonic clock. The
  // browser keeps the machine's clock (Chromium under libfaketime stops drawing pages) and its
  // pages' Date is moved by the same days instead (e2e/fixtures/test.ts).
  env: { ...process.env, FAKETIME_DONT_FAKE_MONOTONIC: '1', E2E_DATE_SHIFT_DAYS: String(days) },
});
process.exit(result.status ?? 1);
