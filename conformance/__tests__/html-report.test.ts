// The HTML report of a run: what a hostile server wrote stays text, the
// counts and the grid are the report's, the curl line gives no session away,
// and the page fetches nothing.
// Run by node's test runner through tsx (tsx --test).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toCurl, toHtml } from '../html-report';
import type { Report } from '../run';

type Result = Report['results'][number];

const INJECTED = '<script>alert(1)</script>';
const SESSION = 'sid=s3cr3t-session-value';

const results: Result[] = [
  {
    operation: 'GET /api/products',
    operationId: 'listProducts',
    check: 'answer',
    result: 'fail',
    status: 200,
    violations: [
      { path: 'body/0', message: "must have required property 'isActive'", keyword: 'required' },
      { path: 'body/0/startingPrice', message: `must be number, got "${INJECTED}"`, keyword: 'type' },
    ],
  },
  {
    operation: 'GET /api/analytics/overview',
    operationId: 'getAnalyticsOverview',
    check: 'no cookie',
    expected: 401,
    result: 'fail',
    status: 200,
    violations: [{ path: 'status', message: 'answered 200 to a caller with no session cookie; must be 401' }],
  },
  {
    operation: 'GET /api/products',
    operationId: 'listProducts',
    check: 'no cookie',
    expected: 401,
    result: 'pass',
    status: 401,
    violations: [],
  },
  {
    operation: 'GET /api/summary',
    operationId: 'getSummary',
    check: 'answer',
    result: 'skipped',
    status: 404,
    violations: [],
    reason: 'not offered: the server answers 404 (GET /api/summary is optional)',
    notOffered: ['200', '401'],
  },
  {
    operation: 'POST /api/products',
    operationId: 'createProduct',
    check: 'answer',
    result: 'not checked',
    violations: [],
    reason: 'the check has no scenario for this operation yet',
  },
  {
    operation: 'GET /api/conversations/{id}',
    operationId: 'getConversation',
    check: 'unknown id',
    expected: 404,
    result: 'allowed',
    status: 200,
    violations: [{ path: 'status', message: 'answered 200' }],
    reason: 'Prism holds no records',
  },
];
// The request the failing case sent, as a run records it.
Object.assign(results[0], {
  request: { method: 'GET', path: '/api/products?limit=20', headers: { cookie: SESSION, accept: 'application/json' } },
});

const coverage: Report['coverage'] = {
  statuses: ['200', '401', '404'],
  operations: [
    {
      operationId: 'listProducts',
      operation: 'GET /api/products',
      statuses: { '200': 'violations', '401': 'checked' },
      undocumented: [],
    },
    {
      operationId: 'getSummary',
      operation: 'GET /api/summary',
      statuses: { '200': 'not offered', '401': 'not offered' },
      undocumented: [404],
    },
    {
      operationId: 'getConversation',
      operation: 'GET /api/conversations/{id}',
      statuses: { '200': 'checked', '401': 'not seen', '404': 'allowed' },
      undocumented: [],
    },
    {
      operationId: 'getAnalyticsOverview',
      operation: 'GET /api/analytics/overview',
      statuses: { '200': 'checked', '401': 'violations' },
      undocumented: [],
    },
  ],
  tally: { '2xx': { documented: 4, seen: 3, notOffered: 1 }, '4xx': { documented: 5, seen: 3, notOffered: 1 } },
};

const report: Report = {
  startedAt: '2026-11-26T21:00:00.000Z',
  finishedAt: '2026-11-26T21:00:07.000Z',
  baseUrl: 'http://127.0.0.1:8099',
  ok: false,
  mode: { write: false, reachCustomers: false },
  results,
  coverage,
  methodsSent: ['POST /api/auth/login', 'GET /api/products', 'GET /api/products', 'GET /api/analytics/overview'],
  meta: {
    tool: { name: 'stone-sinks-conformance', version: '1.2.3' },
    contract: { file: 'openapi.yaml', version: '1.0.0', sha256: 'a'.repeat(64) },
    asyncapi: { file: 'asyncapi.yaml', version: `2.0.0${INJECTED}`, sha256: 'b'.repeat(64) },
  },
};

const html = toHtml(report);
const count = (pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe('HTML report', () => {
  test('escapes every string the server or the run wrote', () => {
    assert.ok(!html.includes(INJECTED));
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.equal(count(/<script/gi), 0);
  });

  test('says the run does not conform and counts each kind of result', () => {
    assert.match(html, /DOES NOT CONFORM/);
    const counts = html.slice(
      html.indexOf('<ul class="counts"'),
      html.indexOf('</ul>', html.indexOf('<ul class="counts"')),
    );
    assert.match(counts, /<strong>2<\/strong> failed/);
    assert.match(counts, /<strong>1<\/strong> passed/);
    assert.match(counts, /<strong>1<\/strong> allowed/);
    assert.match(counts, /<strong>1<\/strong> not checked/);
    assert.match(counts, /<strong>1<\/strong> skipped/);
  });

  test('names the server, the mode and the contract it checked against', () => {
    assert.ok(html.includes('http://127.0.0.1:8099'));
    assert.match(html, /read-only/);
    assert.match(html, /stone-sinks-conformance 1\.2\.3/);
    assert.ok(html.includes('a'.repeat(64)));
  });

  test('lists failed checks first, open, with every violation', () => {
    const failed = html.indexOf('<h3 id="checks-fail">');
    assert.ok(failed >= 0 && failed < html.indexOf('<h3 id="checks-pass">'));
    assert.equal(count(/<details data-result="fail" open>/g), 2);
    assert.equal(count(/<details data-result="pass">/g), 1);
    assert.ok(html.includes('body/0/startingPrice'));
    assert.ok(html.includes('200, expected 401'));
  });

  test('the curl line repeats the request without the session', () => {
    assert.ok(!html.includes('s3cr3t'));
    assert.ok(html.includes('curl -i &#39;http://127.0.0.1:8099/api/products?limit=20&#39;'));
    assert.ok(html.includes('-H &#39;cookie: sid=&lt;redacted&gt;&#39;'));
    const login = toCurl('http://x', {
      method: 'POST',
      path: '/api/auth/login',
      headers: { Cookie: 'a=1; sid=2', Authorization: 'Bearer t' },
      body: '{"username":"admin","password":"it\'s \\"secret\\""}',
    });
    assert.equal(
      login,
      `curl -i -X POST 'http://x/api/auth/login' -H 'Cookie: a=<redacted>; sid=<redacted>' -H 'Authorization: <redacted>' --data-raw '{"username":"admin","password":"<redacted>"}'`,
    );
  });

  test('draws the grid as operations × documented statuses, each cell named in words', () => {
    const grid = html.slice(
      html.indexOf('<table class="grid"'),
      html.indexOf('</table>', html.indexOf('<table class="grid"')),
    );
    const cells = grid.match(/<td class="cell [^"]*" data-cell="([^"]+)">/g) ?? [];
    assert.equal(cells.length, coverage.operations.length * coverage.statuses.length);
    assert.equal(count(/<th scope="row">/g), coverage.operations.length);
    for (const state of ['violations', 'checked', 'not offered', 'not seen', 'allowed', 'not documented'])
      assert.ok(grid.includes(`<span class="sr">${state}</span>`), state);
    assert.match(html, /<div class="scroll" role="region" aria-labelledby="coverage-label" tabindex="0">/);
  });

  test('fetches nothing: no external script, style, font or image', () => {
    assert.equal(count(/<link/gi), 0);
    assert.equal(count(/@import/gi), 0);
    assert.equal(count(/(src|href)\s*=\s*["']?\s*(https?:)?\/\//gi), 0);
    assert.equal(count(/url\(/gi), 0);
    assert.equal(count(/ src=/gi), 0);
  });
});
