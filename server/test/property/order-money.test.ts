// Property: an order's money adds up, whatever payments staff record and in
// whatever order. For random sequences of payments (amounts, methods and
// references drawn from small pools, so that repeats and overpayments come
// up often), after each one: a payment is accepted exactly when its (method,
// reference) is new and its amount is at most the balance; the balance is
// the total less the accepted payments, never below zero; each reference
// counts once; the payment status follows the deposit and the total.
// PROPERTY_SEED and PROPERTY_RUNS as in config.ts.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';
import { parameters, RUNS } from './config';

let server: TestServer;
let conversationId: number;
let quoteId = 0;

beforeAll(async () => {
  server = await startTestServer();
  conversationId = (
    await server.app.services.inbound.customerText('+254700111222', 'Property Customer', 'Hello', server.clock.now)
  ).conversationId;
});
afterAll(() => server?.close());
afterEach(() => {
  expect(server.app.contractViolations.splice(0)).toEqual([]);
});

const METHODS = ['mpesa', 'cash', 'bank'] as const;
const payment = fc.record({
  cents: fc.oneof(fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: 1, max: 500 })),
  method: fc.constantFrom(...METHODS),
  reference: fc.constantFrom('A1', 'A2', 'B7', 'C3', 'D9', 'E5'),
});
const order = fc
  .record({
    total: fc.integer({ min: 100, max: 10_000_000 }),
    depositShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ total, depositShare }) => ({ total, deposit: Math.floor(total * depositShare) }));

it('the balance is the total less the accepted payments, each reference once, never below zero', async () => {
  await fc.assert(
    fc.asyncProperty(order, fc.array(payment, { maxLength: 10 }), async ({ total, deposit }, payments) => {
      // Each run's references are its own: the unique (method, reference) is global.
      await sql`truncate order_payments`.execute(server.database.db);
      const { id } = await server.app.services.orders.createFromQuote(
        {
          quoteId: ++quoteId,
          quoteNumber: `Q${quoteId}`,
          conversationId,
          lines: [
            {
              productId: null,
              description: 'Slab',
              quantity: 1,
              unitPriceCents: total,
              installationCents: 0,
              lineTotalCents: total,
            },
          ],
          deliveryZoneId: null,
          deliveryTown: null,
          pickup: true,
          deliveryFeeCents: 0,
          discountCents: 0,
          totalCents: total,
          depositCents: deposit,
        },
        { kind: 'customer' },
      );
      let paid = 0;
      const seen = new Set<string>();
      for (const p of payments) {
        const answer = await server.app.inject({
          method: 'POST',
          url: `/api/orders/${id}/payments`,
          payload: { amount: p.cents / 100, method: p.method, reference: p.reference },
          headers: { cookie: server.cookie },
        });
        const key = `${p.method}\n${p.reference}`;
        const expected = seen.has(key) ? 409 : p.cents > total - paid ? 400 : 201;
        expect(answer.statusCode).toBe(expected);
        if (expected === 201) {
          paid += p.cents;
          seen.add(key);
        }
        const body = (
          await server.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: { cookie: server.cookie } })
        ).json();
        expect(Math.round(body.paid * 100)).toBe(paid);
        expect(Math.round(body.balance * 100)).toBe(total - paid);
        expect(body.balance).toBeGreaterThanOrEqual(0);
        expect(body.payments).toHaveLength(seen.size);
        expect(
          new Set(body.payments.map((x: { method: string; reference: string }) => `${x.method}\n${x.reference}`)).size,
        ).toBe(body.payments.length);
        const status = paid >= total ? 'paid' : paid > 0 && paid >= deposit ? 'deposit_paid' : 'unpaid';
        expect(body.paymentStatus).toBe(status);
      }
    }),
    parameters(Math.max(10, RUNS)),
  );
});
