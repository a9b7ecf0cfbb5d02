// The project's own conformance check (npm run conformance) against the
// reference server, in write mode and with the customer-reaching calls, on
// both databases: the server must pass everything it checks, the documented
// refusals it provokes included.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance, type Report } from '../../../conformance/run';
import {
  postgresUnavailable,
  startPostgres,
  startServerProcess,
  type PostgresProcess,
  type ServerProcess,
} from '../processes';

const admin = { username: 'conformance', password: 'conformance-check-password' };

function failures(report: Report) {
  return report.results
    .filter((r) => r.result !== 'pass' && r.result !== 'skipped')
    .map((r) => `${r.operation} [${r.check}]: ${r.result} ${r.reason ?? ''} ${JSON.stringify(r.violations)}`);
}

async function checkServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'conformance-server-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      ...env,
    });
    const report = await runConformance({
      baseUrl: server.url,
      ...admin,
      write: true,
      reachCustomers: true,
      socketSeconds: 2,
    });
    const passed = report.results.filter((r) => r.result === 'pass').length;
    console.log(
      `conformance against the reference server (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${passed} checks passed, ${failures(report).length} failed`,
    );
    expect(failures(report)).toEqual([]);
    expect(report.ok).toBe(true);
    // Every kind of negative case ran and passed: the documented refusals are the server's too.
    const negatives = new Set(
      report.results
        .filter(
          (r) =>
            r.result === 'pass' && r.expected !== undefined && r.check !== 'no cookie' && r.check !== 'made-up cookie',
        )
        .map((r) => r.check),
    );
    expect([...negatives].sort()).toEqual([
      'closes before opening',
      'disabled',
      'foreign origin',
      'incomplete order',
      'invalid body',
      'invalid query',
      'malformed body',
      'malformed id',
      'multipart form',
      'not taken over',
      'unknown id',
      'wrong credentials',
      'wrong media type',
    ]);
    // The messages run as the contract states: the whole list oldest first, the pages from the newest back.
    for (const check of ['order', 'paging'])
      expect(report.results).toContainEqual(
        expect.objectContaining({ operationId: 'listConversationMessages', check, result: 'pass' }),
      );
    // The product forms' exact rules, each its own case.
    expect(
      report.results
        .filter((r) => r.check === 'multipart form')
        .map((r) => `${r.operation} ${r.detail}: ${r.result}`)
        .sort(),
    ).toEqual([
      'PATCH /api/products/{id} isActive sent empty: pass',
      'PATCH /api/products/{id} productImage without a filename: pass',
      'POST /api/products isActive sent empty: pass',
      'POST /api/products productImage without a filename: pass',
      'POST /api/products/import 21 parts (the file and 20 text parts): pass',
      'POST /api/products/import the file and 4 other text parts: pass',
    ]);
    // Every integer a request may carry, past its maximum and as 2^31, is refused with a documented 4xx
    // (on PostgreSQL a number past its integer column reaches no query), the chatbot's product ids too.
    const ranges = report.results.filter((r) => r.check === 'out of range');
    expect(ranges.filter((r) => r.result !== 'pass').map((r) => `${r.operation} ${r.detail}`)).toEqual([]);
    expect(new Set(ranges.map((r) => r.operationId)).size).toBeGreaterThan(15);
    expect(ranges).toContainEqual(
      expect.objectContaining({
        operationId: 'updateBotSettings',
        detail: 'bargaining.productLimits[].productId = 2147483648 (its maximum + 1, 2^31)',
        status: 422,
      }),
    );
    // The coverage grid saw every documented 2xx the scenarios reach and most documented 4xx.
    const sendMessage = report.coverage.operations.find((o) => o.operationId === 'sendConversationMessage')!;
    expect(sendMessage.statuses).toMatchObject({
      '201': 'checked',
      '400': 'checked',
      '401': 'checked',
      '403': 'checked',
      '404': 'checked',
      '409': 'checked',
      '422': 'checked',
    });
    expect(report.coverage.operations.every((o) => o.undocumented.length === 0)).toBe(true);
    // With M-Pesa set up, its payments are checked, not reported as not offered.
    if (env.MPESA_CONSUMER_KEY)
      expect(report.results).toContainEqual(
        expect.objectContaining({ operationId: 'listPayments', check: 'answer', result: 'pass' }),
      );
    // The status change it provoked was announced on /ws.
    expect(report.results).toContainEqual(
      expect.objectContaining({ operation: 'SOCKET /ws conversation_update after a status change', result: 'pass' }),
    );
    // Write mode really wrote: the product scenario and the customer-reaching calls ran.
    expect(report.methodsSent).toEqual(
      expect.arrayContaining([
        'POST /api/products',
        expect.stringMatching(/^PATCH \/api\/products\/\d+$/),
        expect.stringMatching(/^DELETE \/api\/products\/\d+$/),
        expect.stringMatching(/^POST \/api\/conversations\/\d+\/messages$/),
        'POST /api/follow-ups/check',
      ]),
    );
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('conformance check against the reference server', () => {
  it('passes in write mode with customer-reaching calls on PGlite, M-Pesa set up', { timeout: 240_000 }, async () => {
    // M-Pesa's payments are offered here (their refusals checked; no push is sent, so Daraja's
    // address leads nowhere), and not on the PostgreSQL run below.
    await checkServer({
      DEMO_SEED: 'true',
      MPESA_CONSUMER_KEY: 'conformance-key',
      MPESA_CONSUMER_SECRET: 'conformance-secret',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'conformance-passkey',
      MPESA_CALLBACK_TOKEN: 'conformance-callback-token-0123456789',
      MPESA_BASE_URL: 'http://127.0.0.1:9',
      PUBLIC_ORIGIN: 'https://shop.example.co.ke',
    });
  });

  const noPostgres = postgresUnavailable();
  let postgres: PostgresProcess | undefined;
  afterAll(async () => postgres?.stop());
  it.skipIf(Boolean(noPostgres))(
    `passes in write mode on a PostgreSQL server${noPostgres ? ` (skipped: ${noPostgres})` : ''}`,
    { timeout: 240_000 },
    async () => {
      postgres = await startPostgres();
      await checkServer({ DATABASE_URL: postgres.url, DEMO_SEED: 'true' });
    },
  );
});
