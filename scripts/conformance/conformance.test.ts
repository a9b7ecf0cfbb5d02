// Proof that the conformance check names seeded faults and stays read-only.
// Run by `npm run test:unit` through node's test runner (tsx --test).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startFaultyServer } from './fixtures/faulty-server';
import { runConformance, type Report } from './run';

let server: Awaited<ReturnType<typeof startFaultyServer>>;
let report: Report;
before(async () => {
  server = await startFaultyServer();
  report = await runConformance({ baseUrl: server.url, username: 'admin', password: 'x', socketSeconds: 0.5 });
});
after(() => server.close());

const fails = (operation: string) => report.results.filter((r) => r.result === 'fail' && r.operation === operation).flatMap((r) => r.violations.map((v) => `${r.check} ${v.path}: ${v.message}`));

test('does not conform', () => assert.equal(report.ok, false));
test('names the price sent as text', () => assert.ok(fails('GET /api/products').some((v) => v.includes('body/0/startingPrice'))));
test('names the missing required field', () => assert.ok(fails('GET /api/follow-ups/settings').some((v) => v.includes('followUpMessage'))));
test('names the enum value outside the contract', () => assert.ok(fails('GET /api/conversations').some((v) => v.includes('body/0/status') && v.includes('allowed'))));
test('names the protected route open without a cookie', () => assert.ok(fails('GET /api/analytics/overview').some((v) => v.startsWith('no cookie status'))));
test('names the non-conforming sign-in answer and goes on', () => {
  assert.ok(fails('POST /api/auth/login').some((v) => v.includes("required property 'id'")));
  assert.ok(report.results.some((r) => r.operation === 'GET /api/products/{id}' && r.status === 404));
});
test('names the bad socket message', () => assert.ok(fails('SOCKET /ws notification').some((v) => v.includes('message/data'))));
test('read-only: no write request reaches the server', () => {
  const writes = server.requests.filter((r) => !r.startsWith('GET ') && r !== 'POST /api/auth/login' && r !== 'POST /api/auth/logout');
  assert.deepEqual(writes, []);
});
test('an unreachable server stops with a clear message', async () => {
  await assert.rejects(runConformance({ baseUrl: 'http://127.0.0.1:1', username: 'a', password: 'b', socketSeconds: 0 }), /cannot reach/);
});
