// The command line: `stone-sinks-conformance <base-url> [flags]` (or
// `npm run conformance -- <base-url> [flags]`). Checks a server against
// openapi.yaml and asyncapi.yaml, operation by operation. See --help.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { toHtml } from './html-report';
import { toCoverageGrid, toHeader, toJunit, toOptional, toSummary, toTable } from './report';
import { describeRun, mockAllowances, runConformance } from './run';
import { FatalError } from './shared';

const HELP = `usage: stone-sinks-conformance <base-url> [flags]
       (from this repository: npx stone-sinks-conformance … or npm run conformance -- …)
  <base-url>            the server (or CONFORMANCE_URL), e.g. http://127.0.0.1:8080
  --write               also create/update/delete a product of its own, write settings back
                        unchanged, and send the negative cases of the write operations
  --reach-customers     with --write: change a real conversation's status (restored), send a WhatsApp
                        message to a real customer, run the follow-up check (sends follow-ups!) and
                        switch follow-ups off for one call (restored)
  --contract=FILE       check against this copy of openapi.yaml (default: the one the check was built with)
  --asyncapi=FILE       check the socket against this copy of asyncapi.yaml (default: the one it was built with)
  --socket-seconds=N    how long to listen on /ws (CONFORMANCE_SOCKET_SECONDS, default 3)
  --socket-url=URL      socket address if not <base-url>/ws (CONFORMANCE_SOCKET_URL)
  --mock                profile for the Prism mock: its known limits are reported as "allowed"
  --junit=FILE          JUnit XML (default .tmp/conformance/junit.xml)
  --json=FILE           JSON report with the coverage grid (default .tmp/conformance/report.json)
  --html=FILE           the report as one HTML page (default .tmp/conformance/report.html)
  --version             print the check's version and the contracts' versions and SHA-256
  Every report names the check's version and the contract file used, its info.version and SHA-256.
env: CONFORMANCE_USERNAME, CONFORMANCE_PASSWORD (a staff account on that server)
exit: 0 conforms and nothing was left not checked; 1 does not conform; 2 could not run
      (bad arguments, unreadable contract, server unreachable, sign-in gave no session)`;

function fail(message: string): never {
  console.error(`conformance: ${message} (--help lists the flags)`);
  process.exit(2);
}

const parsed = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
        write: { type: 'boolean' },
        'reach-customers': { type: 'boolean' },
        mock: { type: 'boolean' },
        contract: { type: 'string' },
        asyncapi: { type: 'string' },
        'socket-seconds': { type: 'string' },
        'socket-url': { type: 'string' },
        junit: { type: 'string' },
        json: { type: 'string' },
        html: { type: 'string' },
      },
    });
  } catch (e) {
    return fail((e as Error).message);
  }
})();
const { values: flags, positionals } = parsed;
if (flags.help) {
  console.log(HELP);
  process.exit(0);
}
if (flags.version) {
  try {
    console.log(toHeader({ meta: describeRun(flags.contract, flags.asyncapi) }));
    process.exit(0);
  } catch (e) {
    fail((e as Error).message);
  }
}
if (positionals.length > 1) fail(`one base URL, got ${positionals.join(' ')}`);
const baseUrl = positionals[0] ?? process.env.CONFORMANCE_URL;
if (!baseUrl) {
  console.error(HELP);
  process.exit(2);
}
if (!/^https?:\/\/[^/]/.test(baseUrl)) fail(`the base URL must start with http:// or https://, got ${baseUrl}`);
const socketSeconds = Number(flags['socket-seconds'] ?? process.env.CONFORMANCE_SOCKET_SECONDS ?? 3);
if (!Number.isFinite(socketSeconds) || socketSeconds < 0) fail('--socket-seconds must be a number of seconds');
const write = !!flags.write;
const reachCustomers = !!flags['reach-customers'];
if (reachCustomers && !write) fail('--reach-customers needs --write as well');
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
    socketSeconds,
    socketUrl: flags['socket-url'] ?? process.env.CONFORMANCE_SOCKET_URL,
    allow: flags.mock ? mockAllowances() : undefined,
    contractFile: flags.contract,
    asyncApiFile: flags.asyncapi,
  });
  const files = {
    JUnit: [flags.junit ?? '.tmp/conformance/junit.xml', toJunit(report)],
    JSON: [flags.json ?? '.tmp/conformance/report.json', JSON.stringify(report, null, 2)],
    HTML: [flags.html ?? '.tmp/conformance/report.html', toHtml(report)],
  } as const;
  for (const [file, text] of Object.values(files)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  console.log(
    [toHeader(report), toTable(report), toCoverageGrid(report), toOptional(report), toSummary(report)].join('\n\n'),
  );
  console.log(
    `\n${Object.entries(files)
      .map(([kind, [file]]) => `${`${kind}:`.padEnd(6)} ${file}`)
      .join('\n')}`,
  );
  process.exit(report.ok ? 0 : 1);
} catch (e) {
  // Exit 1 means "does not conform": anything that stopped the run is 2.
  if (e instanceof FatalError) console.error(`conformance: ${e.message}`);
  else console.error('conformance: the check itself failed:', e);
  process.exit(2);
}
