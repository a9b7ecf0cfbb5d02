// How the sales stand (openapi.yaml getSalesAnalytics and Summary.sales): a deal agreed below
// the starting price, its quote sent and accepted, the order it made and a deposit paid show in
// Analytics → Sales for the period they fall in, and in the dashboard's counters.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from '../helpers';

let server: TestServer;
const db = () => server.database.db;
const DAY = 86_400_000;

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const response = await server.app.inject({ method, url, payload, headers: { cookie: server.cookie } });
  return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : undefined };
}

beforeAll(async () => {
  server = await startTestServer({ sessionTtlMs: 365 * DAY });
});
afterAll(() => server?.close());
beforeEach(async () => {
  server.clock.now = new Date(TEST_NOW);
  await sql`truncate order_events, order_payments, order_lines, orders, order_counts, quote_lines, quotes, messages, product_events,
    notifications, outbox, conversations, products restart identity cascade`.execute(db());
});
afterEach(() => {
  expect(server.app.contractViolations.splice(0)).toEqual([]);
});

async function dealAgreed() {
  const product = await db()
    .insertInto('products')
    .values({
      name: 'Carrara White Marble',
      category: 'marble',
      starting_price: 14500,
      ending_price: 16000,
      stock: 10,
      is_active: true,
      installation_image_urls: [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inbound = server.app.services.inbound;
  const { conversationId } = await inbound.customerText(
    '+254711203344',
    'Wanjiku Mutua',
    'Bei ya Carrara?',
    server.clock.now,
  );
  await inbound.converted(conversationId, {
    product: { id: product.id, name: 'Carrara White Marble' },
    unitPrice: 13800,
    quantity: 3,
  });
  // The starting price moves later: the discount is still measured from the one agreed against.
  await db().updateTable('products').set({ starting_price: 20000 }).where('id', '=', product.id).execute();
  return { conversationId, productId: product.id };
}

const sales = async (days: number) => {
  const answer = await call('GET', `/api/analytics/sales?days=${days}`);
  expect(answer.status).toBe(200);
  return answer.body;
};
const summarySales = async () => (await call('GET', '/api/summary')).body.sales;

describe('Analytics → Sales and the sales counters', () => {
  it('follow a deal from the customer’s yes to a quote, its order and a deposit', async () => {
    expect(await sales(30)).toEqual({
      days: 30,
      ordersConfirmed: 0,
      revenueConfirmed: 0,
      paymentsReceived: 0,
      quotesSent: 0,
      quotesConverted: 0,
      quoteConversionRate: 0,
      dealsAgreed: 0,
      averageDiscountPercent: null,
    });
    const { conversationId, productId } = await dealAgreed();
    expect(await summarySales()).toEqual({ dealsAwaitingQuote: 1, ordersToDeliverThisWeek: 0, balanceOutstanding: 0 });

    const quote = await call('POST', `/api/conversations/${conversationId}/quotes`, {
      lines: [{ productId, quantity: 3 }],
      pickup: false,
      depositPercent: 50,
    });
    expect(quote.status).toBe(201);
    expect(quote.body.total).toBe(41400);
    // A draft is a quote under way: the deal no longer waits for one.
    expect((await summarySales()).dealsAwaitingQuote).toBe(0);
    expect((await call('POST', `/api/quotes/${quote.body.id}/send`)).status).toBe(200);
    expect((await call('POST', `/api/quotes/${quote.body.id}/accept`)).status).toBe(200);
    const [order] = (await call('GET', '/api/orders')).body;
    expect(order).toMatchObject({ total: 41400, balance: 41400 });
    const paid = await call('POST', `/api/orders/${order.id}/payments`, {
      amount: 20700,
      method: 'mpesa',
      reference: 'QK12ABC34D',
    });
    expect(paid.status).toBe(201);
    const delivery = new Date(TEST_NOW.getTime() + 3 * DAY).toISOString().slice(0, 10);
    expect((await call('PATCH', `/api/orders/${order.id}`, { deliveryDate: delivery })).status).toBe(200);

    expect(await sales(7)).toEqual({
      days: 7,
      ordersConfirmed: 1,
      revenueConfirmed: 41400,
      paymentsReceived: 20700,
      quotesSent: 1,
      quotesConverted: 1,
      quoteConversionRate: 100,
      dealsAgreed: 1,
      // (14,500 − 13,800) ÷ 14,500 = 4.83 %: the starting price when agreed, not today's 20,000.
      averageDiscountPercent: 4.8,
    });
    expect(await summarySales()).toEqual({
      dealsAwaitingQuote: 0,
      ordersToDeliverThisWeek: 1,
      balanceOutstanding: 20700,
    });

    // Ten days on, the last 7 days hold none of it; the last 30 still do.
    server.clock.now = new Date(TEST_NOW.getTime() + 10 * DAY);
    expect(await sales(7)).toMatchObject({ ordersConfirmed: 0, paymentsReceived: 0, quotesSent: 0, dealsAgreed: 0 });
    expect(await sales(30)).toMatchObject({
      ordersConfirmed: 1,
      revenueConfirmed: 41400,
      quotesSent: 1,
      dealsAgreed: 1,
    });
  });

  it('refuses a period other than 7, 30 or 90 days in words', async () => {
    const answer = await call('GET', '/api/analytics/sales?days=14');
    expect([400, 422]).toContain(answer.status);
    expect(answer.body.message).toMatch(/days/);
  });
});
