// Proof that the conformance check names seeded faults (every violation of an
// answer, the refusals it provokes, a session cookie under another name),
// fills the coverage grid, stays read-only by default and, with --write but
// without --reach-customers, sends nothing a customer could receive.
// Run by `npm run test:conformance` through node's test runner (tsx --test).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ASYNCAPI_FILE, CONTRACT_FILE, loadAsyncApiDocument, loadOpenApi } from '../../common/contract';
import { startFaultyServer } from '../fixtures/faulty-server';
import tool from '../package.json' with { type: 'json' };
import { toCoverageGrid, toHeader, toJunit, toOptional, toTable } from '../report';
import { describeRun, runConformance, type Report } from '../run';

type Faulty = Awaited<ReturnType<typeof startFaultyServer>>;

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const contractVersion = String(loadOpenApi().info?.version);
const asyncApiVersion = String((loadAsyncApiDocument().info as { version?: unknown } | undefined)?.version);

const failsOf = (report: Report) => (operation: string, check?: string) =>
  report.results
    .filter((r) => r.result === 'fail' && r.operation === operation && (check === undefined || r.check === check))
    .flatMap((r) => r.violations.map((v) => `${r.check} ${v.path}: ${v.message}`));

describe('read-only run against the faulty server', () => {
  let server: Faulty;
  let report: Report;
  let fails: ReturnType<typeof failsOf>;
  before(async () => {
    server = await startFaultyServer();
    report = await runConformance({ baseUrl: server.url, username: 'admin', password: 'x', socketSeconds: 0.5 });
    fails = failsOf(report);
  });
  after(() => server.close());

  test('does not conform', () => assert.equal(report.ok, false));
  test('names the price sent as text', () =>
    assert.ok(fails('GET /api/products').some((v) => v.includes('body/0/startingPrice'))));
  test('names the missing required field', () =>
    assert.ok(fails('GET /api/follow-ups/settings').some((v) => v.includes('followUpMessage'))));
  test('names the enum value outside the contract', () =>
    assert.ok(fails('GET /api/conversations').some((v) => v.includes('body/0/status') && v.includes('allowed'))));
  test('names the protected route open without a cookie', () =>
    assert.ok(fails('GET /api/analytics/overview').some((v) => v.startsWith('no cookie status'))));
  test('names the non-conforming sign-in answer and goes on', () => {
    assert.ok(fails('POST /api/auth/login').some((v) => v.includes("required property 'id'")));
    assert.ok(report.results.some((r) => r.operation === 'GET /api/products/{id}' && r.status === 404));
  });
  test('names the bad socket message', () =>
    assert.ok(fails('SOCKET /ws notification').some((v) => v.includes('message/data'))));

  describe('every violation of an answer is listed, worst first', () => {
    const products = () => report.results.find((r) => r.operation === 'GET /api/products' && r.check === 'answer')!;
    test('the missing field and the price as text are both in the result, the missing field first', () => {
      const paths = products().violations.map((v) => `${v.path} ${v.keyword}`);
      const missing = paths.findIndex((p) => p === 'body/0 required');
      const text = paths.findIndex((p) => p === 'body/0/startingPrice type');
      assert.ok(missing >= 0 && text >= 0, paths.join('; '));
      assert.ok(missing < text, paths.join('; '));
    });
    test('the table lists each under the row', () => {
      const lines = toTable(report).split('\n');
      const row = lines.findIndex((l) => l.startsWith('GET /api/products ') && l.includes('fail (200)'));
      assert.match(lines[row], /\d+ violations/);
      const below = lines.slice(row + 1, row + 1 + products().violations.length);
      assert.ok(
        below.every((l) => l.startsWith('      - ')),
        below.join('\n'),
      );
      assert.ok(below.some((l) => l.includes("required property 'isActive'")));
      assert.ok(below.some((l) => l.includes('body/0/startingPrice')));
    });
    test('the JUnit failure carries all of them and names the worst', () => {
      const junit = toJunit(report);
      const start = junit.indexOf('name="GET /api/products [answer]"');
      const testcase = junit.slice(start, junit.indexOf('</testcase>', start));
      assert.match(testcase, /failure message="\d+ violations; worst: body\/0: must have required property 'isActive'/);
      assert.ok(testcase.includes('body/0/startingPrice'));
    });
    test('the JSON report carries all of them', () => {
      const parsed = JSON.parse(JSON.stringify(report)) as Report;
      const violations = parsed.results.find(
        (r) => r.operation === 'GET /api/products' && r.check === 'answer',
      )!.violations;
      assert.ok(violations.some((v) => v.path === 'body/0/startingPrice'));
      assert.ok(violations.some((v) => v.message.includes("'isActive'")));
    });
  });

  describe('negative cases (read-only: GETs only)', () => {
    test('a malformed id answered 404 is named', () =>
      assert.ok(
        fails('GET /api/products/{id}', 'malformed id').some((v) =>
          v.includes('answered 404 to the malformed id "abc"; must be 400'),
        ),
      ));
    test('an id nothing has, answered 200, is named', () =>
      assert.ok(
        fails('GET /api/conversations/{id}', 'unknown id').some(
          (v) => v.includes('answered 200') && v.includes('must be 404'),
        ),
      ));
    test('a query parameter outside its schema that is not refused is named', () =>
      assert.ok(fails('GET /api/conversations/search', 'invalid query').some((v) => v.includes('must be 422'))));
    test('a 401 whose body is no ErrorResponse is named, though its status is right', () => {
      const r = report.results.find((x) => x.operation === 'GET /api/notifications' && x.check === 'no cookie')!;
      assert.equal(r.status, 401);
      assert.equal(r.result, 'fail');
      assert.ok(r.violations.some((v) => v.path.startsWith('body')));
    });
    test('the write cases are listed as needing --write', () =>
      assert.ok(
        report.results.some(
          (r) =>
            r.operation === 'PATCH /api/follow-ups/settings' &&
            r.check === 'negative cases' &&
            r.result === 'skipped' &&
            /only with --write/.test(r.reason!),
        ),
      ));
  });

  describe('paging, conditional requests and the summary', () => {
    const paging = (operation: string) =>
      report.results.find((r) => r.operation === operation && r.check === 'paging')!;
    test('a page that repeats an item is named', () =>
      assert.ok(fails('GET /api/notifications', 'paging').some((v) => v.includes('on two pages'))));
    test('an X-Total-Count that is not the number of items is named', () =>
      assert.ok(
        fails('GET /api/notifications', 'paging').some(
          (v) => v.includes('X-Total-Count') && v.includes('says 6; the whole list holds 5'),
        ),
      ));
    test('a cursor cut short, accepted, is named', () =>
      assert.ok(
        fails('GET /api/notifications', 'invalid query').some((v) =>
          v.includes('answered 200 to a cursor cut to half its length; must be 400'),
        ),
      ));
    test("another list's cursor, accepted, is named", () =>
      assert.ok(
        fails('GET /api/notifications/unread', 'invalid query').some((v) =>
          v.includes('answered 200 to a cursor given out for GET /api/notifications; must be 400'),
        ),
      ));
    test('a limit outside 1..200, accepted, is named', () => {
      assert.ok(fails('GET /api/notifications', 'invalid query').some((v) => v.includes('answered 200 to limit=0')));
      assert.ok(fails('GET /api/notifications', 'invalid query').some((v) => v.includes('answered 200 to limit=201')));
    });
    test('an If-None-Match with its own ETag answered 200 is named', () =>
      assert.ok(fails('GET /api/notifications', 'not modified').some((v) => v.includes('must be 304'))));
    test('a list that ignores paging is "not offered", not a failure', () => {
      const r = paging('GET /api/products');
      assert.equal(r.result, 'skipped');
      assert.match(r.reason!, /^paging not offered on this list: limit=2 answered the whole list \(3 items, no Link\)/);
      assert.deepEqual(
        report.results.filter((x) => x.operation === 'GET /api/products' && x.check === 'invalid query'),
        [],
      );
      assert.match(
        report.results.find((x) => x.operation === 'GET /api/products' && x.check === 'not modified')!.reason!,
        /conditional requests not offered/,
      );
    });
    test('the optional parts are summed up: where paging and ETags were seen, and the summary absent', () => {
      const optional = toOptional(report);
      assert.match(optional, /paging: seen on 1 of 6 lists; not offered on GET \/api\/products$/m);
      assert.match(optional, /conditional requests \(ETag, 304\): on 1 of \d+ calls; no ETag on \d+$/m);
      assert.match(optional, /GET \/api\/summary: not offered \(404\)$/m);
    });
    test('an absent GET /api/summary is "not offered", not a failure', () => {
      const summary = report.results.filter((r) => r.operation === 'GET /api/summary');
      assert.ok(summary.length > 0);
      assert.ok(
        summary.every((r) => r.result === 'skipped' && /not offered/.test(r.reason!)),
        JSON.stringify(summary),
      );
    });
  });

  test('read-only: no write request reaches the server', () => {
    const writes = server.requests.filter(
      (r) => !r.startsWith('GET ') && r !== 'POST /api/auth/login' && r !== 'POST /api/auth/logout',
    );
    assert.deepEqual(writes, []);
  });

  describe('every report names the check and the contract it checked against', () => {
    test("the JSON: the check's version, each contract's file, info.version and SHA-256", () => {
      assert.deepEqual(report.meta.tool, { name: 'stone-sinks-conformance', version: tool.version });
      assert.deepEqual(report.meta.contract, {
        file: CONTRACT_FILE,
        version: contractVersion,
        sha256: sha256(CONTRACT_FILE),
      });
      assert.deepEqual(report.meta.asyncapi, {
        file: ASYNCAPI_FILE,
        version: asyncApiVersion,
        sha256: sha256(ASYNCAPI_FILE),
      });
    });
    test('the console text starts with them', () => {
      const header = toHeader(report).split('\n');
      assert.equal(header[0], `stone-sinks-conformance ${tool.version} checking ${server.url} (read-only)`);
      assert.equal(header[1], `openapi.yaml  version ${contractVersion}, sha256 ${sha256(CONTRACT_FILE)}`);
      assert.equal(header[2], `  ${CONTRACT_FILE}`);
    });
    test('the JUnit carries them as properties of the suite', () => {
      const junit = toJunit(report);
      assert.ok(junit.includes(`<property name="tool.version" value="${tool.version}"/>`));
      assert.ok(junit.includes(`<property name="contract.sha256" value="${sha256(CONTRACT_FILE)}"/>`));
      assert.ok(junit.includes(`<property name="asyncapi.version" value="${asyncApiVersion}"/>`));
      assert.ok(junit.indexOf('<properties>') < junit.indexOf('<testcase'));
    });
  });

  describe('coverage grid', () => {
    const row = (id: string) => report.coverage.operations.find((o) => o.operationId === id)!;
    test('marks each documented status seen and checked, seen with violations, or not seen', () => {
      assert.equal(row('listProducts').statuses['200'], 'violations');
      assert.equal(row('listProducts').statuses['401'], 'checked');
      assert.equal(row('listProducts').statuses['500'], 'not seen');
      assert.equal(row('getProduct').statuses['404'], 'violations');
    });
    test('lists statuses the contract does not document', () =>
      assert.deepEqual(row('exportProducts').undocumented, [404]));
    test('is printed with one line per operation and a tally', () => {
      const grid = toCoverageGrid(report);
      // 200 x, 304 and 400 not offered (no ETag, no paging), 401 ok, 422 and 500 not seen.
      assert.match(grid, /^GET \/api\/products +x +- +- +ok +\. +\.$/m);
      assert.match(grid, /^GET \/api\/summary +- +- +- +-$/m);
      assert.match(grid, /^GET \/api\/products\/export .* 404$/m);
      assert.match(
        grid,
        /\d+ of \d+ documented statuses seen \(2xx \d+\/\d+, 3xx \d+\/\d+, 4xx \d+\/\d+, 5xx 0\/\d+\); 5xx are never provoked; \d+ not offered by this server/,
      );
    });
  });
});

describe('write run (without --reach-customers) against the faulty server', () => {
  let server: Faulty;
  let report: Report;
  let fails: ReturnType<typeof failsOf>;
  before(async () => {
    server = await startFaultyServer();
    report = await runConformance({
      baseUrl: server.url,
      username: 'admin',
      password: 'x',
      write: true,
      socketSeconds: 0.2,
    });
    fails = failsOf(report);
  });
  after(() => server.close());

  test('a body that is not JSON, accepted, is named', () =>
    assert.ok(
      fails('PATCH /api/follow-ups/settings', 'malformed body').some((v) =>
        v.includes('answered 200 to a JSON body cut short; must be 400'),
      ),
    ));
  test('a foreign Origin, accepted, is named', () =>
    assert.ok(
      fails('PATCH /api/follow-ups/settings', 'foreign origin').some((v) =>
        v.includes('answered 200 to Origin https://conformance-check.invalid; must be 403'),
      ),
    ));
  test('the foreign Origin was sent on state-changing calls only', () => {
    assert.ok(server.origins.length > 0);
    assert.ok(
      server.origins.every((o) => !o.startsWith('GET ')),
      server.origins.join('\n'),
    );
  });
  test('nothing a customer could receive was sent', () => {
    const reaching = server.requests.filter(
      (r) =>
        r === 'POST /api/follow-ups/check' ||
        (/^(POST \/api\/conversations\/\d+\/messages|PATCH \/api\/conversations\/\d+)$/.test(r) &&
          !r.includes('2147483647')),
    );
    assert.deepEqual(reaching, []);
  });
  test('the cases aimed at an id nothing has are skipped when that id was not seen to be free', () =>
    assert.ok(
      report.results.some(
        (r) => r.operation === 'PATCH /api/conversations/{id}' && r.check === 'unknown id' && r.result === 'skipped',
      ),
    ));
});

describe('a session cookie under another name', () => {
  let server: Faulty;
  let report: Report;
  before(async () => {
    server = await startFaultyServer({ sessionCookie: 'session' });
    report = await runConformance({ baseUrl: server.url, username: 'admin', password: 'x', socketSeconds: 0.2 });
  });
  after(() => server.close());

  test('is a violation of sign-in, named as such', () => {
    const login = report.results.find((r) => r.operation === 'POST /api/auth/login' && r.check === 'answer')!;
    assert.equal(login.result, 'fail');
    assert.ok(
      login.violations.some((v) => v.message === 'sign-in set cookie(s) named session; the contract names sid'),
    );
  });
  test('the run goes on with the cookie it got', () => {
    const products = report.results.find((r) => r.operation === 'GET /api/products' && r.check === 'answer')!;
    assert.equal(products.status, 200);
    assert.ok(
      report.results.some(
        (r) => r.operation === 'GET /api/products' && r.check === 'made-up cookie' && r.result === 'pass',
      ),
    );
  });
});

test('an unreachable server stops with a clear message', async () => {
  await assert.rejects(
    runConformance({ baseUrl: 'http://127.0.0.1:1', username: 'a', password: 'b', socketSeconds: 0 }),
    /cannot reach/,
  );
});

describe('another copy of the contract', () => {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-contract-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('is named in the report: its path, its info.version and its SHA-256', () => {
    const copy = join(dir, 'openapi.yaml');
    writeFileSync(copy, readFileSync(CONTRACT_FILE, 'utf8').replace(/^( {2}version: ).*$/m, '$12.0.0-rc.1'));
    const meta = describeRun(copy);
    assert.deepEqual(meta.contract, { file: copy, version: '2.0.0-rc.1', sha256: sha256(copy) });
    assert.equal(meta.asyncapi.file, ASYNCAPI_FILE);
  });
  test('that cannot be read stops the run with a clear message', async () => {
    await assert.rejects(
      runConformance({
        baseUrl: 'http://127.0.0.1:1',
        username: 'a',
        password: 'b',
        contractFile: join(dir, 'missing.yaml'),
      }),
      /cannot read the contract .*missing\.yaml/,
    );
  });
});
