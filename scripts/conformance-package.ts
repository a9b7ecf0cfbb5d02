// Proof that the conformance check ships as a package a backend team installs
// in one line: builds it, packs it, installs the tarball into an empty folder
// with runtime packages only (from the npm registry), and checks that
//   the installed folder stays under 20 MB and the package holds no tests,
//   source maps or TypeScript sources;
//   `npx <tarball> --version` runs from an empty folder with only Node;
//   the installed bin passes the reference server in write mode (exit 0);
//   it fails the deliberately faulty server (exit 1), every seeded fault
//   named in the JSON report and in the HTML page;
//   each report carries the check's version and the contract's version and
//   SHA-256, and --contract names the copy it was given.
// `npm run test:conformance-package` (about a minute and a half).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFaultyServer } from '../conformance/fixtures/faulty-server';
import { startServerProcess } from '../server/test/processes';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packageDir = join(root, 'conformance');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
const MAX_INSTALLED_BYTES = 20 * 1024 * 1024;
const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'conformance-package-'));
const step = (what: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);

// npm and npx read package metadata from the local cache when it has them (the repository's own
// `npm ci` has just stored these packages) and ask the registry only for what is missing: the
// same packages, without a round trip per package, and no waiting on a registry that answers slowly.
const npmEnv = { ...process.env, npm_config_prefer_offline: 'true' };

function run(command: string, args: string[], cwd: string): string {
  const done = spawnSync(command, args, { cwd, encoding: 'utf8', env: npmEnv });
  if (done.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${done.status}:\n${done.stdout}\n${done.stderr}`);
  }
  return done.stdout;
}

/** The installed bin, with its exit code and output; the reports go to `out`. */
async function check(bin: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const child = spawn(bin, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const escHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

type Report = {
  ok: boolean;
  meta: {
    tool: { name: string; version: string };
    contract: { file: string; version: string; sha256: string };
    asyncapi: { file: string; version: string; sha256: string };
  };
  results: {
    operation: string;
    check: string;
    result: string;
    violations: { path: string; message: string }[];
  }[];
  coverage: { operations: { operationId: string; undocumented: number[] }[] };
};

/** The faults faulty-server.ts seeds, each as the row and the words the report must name it with. */
const SEEDED_FAULTS: { fault: string; operation: string; check: string; says: string }[] = [
  { fault: 'price sent as text', operation: 'GET /api/products', check: 'answer', says: 'body/0/startingPrice' },
  { fault: 'required field missing', operation: 'GET /api/products', check: 'answer', says: "'isActive'" },
  {
    fault: 'required field missing in the settings',
    operation: 'GET /api/follow-ups/settings',
    check: 'answer',
    says: 'followUpMessage',
  },
  { fault: 'enum value outside the contract', operation: 'GET /api/conversations', check: 'answer', says: 'allowed' },
  { fault: 'sign-in answer not a SessionUser', operation: 'POST /api/auth/login', check: 'answer', says: "'id'" },
  { fault: 'bad socket message', operation: 'SOCKET /ws notification', check: 'socket', says: 'message/data' },
  {
    fault: 'protected route open without a cookie',
    operation: 'GET /api/analytics/overview',
    check: 'no cookie',
    says: 'must be 401',
  },
  { fault: '401 body not an ErrorResponse', operation: 'GET /api/notifications', check: 'no cookie', says: 'body' },
  {
    fault: 'malformed id answered 404',
    operation: 'GET /api/products/{id}',
    check: 'malformed id',
    says: 'answered 404 to the malformed id "abc"; must be 400',
  },
  {
    fault: 'unknown id answered 200',
    operation: 'GET /api/conversations/{id}',
    check: 'unknown id',
    says: 'must be 404',
  },
  {
    fault: 'body that is not JSON accepted',
    operation: 'PATCH /api/follow-ups/settings',
    check: 'malformed body',
    says: 'answered 200 to a JSON body cut short; must be 400',
  },
  {
    fault: 'foreign Origin accepted',
    operation: 'PATCH /api/follow-ups/settings',
    check: 'foreign origin',
    says: 'must be 403',
  },
  { fault: 'page repeats an item', operation: 'GET /api/notifications', check: 'paging', says: 'on two pages' },
  {
    fault: 'X-Total-Count one too many',
    operation: 'GET /api/notifications',
    check: 'paging',
    says: 'says 6; the whole list holds 5',
  },
  {
    fault: 'cursor cut short accepted',
    operation: 'GET /api/notifications',
    check: 'invalid query',
    says: 'a cursor cut to half its length; must be 400',
  },
  {
    fault: "another list's cursor accepted",
    operation: 'GET /api/notifications/unread',
    check: 'invalid query',
    says: 'a cursor given out for GET /api/conversations/{id}/messages; must be 400',
  },
  { fault: 'limit=0 accepted', operation: 'GET /api/notifications', check: 'invalid query', says: 'limit=0' },
  {
    fault: 'If-None-Match answered 200',
    operation: 'GET /api/notifications',
    check: 'not modified',
    says: 'must be 304',
  },
  {
    fault: 'message pages from the oldest forward',
    operation: 'GET /api/conversations/{id}/messages',
    check: 'paging',
    says: 'page 1 is not the 200 newest messages',
  },
  {
    fault: 'image part without a filename dropped',
    operation: 'POST /api/products',
    check: 'multipart form',
    says: 'the PNG sent without a filename was not taken',
  },
  {
    fault: 'import form refusing other text parts',
    operation: 'POST /api/products/import',
    check: 'multipart form',
    says: 'answered 422 to the CSV file with 4 other text parts; must be 200',
  },
  {
    fault: 'isActive sent empty accepted',
    operation: 'PATCH /api/products/{id}',
    check: 'multipart form',
    says: 'changed though the update was refused',
  },
];

function assertMeta(report: Report, stdout: string, junit: string, contractFile: string) {
  assert.equal(report.meta.tool.name, manifest.name);
  assert.equal(report.meta.tool.version, manifest.version);
  assert.equal(report.meta.contract.sha256, sha256(contractFile));
  assert.equal(report.meta.asyncapi.sha256, sha256(join(root, 'asyncapi.yaml')));
  assert.ok(
    stdout.startsWith(`${manifest.name} ${manifest.version} checking`),
    `the console text starts with the check's version:\n${stdout.slice(0, 300)}`,
  );
  assert.ok(stdout.includes(report.meta.contract.sha256), 'the console text names the contract SHA-256');
  assert.ok(junit.includes(`<property name="tool.version" value="${manifest.version}"/>`), 'JUnit: tool.version');
  assert.ok(
    junit.includes(`<property name="contract.sha256" value="${report.meta.contract.sha256}"/>`),
    'JUnit: contract.sha256',
  );
  assert.ok(junit.includes(`<property name="contract.version" value="${report.meta.contract.version}"/>`));
}

try {
  step('build and pack');
  run('npm', ['run', '--silent', 'build:conformance'], root);
  const packed = JSON.parse(
    run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], packageDir),
  ) as { filename: string; files: { path: string }[] }[];
  const tarball = join(work, packed[0].filename);
  assert.equal(packed[0].filename, `${manifest.name}-${manifest.version}.tgz`);
  assert.deepEqual(packed[0].files.map((f) => f.path).sort(), [
    'dist/asyncapi.yaml',
    'dist/cli.js',
    'dist/openapi.yaml',
    'package.json',
  ]);

  step('install the tarball into an empty folder (runtime packages only)');
  const consumer = join(work, 'consumer');
  mkdirSync(consumer);
  run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', tarball], consumer);
  const installed = walk(join(consumer, 'node_modules'));
  const bytes = installed.reduce((n, f) => n + statSync(f).size, 0);
  console.log(`  installed: ${installed.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  assert.ok(bytes < MAX_INSTALLED_BYTES, `installed size ${bytes} bytes is over 20 MB`);
  const own = join(consumer, 'node_modules', manifest.name);
  const unwanted = walk(own)
    .map((f) => relative(own, f))
    .filter((f) => /(^|\/)__tests__\/|\.test\.|\.spec\.|\.map$|\.tsx?$/.test(f));
  assert.deepEqual(unwanted, [], 'the package holds no tests, source maps or TypeScript');
  const bin = join(consumer, 'node_modules', '.bin', manifest.name);
  assert.ok(existsSync(bin), 'the bin is installed');

  step('npx <tarball> --version from an empty folder');
  const bare = join(work, 'bare');
  mkdirSync(bare);
  copyFileSync(tarball, join(bare, packed[0].filename));
  const version = run('npx', ['--yes', `./${packed[0].filename}`, '--version'], bare);
  assert.ok(version.startsWith(`${manifest.name} ${manifest.version}\n`), version);
  assert.ok(version.includes(sha256(join(root, 'openapi.yaml'))), version);

  step('--contract names the copy it was given');
  const copy = join(work, 'openapi-copy.yaml');
  writeFileSync(
    copy,
    readFileSync(join(root, 'openapi.yaml'), 'utf8').replace(/^(info:\n(?: {2}.*\n)*? {2}version: ).*$/m, '$19.9.9'),
  );
  const other = await check(bin, ['--version', `--contract=${copy}`], consumer);
  assert.equal(other.code, 0, other.stderr);
  assert.ok(other.stdout.includes(`openapi.yaml  version 9.9.9, sha256 ${sha256(copy)}\n  ${copy}`), other.stdout);

  step('the installed bin against the reference server, write mode');
  const dataDir = join(work, 'data');
  const admin = { CONFORMANCE_USERNAME: 'conformance', CONFORMANCE_PASSWORD: 'conformance-check-password' };
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: admin.CONFORMANCE_USERNAME,
    ADMIN_PASSWORD: admin.CONFORMANCE_PASSWORD,
    DEMO_SEED: 'true',
  });
  try {
    const reference = await check(bin, [server.url, '--write', '--socket-seconds=1'], consumer, admin);
    const report = JSON.parse(readFileSync(join(consumer, '.tmp/conformance/report.json'), 'utf8')) as Report;
    const failed = report.results.filter((r) => r.result === 'fail' || r.result === 'not checked');
    assert.equal(reference.code, 0, `exit ${reference.code}:\n${JSON.stringify(failed, null, 2)}\n${reference.stderr}`);
    assert.equal(report.ok, true);
    assertMeta(
      report,
      reference.stdout,
      readFileSync(join(consumer, '.tmp/conformance/junit.xml'), 'utf8'),
      join(root, 'openapi.yaml'),
    );
    assert.ok(existsSync(join(consumer, '.tmp/conformance/report.html')), 'the HTML report is written');
    console.log(`  ${/^CONFORMS.*$/m.exec(reference.stdout)?.[0]}`);
  } finally {
    await server.stop();
  }

  step('the installed bin against the faulty server, write mode');
  const faulty = await startFaultyServer();
  try {
    const out = join(work, 'faulty');
    const files = ['report.json', 'junit.xml', 'report.html'].map((f) => join(out, f));
    const result = await check(
      bin,
      [
        faulty.url,
        '--write',
        '--socket-seconds=0.5',
        `--json=${files[0]}`,
        `--junit=${files[1]}`,
        `--html=${files[2]}`,
      ],
      consumer,
      { CONFORMANCE_USERNAME: 'admin', CONFORMANCE_PASSWORD: 'x' },
    );
    assert.equal(result.code, 1, `exit ${result.code}: ${result.stderr}`);
    const report = JSON.parse(readFileSync(files[0], 'utf8')) as Report;
    assert.equal(report.ok, false);
    assertMeta(report, result.stdout, readFileSync(files[1], 'utf8'), join(root, 'openapi.yaml'));
    const html = readFileSync(files[2], 'utf8');
    const unnamed: string[] = [];
    for (const f of SEEDED_FAULTS) {
      const row = report.results.find(
        (r) =>
          r.result === 'fail' &&
          r.operation === f.operation &&
          r.check === f.check &&
          r.violations.some((v) => `${v.path}: ${v.message}`.includes(f.says)),
      );
      if (!row) unnamed.push(`JSON: ${f.fault} (${f.operation} [${f.check}] "${f.says}")`);
      if (!html.includes(escHtml(f.operation)) || !html.includes(escHtml(f.says)))
        unnamed.push(`HTML: ${f.fault} (${f.operation} "${f.says}")`);
    }
    const exportRow = report.coverage.operations.find((o) => o.operationId === 'exportProducts');
    if (!exportRow?.undocumented.includes(404)) unnamed.push('JSON: undocumented 404 of GET /api/products/export');
    assert.deepEqual(unnamed, [], 'every seeded fault is named');
    console.log(`  ${SEEDED_FAULTS.length + 1} seeded faults named in the JSON report and the HTML page`);
  } finally {
    await faulty.close();
  }
  step('the conformance package works as installed');
} finally {
  rmSync(work, { recursive: true, force: true });
}
