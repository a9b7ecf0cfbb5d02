// Properties of quote money, with fast-check: amounts are exact in cents for
// any lines (total = Σ lines + delivery − discount; deposit ≤ total, rounded
// half up), and quote numbers are never given twice, even to many quotes made
// at once. A fixed seed (PROPERTY_SEED, PROPERTY_RUNS: see config.ts).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteAmounts, toCents, toKes } from '../../modules/quotes/money';
import { startTestServer, type TestServer } from '../helpers';
import { parameters, RUNS } from './config';

const cents = (max: number) => fc.bigInt({ min: 0n, max: BigInt(max) });
const line = fc.record({
  quantity: fc.integer({ min: 1, max: 1000 }),
  // Up to KES 100,000,000 a unit, the contract's largest price.
  unitPriceCents: cents(10_000_000_000),
  installationCents: cents(100_000_000),
});

describe('quote money', () => {
  it('total = Σ lines + delivery − discount, exactly in cents; 0 ≤ deposit ≤ total, rounded half up', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 20 }),
        cents(100_000_000),
        fc.integer({ min: 0, max: 100 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, deliveryFee, percent, share) => {
          const sum = lines.reduce((s, l) => s + BigInt(l.quantity) * (l.unitPriceCents + l.installationCents), 0n);
          // A discount anywhere from nothing to all of it.
          const discount = BigInt(Math.floor(Number(sum + deliveryFee) * share));
          const clamped = discount > sum + deliveryFee ? sum + deliveryFee : discount;
          const amounts = quoteAmounts(lines, deliveryFee, clamped, percent);
          expect(amounts.subtotal).toBe(sum);
          expect(amounts.lineTotals.reduce((s, v) => s + v, 0n)).toBe(amounts.subtotal);
          expect(amounts.total).toBe(sum + deliveryFee - clamped);
          expect(amounts.deposit >= 0n && amounts.deposit <= amounts.total).toBe(true);
          // Half up: deposit × 100 − total × percent lies in (−50, 50] (a half cent goes up).
          const off = amounts.deposit * 100n - amounts.total * BigInt(percent);
          expect(off > -50n && off <= 50n).toBe(true);
          // Every amount stays a whole number of cents once in KES (JSON), and back.
          for (const value of [amounts.subtotal, amounts.total, amounts.deposit])
            expect(toCents(toKes(value), 'amount')).toBe(value);
        },
      ),
      parameters(RUNS * 40),
    );
  });

  it('reads any KES amount with two decimals as its exact cents, and refuses a third decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 1, max: 9 }), (c, tenth) => {
        expect(toCents(JSON.parse((c / 100).toFixed(2)) as number, 'price')).toBe(BigInt(c));
        expect(() => toCents(Number(`${Math.floor(c / 100)}.00${tenth}`), 'price')).toThrow(/at most 2 decimals/);
      }),
      parameters(RUNS * 40),
    );
  });

  it('refuses a discount above subtotal + delivery', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 5 }),
        cents(1_000_000),
        cents(1_000_000),
        (lines, fee, extra) => {
          const sum = lines.reduce((s, l) => s + BigInt(l.quantity) * (l.unitPriceCents + l.installationCents), 0n);
          expect(() => quoteAmounts(lines, fee, sum + fee + extra + 1n, 50)).toThrow(/more than the subtotal/);
        },
      ),
      parameters(RUNS * 4),
    );
  });
});

describe('quote numbers', () => {
  let server: TestServer;
  let conversationId: number;
  let productId: number;
  beforeAll(async () => {
    server = await startTestServer();
    const db = server.database.db;
    productId = (
      await db
        .insertInto('products')
        .values({
          name: 'Absolute Black Granite',
          category: 'granite',
          starting_price: 9800,
          ending_price: 12000,
          installation_price_per_slab: null,
          stock: 5,
          is_active: true,
          installation_image_urls: [],
          created_at: server.clock.now,
          updated_at: server.clock.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    conversationId = (
      await db
        .insertInto('conversations')
        .values({
          customer_name: 'Brian Otieno',
          customer_address: '+254722418390',
          created_at: server.clock.now,
          last_message_at: server.clock.now,
          last_customer_message_at: server.clock.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    expect(server.app.contractViolations).toEqual([]);
    await server.close();
  });

  it('never gives a number twice across many concurrent creates, refused ones included', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 2, maxLength: 12 }), async (valid) => {
        // A refused create (discount too high) may use up a number, never give one twice.
        const answers = await Promise.all(
          valid.map((ok) =>
            server.app.inject({
              method: 'POST',
              url: `/api/conversations/${conversationId}/quotes`,
              headers: { cookie: server.cookie },
              payload: { lines: [{ productId, quantity: 1 }], discount: ok ? 0 : 1_000_000 },
            }),
          ),
        );
        const made = answers.filter((a) => a.statusCode === 201).map((a) => JSON.parse(a.body) as { number: string });
        expect(made).toHaveLength(valid.filter(Boolean).length);
        for (const { number } of made) {
          expect(number).toMatch(/^Q\d{5,11}$/);
          expect(seen.has(number)).toBe(false);
          seen.add(number);
        }
      }),
      parameters(Math.max(3, Math.round(RUNS / 2))),
    );
    const rows = await server.database.db.selectFrom('quotes').select(['number', 'revision']).execute();
    expect(new Set(rows.map((r) => `${r.number}/${r.revision}`)).size).toBe(rows.length);
  });
});
