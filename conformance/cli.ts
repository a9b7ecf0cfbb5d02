// The command line: `stone-sinks-conformance <base-url> [flags]` (or
// `npm run conformance -- <base-url> [flags]`). Checks a server against
// openapi.yaml and asyncapi.yaml, operation by operation. See --help.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { toCoverageGrid, toJunit, toOptional, toSummary, toTable } from './report';
import { FatalError, mockAllowances, runConformance } from './run';

const HELP = `usage: stone-sinks-conformance <base-url> [flags]
       (from this repository: npx stone-sinks-conformance … or npm run conformance -- …)
  <base-url>            the server (or CONFORMANCE_URL), e.g. http://127.0.0.1:8080
  --write               also create/update/delete a product of its own, write settings back
                        unchanged, and send the negative cases of the write operations
  --reach-customers     with --write: change a real conversation's status (restored), send a WhatsApp
                        message to a real customer, run the follow-up check (sends follow-ups!) and
                        switch follow-ups off for one call (restored)
  --socket-seconds=N    how long to listen on /ws (CONFORMANCE_SOCKET_SECONDS, default 3)
  --socket-url=URL      socket address if not <base-url>/ws (CONFORMANCE_SOCKET_URL)
  --mock                profile for the Prism mock: its known limits are reported as "allowed"
  --junit=FILE          JUnit XML (default .tmp/conformance/junit.xml)
  --json=FILE           JSON report with the coverage grid (default .tmp/conformance/report.json)
env: CONFORMANCE_USERNAME, CONFORMANCE_PASSWORD (a staff account on that server)
exit: 0 conforms and nothing was left not checked; 1 does not conform; 2 could not run
      (bad arguments, server unreachable, sign-in gave no session)`;

const args = process.argv.slice(2);
const flag = (name: string) =>
  args
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');
if (args.includes('--help') || args.includes('-h')) {
  console.log(HELP);
  process.exit(0);
}
const baseUrl = args.find((a) => !a.startsWith('-')) ?? process.env.CONFORMANCE_URL;
if (!baseUrl) {
  console.error(HELP);
  process.exit(2);
}
const write = args.includes('--write');
const reachCustomers = args.includes('--reach-customers');
if (reachCustomers && !write) {
  console.error('--reach-customers needs --write as well');
  process.exit(2);
}
if (reachCustomers) {
  console.warn(
    "WARNING --reach-customers: this run sends a WhatsApp message to a real customer, runs the follow-up check (follow-up messages go out), changes a real conversation's status and switches follow-ups off for one call (both set back afterwards).",
  );
}
try {
  const report = await runConformance({
    baseUrl,
    username: process.env.CONFORMANCE_USERNAME ?? 'admin',
    password: process.env.CONFORMANCE_PASSWORD ?? '',
    write,
    reachCustomers,
    socketSeconds: Number(flag('socket-seconds') ?? process.env.CONFORMANCE_SOCKET_SECONDS ?? 3),
    socketUrl: flag('socket-url') ?? process.env.CONFORMANCE_SOCKET_URL,
    allow: args.includes('--mock') ? mockAllowances() : undefined,
  });
  const junit = flag('junit') ?? '.tmp/conformance/junit.xml';
  const json = flag('json') ?? '.tmp/conformance/report.json';
  for (const [file, text] of [
    [junit, toJunit(report)],
    [json, JSON.stringify(report, null, 2)],
  ] as const) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  console.log(`${toTable(report)}\n\n${toCoverageGrid(report)}\n\n${toOptional(report)}\n\n${toSummary(report)}`);
  console.log(`\nJUnit: ${junit}\nJSON:  ${json}`);
  process.exit(report.ok ? 0 : 1);
} catch (e) {
  if (e instanceof FatalError) {
    console.error(`conformance: ${e.message}`);
    process.exit(2);
  }
  throw e;
}
