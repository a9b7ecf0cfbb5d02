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
  test('a violation shows the value found, and its result the request that provoked it, the session redacted', () => {
    const products = report.results.find((r) => r.operation === 'GET /api/products' && r.check === 'answer')!;
    const price = products.violations.find((v) => v.path === 'body/0/startingPrice')!;
    assert.match(price.got ?? '', /^"/, 'the price sent as text is shown as the text it was');
    assert.equal(products.request?.method, 'GET');
    assert.match(products.request?.path ?? '', /^\/api\/products/);
    const signIn = report.results.find((r) => r.operation === 'POST /api/auth/login')!;
    assert.match(signIn.request?.body ?? '', /"password":"<redacted>"/);
    const everything = JSON.stringify(report.results.map((r) => r.request));
    assert.ok(!/sid=[^<;"]/.test(everything), 'no session cookie value in any recorded request');
    assert.ok(report.startedAt <= report.finishedAt);
  });

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
    test('an id past its maximum (2^31), answered 200, is named', () =>
      assert.ok(
        fails('GET /api/conversations/{id}', 'out of range').some((v) =>
          v.includes(
            'answered 200 to id = 2147483648 (its maximum + 1, 2^31); must be a 4xx the contract documents (400, 404, 422)',
          ),
        ),
      ));
    test('a query integer past its maximum is sent as maximum + 1 and as 2^31', () =>
      assert.deepEqual(
        report.results
          .filter((r) => r.operation === 'GET /api/analytics/timeline' && r.check === 'out of range')
          .map((r) => r.detail),
        ['days = 366 (its maximum + 1)', 'days = 2147483648 (2^31)'],
      ));
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
          v.includes('answered 200 to a cursor given out for GET /api/conversations/{id}/messages; must be 400'),
        ),
      ));
    test('a limit outside 1..200, accepted, is named', () => {
      assert.ok(fails('GET /api/notifications', 'invalid query').some((v) => v.includes('answered 200 to limit=0')));
      assert.ok(fails('GET /api/notifications', 'invalid query').some((v) => v.includes('answered 200 to limit=201')));
    });
    test('message pages that run from the oldest forward are named, page by page', () => {
      const named = fails('GET /api/conversations/{id}/messages', 'paging');
      assert.ok(
        named.some((v) => v.includes('page 1 is not the 200 newest messages: it holds 200 messages, 1 to 200')),
        named.join('\n'),
      );
      assert.ok(
        named.some((v) => v.includes('page 2 is not the 200 messages before page 1')),
        named.join('\n'),
      );
      assert.ok(named.some((v) => /\d+ more page\(s\) do not hold the messages the contract orders/.test(v)));
    });
    test('a whole list of more than 5,000 messages, oldest first, is not flagged', () => {
      const rows = report.results.filter(
        (r) => r.operation === 'GET /api/conversations/{id}/messages' && (r.check === 'answer' || r.check === 'order'),
      );
      assert.deepEqual(
        rows.map((r) => [r.check, r.result]),
        [
          ['answer', 'pass'],
          ['order', 'pass'],
        ],
      );
      assert.match(rows[1].detail!, /: 5001 messages$/);
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
      assert.match(optional, /paging: seen on 2 of 9 lists; not offered on GET \/api\/products$/m);
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
  describe('the product forms, as the contract states them exactly', () => {
    test('an image part without a filename, dropped, is named on create and on update', () => {
      for (const operation of ['POST /api/products', 'PATCH /api/products/{id}'])
        assert.ok(
          fails(operation, 'multipart form').some(
            (v) => v.includes('body/productImageUrl') && v.includes('the PNG sent without a filename was not taken'),
          ),
          `${operation}: ${fails(operation).join('\n')}`,
        );
    });
    test('an import form that refuses other text parts is named; past the part limit, its 422 conforms', () => {
      assert.ok(
        fails('POST /api/products/import', 'multipart form').some((v) =>
          v.includes('answered 422 to the CSV file with 4 other text parts; must be 200'),
        ),
      );
      const limit = report.results.find(
        (r) => r.operation === 'POST /api/products/import' && r.detail === '21 parts (the file and 20 text parts)',
      )!;
      assert.equal(limit.result, 'pass', JSON.stringify(limit));
      assert.equal(limit.status, 422);
    });
    test('isActive sent empty, accepted, is named: on create, and on update with what it changed', () => {
      assert.ok(
        fails('POST /api/products', 'multipart form').some((v) =>
          v.includes('answered 201 to isActive sent empty; must be 422'),
        ),
      );
      const update = fails('PATCH /api/products/{id}', 'multipart form');
      assert.ok(
        update.some((v) => v.includes('answered 200 to isActive sent empty (with a new description); must be 422')),
      );
      assert.ok(update.some((v) => v.includes('changed though the update was refused: description')));
    });
    test('each case is its own row and carries the request it sent; a text-only form is shown as sent', () => {
      const rows = report.results.filter((r) => r.check === 'multipart form');
      assert.equal(rows.length, 6);
      assert.ok(rows.every((r) => r.request?.path.startsWith('/api/products')));
      const empty = rows.find((r) => r.operation === 'POST /api/products' && r.detail === 'isActive sent empty')!;
      assert.match(empty.request?.body ?? '', /name="isActive"\r\n\r\n\r\n--/);
      assert.match(empty.request?.headers?.cookie ?? '', /redacted/);
    });
    test('nothing the check created is left', () => assert.deepEqual(server.products(), []));
    test('the coverage grid counts the cases', () => {
      const row = report.coverage.operations.find((o) => o.operationId === 'importProducts')!;
      assert.equal(row.statuses['200'], 'checked');
      assert.equal(row.statuses['422'], 'violations');
    });
  });
});

describe('chatbot settings (beyond the spec)', () => {
  test('a server without them (404): none of their calls is checked, even with --write', async () => {
    const server = await startFaultyServer();
    try {
      const report = await runConformance({
        baseUrl: server.url,
        username: 'admin',
        password: 'x',
        write: true,
        socketSeconds: 0.2,
      });
      const rows = report.results.filter(
        (r) => r.operationId === 'getBotSettings' || r.operationId === 'updateBotSettings',
      );
      assert.ok(rows.length > 0);
      assert.ok(
        rows.every((r) => r.result === 'skipped' && /not offered/.test(r.reason!)),
        JSON.stringify(rows, null, 2),
      );
      assert.ok(!server.requests.includes('PUT /api/bot/settings'));
    } finally {
      await server.close();
    }
  });

  describe('offered, saving a day that closes before it opens', () => {
    let server: Faulty;
    let report: Report;
    let fails: ReturnType<typeof failsOf>;
    before(async () => {
      server = await startFaultyServer({ bot: 'takes-any-hours' });
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
    const rows = (operation: string, check: string) =>
      report.results.filter((r) => r.operation === operation && r.check === check);

    test('the settings are read and written back unchanged, and both answers conform', () => {
      assert.ok(rows('GET /api/bot/settings', 'answer').every((r) => r.result === 'pass'));
      const put = rows('PUT /api/bot/settings', 'answer');
      assert.equal(put.length, 1);
      assert.equal(put[0].result, 'pass', JSON.stringify(put[0]));
      assert.equal(put[0].status, 200);
      // The first PUT the server got is the round trip: what it answered to the GET.
      assert.deepEqual(server.botSettings().puts[0], server.botSettings().initial);
    });
    test('the day closing before it opens, accepted, is named', () =>
      assert.ok(
        fails('PUT /api/bot/settings', 'closes before opening').some((v) =>
          v.includes('answered 200 to monday open from 18:00 to 08:00; must be 400'),
        ),
        fails('PUT /api/bot/settings').join('\n'),
      ));
    test('and the settings it took are written back: the server holds what it held', () =>
      assert.deepEqual(server.botSettings().now, server.botSettings().initial));
    test('a product id past 2147483647 answered 500 is named, the field and the value', () => {
      const named = fails('PUT /api/bot/settings', 'out of range');
      assert.ok(
        named.some((v) =>
          v.includes(
            'answered 500 to bargaining.productLimits[].productId = 2147483648 (its maximum + 1, 2^31); must be a 4xx the contract documents',
          ),
        ),
        named.join('\n'),
      );
      // Sent as the server's own settings with one product limit added.
      const sent = server.botSettings().puts.find((put) => JSON.stringify(put).includes('"productId":2147483648')) as {
        bargaining: { productLimits: unknown[] };
      };
      assert.deepEqual(sent.bargaining.productLimits, [
        ...server.botSettings().initial.bargaining.productLimits,
        { productId: 2147483648, lowestPrice: 0 },
      ]);
    });
    test('the other integers past their maximum, taken, are named too, each as maximum + 1 and 2^31', () => {
      const taken = rows('PUT /api/bot/settings', 'out of range').filter((r) => r.status === 200);
      assert.deepEqual(
        taken.map((r) => r.detail),
        [
          'bargaining.maxRounds = 11 (its maximum + 1)',
          'bargaining.maxRounds = 2147483648 (2^31)',
          'bargaining.lowestPricePercent = 101 (its maximum + 1)',
          'bargaining.lowestPricePercent = 2147483648 (2^31)',
        ],
      );
      assert.ok(taken.every((r) => r.result === 'fail'));
    });
    test('the body cases conform: broken JSON 400, another media type and wrong types 422, a foreign Origin 403', () => {
      for (const check of ['malformed body', 'wrong media type', 'invalid body', 'foreign origin']) {
        const found = rows('PUT /api/bot/settings', check);
        assert.ok(found.length > 0, check);
        assert.ok(
          found.every((r) => r.result === 'pass'),
          JSON.stringify(found, null, 2),
        );
      }
      assert.ok(rows('PUT /api/bot/settings', 'invalid body').some((r) => r.detail === 'bargaining.maxRounds as text'));
    });
  });
});

test('with a contract that states no maximum for the product id (as it once did), 2^31 is still sent and its 500 named', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-unbounded-'));
  const server = await startFaultyServer({ bot: 'takes-any-hours' });
  try {
    const copy = join(dir, 'openapi.yaml');
    const contract = readFileSync(CONTRACT_FILE, 'utf8');
    const bounded = /(\n {8}productId:\n {10}type: integer\n {10}minimum: 1\n) {10}maximum: 2147483647\n/;
    assert.match(contract, bounded);
    writeFileSync(copy, contract.replace(bounded, '$1'));
    const report = await runConformance({
      baseUrl: server.url,
      username: 'admin',
      password: 'x',
      write: true,
      socketSeconds: 0.2,
      contractFile: copy,
    });
    const row = report.results.find(
      (r) => r.operationId === 'updateBotSettings' && r.check === 'out of range' && r.status === 500,
    );
    assert.equal(
      row?.detail,
      'bargaining.productLimits[].productId = 2147483648 (2^31; the contract states no maximum)',
    );
    assert.equal(row?.result, 'fail');
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('a message list newest first, not paged', () => {
  let server: Faulty;
  let report: Report;
  before(async () => {
    server = await startFaultyServer({ messages: 'newest-first' });
    report = await runConformance({ baseUrl: server.url, username: 'admin', password: 'x', socketSeconds: 0.2 });
  });
  after(() => server.close());
  const row = (check: string) =>
    report.results.find((r) => r.operation === 'GET /api/conversations/{id}/messages' && r.check === check)!;

  test('is named: messages out of order, where', () => {
    assert.equal(row('order').result, 'fail');
    assert.match(
      row('order').violations[0].message,
      /^messages out of order: message 5001 \(\S+\) comes before message 5000 \(\S+\) \(items 1 and 2\)/,
    );
    assert.equal(row('order').request?.path, '/api/conversations/7/messages');
  });
  test('not paging it is "not offered", as on any list', () => {
    assert.equal(row('paging').result, 'skipped');
    assert.match(row('paging').reason!, /^paging not offered on this list/);
  });
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
