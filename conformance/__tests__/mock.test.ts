// The check against the project's own mocks (Prism + the realtime mock): all
// passes except what a stateless mock cannot answer, which the --mock profile
// allows explicitly (Prism accepts any sid value, holds no records, refuses a
// malformed id with 422).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, test } from 'node:test';
import { mockAllowances, runConformance, type Report } from '../run';

const prismPort = Number(process.env.CONFORMANCE_TEST_PRISM_PORT ?? 4248);
const realtimePort = Number(process.env.CONFORMANCE_TEST_REALTIME_PORT ?? 4249);
const children: ChildProcess[] = [];
let report: Report;

async function waitFor(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(url);
      await res.text();
      if (res.status < 500) return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not start`);
}

before(
  async () => {
    const env = { ...process.env, PRISM_PORT: String(prismPort), REALTIME_PORT: String(realtimePort) };
    children.push(spawn('npx', ['tsx', 'mocks/prism.ts'], { env, stdio: 'ignore', detached: true }));
    children.push(spawn('npx', ['tsx', 'mocks/realtime-server.ts'], { env, stdio: 'ignore', detached: true }));
    await waitFor(`http://127.0.0.1:${prismPort}/api/auth/me`);
    await waitFor(`http://127.0.0.1:${realtimePort}/`);
    await waitFor(`http://127.0.0.1:${prismPort}/api/products`);
    report = await runConformance({
      baseUrl: `http://127.0.0.1:${prismPort}`,
      socketUrl: `ws://127.0.0.1:${realtimePort}/ws`,
      username: 'admin',
      password: 'stone-and-sinks',
      socketSeconds: 1,
      allow: mockAllowances(),
    });
  },
  { timeout: 90_000 },
);
after(() => {
  for (const c of children) if (c.pid) process.kill(-c.pid, 'SIGTERM');
});

test('the mock conforms in read-only mode, apart from the explicitly allowed limits of a stateless mock', () => {
  const bad = report.results.filter((r) => r.result === 'fail' || r.result === 'not checked');
  assert.deepEqual(bad, []);
  assert.equal(report.ok, true);
  const allowedChecks = new Set(mockAllowances().map((a) => a.check));
  assert.ok(report.results.filter((r) => r.result === 'allowed').every((r) => allowedChecks.has(r.check)));
  assert.ok(
    report.results.some((r) => r.operation === 'GET /api/products/{id}' && r.check === 'answer' && r.result === 'pass'),
  );
});

test('the mock neither pages nor answers 304: reported as not offered, which conforms', () => {
  const paging = report.results.filter((r) => r.check === 'paging');
  assert.equal(paging.length, 9);
  for (const r of paging) {
    assert.equal(r.result, 'skipped', JSON.stringify(r));
    assert.match(r.reason!, /^paging not offered on this list/);
  }
  const conditional = report.results.filter((r) => r.check === 'not modified');
  assert.ok(conditional.length > 0);
  assert.ok(conditional.every((r) => r.result === 'skipped' && /not offered/.test(r.reason!)));
  // No cursor or limit case is sent to a list that does not page.
  assert.deepEqual(
    report.results.filter((r) => r.check === 'invalid query' && /cursor|limit=/.test(r.detail ?? '')),
    [],
  );
  // The summary is there; its counts are the example's, allowed with the reason.
  assert.ok(report.results.some((r) => r.check === 'summary' && r.result !== 'fail'));
});

test('the mock refuses a malformed id with 422 and an ErrorResponse, as the contract says it does', () => {
  const malformed = report.results.filter((r) => r.check === 'malformed id');
  assert.ok(malformed.length > 0);
  for (const r of malformed) {
    assert.equal(r.status, 422);
    // Only the status differs from a server's 400: the body is the contract's ErrorResponse.
    assert.deepEqual(
      r.violations.map((v) => v.path),
      ['status'],
      JSON.stringify(r),
    );
  }
});
