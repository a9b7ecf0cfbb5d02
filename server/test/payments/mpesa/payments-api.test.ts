// The payments API (openapi.yaml tag payments) with M-Pesa configured: the
// list and its unmatched filter, an unmatched payment matched to an order
// once (a second time and above the balance are 409 in words) or dismissed,
// a payment request pushed through Daraja (Prism serving daraja.yaml) and
// stored with its CheckoutRequestID before the answer, its callback paying
// the order and settling the request, a failed callback settling it in
// words, the events announced, and the summary's unmatched count.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { c2bPayload, stkCallbackPayload } from '../../../../common/mpesa/callback-payloads';
import { startMpesaMock } from '../../../../common/mpesa/prism-mock';
import type { PrismProcess } from '../../../../common/dev/prism';
import { createDarajaClient } from '../../../payments/mpesa/daraja-client';
import type { RealtimeEvent } from '../../../realtime/events';
import { startTestServer, type TestServer } from '../../helpers';

const TOKEN = 'test-callback-token-0123456789abcdef';
const SHORTCODE = '174379';
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

let mock: PrismProcess;
let server: TestServer;
let bare: TestServer;
let conversationId: number;
let quoteId = 5000;
let transId = 0;
let pushes = 0;
const events: RealtimeEvent[] = [];
const nextTransId = () => `PAY${String(++transId).padStart(7, '0')}`;

beforeAll(async () => {
  mock = await startMpesaMock();
  const daraja = createDarajaClient({
    baseUrl: mock.url,
    consumerKey: 'consumer-key',
    consumerSecret: 'consumer-secret',
    shortcode: SHORTCODE,
    passkey: PASSKEY,
    shortcodeType: 'paybill',
  });
  server = await startTestServer({
    mpesa: {
      callbackToken: TOKEN,
      allowedIps: [],
      shortcode: SHORTCODE,
      requests: {
        // Prism checks every push against the contract and answers its example, whose
        // CheckoutRequestID is always the same: each push here gets one of its own.
        client: {
          stkPush: async (input) => ({
            ...(await daraja.stkPush(input)),
            CheckoutRequestID: `ws_CO_TEST_${++pushes}`,
          }),
        },
        callbackUrl: `https://shop.example.co.ke/webhooks/mpesa/${TOKEN}/stk`,
      },
    },
  });
  bare = await startTestServer();
  vi.spyOn(server.app.hub, 'publish').mockImplementation((event) => void events.push(event));
  conversationId = (
    await server.app.services.inbound.customerText('+254722111222', 'Achieng', 'Habari', server.clock.now)
  ).conversationId;
}, 90_000);
afterAll(async () => {
  await server?.close();
  await bare?.close();
  await mock?.close();
});

async function newOrder(totalCents = 1_000_000) {
  const quoteNumber = `Q${++quoteId}`;
  return server.app.services.orders.createFromQuote(
    {
      quoteId,
      quoteNumber,
      conversationId,
      lines: [
        {
          productId: null,
          description: 'Quartz sink',
          quantity: 1,
          unitPriceCents: totalCents,
          installationCents: 0,
          lineTotalCents: totalCents,
        },
      ],
      deliveryZoneId: null,
      deliveryTown: null,
      pickup: true,
      deliveryFeeCents: 0,
      discountCents: 0,
      totalCents,
      depositCents: Math.floor(totalCents / 2),
    },
    { kind: 'customer' },
  );
}

const api = (target: TestServer, method: 'GET' | 'POST', url: string, payload?: object) =>
  target.app.inject({ method, url, headers: { cookie: target.cookie }, ...(payload ? { payload } : {}) });
const callback = async (path: string, body: unknown) => {
  const answer = await server.app.inject({
    method: 'POST',
    url: `/webhooks/mpesa/${TOKEN}/${path}`,
    payload: body as object,
  });
  expect(answer.statusCode).toBe(200);
  await server.app.mpesaCallbacks!.idle();
};
/** A paybill payment whose account number names no order: its id in the list. */
async function unmatchedPayment(shillings: number) {
  const receipt = nextTransId();
  await callback(
    'c2b/confirmation',
    c2bPayload('c2bConfirmation', {
      transId: receipt,
      billRefNumber: 'NOBODY',
      amount: shillings,
      shortcode: SHORTCODE,
    }),
  );
  const row = await server.database.db
    .selectFrom('mpesa_payments')
    .select('id')
    .where('receipt', '=', receipt)
    .executeTakeFirstOrThrow();
  return { id: row.id, receipt };
}
const orderMoney = (id: number) =>
  server.database.db.selectFrom('orders').select(['paid_cents']).where('id', '=', id).executeTakeFirstOrThrow();

describe('without M-Pesa configured', () => {
  it('every payments operation is 404 in words', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/payments'],
      ['POST', '/api/payments/1/match', { orderId: 1, note: 'x' }],
      ['POST', '/api/payments/1/dismiss', { note: 'x' }],
      ['GET', '/api/orders/1/payment-requests'],
      ['POST', '/api/orders/1/payment-requests', { amount: 10 }],
    ] as const) {
      const answer = await api(bare, method, url, body);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().message).toBe('M-Pesa payments are not set up on this server');
    }
    const summary = await api(bare, 'GET', '/api/summary');
    expect(summary.json().sales).not.toHaveProperty('unmatchedPayments');
  });
});

describe('the list', () => {
  it('is newest first, paged, and unmatched=true keeps the money on no order and not dismissed', async () => {
    const order = await newOrder();
    const first = await unmatchedPayment(100);
    const second = await unmatchedPayment(200);
    await callback(
      'c2b/confirmation',
      c2bPayload('c2bConfirmation', {
        transId: nextTransId(),
        billRefNumber: order.number,
        amount: 300,
        shortcode: SHORTCODE,
      }),
    );
    const all = await api(server, 'GET', '/api/payments?limit=2');
    expect(all.statusCode).toBe(200);
    expect(all.headers.link).toMatch(/rel="next"/);
    const unmatched = (await api(server, 'GET', '/api/payments?unmatched=true')).json();
    const ids = unmatched.map((p: { id: number }) => p.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(unmatched.every((p: { orderId: number | null }) => p.orderId === null)).toBe(true);
    const mine = (await api(server, 'GET', `/api/payments?orderId=${order.id}`)).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ channel: 'paybill', amount: 300, orderNumber: order.number, dismissed: false });
  });
});

describe('match and dismiss', () => {
  it('puts an unmatched payment on the order once; again is 409; above the balance is 409 in words', async () => {
    const order = await newOrder(1_000_000);
    const payment = await unmatchedPayment(2_000);
    events.length = 0;
    const matched = await api(server, 'POST', `/api/payments/${payment.id}/match`, {
      orderId: order.id,
      note: 'She typed her phone number',
    });
    expect(matched.statusCode).toBe(200);
    expect(matched.json()).toMatchObject({
      orderId: order.id,
      orderNumber: order.number,
      note: 'She typed her phone number',
      handledBy: 'admin',
      reason: null,
    });
    expect((await orderMoney(order.id)).paid_cents).toBe(200_000);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['order_updated', 'payment_updated']));
    const again = await api(server, 'POST', `/api/payments/${payment.id}/match`, { orderId: order.id, note: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`This payment is already on order ${order.number}`);
    expect((await orderMoney(order.id)).paid_cents).toBe(200_000);

    const big = await unmatchedPayment(9_000);
    const over = await api(server, 'POST', `/api/payments/${big.id}/match`, { orderId: order.id, note: 'too much' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/more than the balance of KES 8,000\.00/);
    const unknown = await api(server, 'POST', `/api/payments/${big.id}/match`, { orderId: 999_999, note: 'x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('dismisses a payment as not the shop’s; a matched one is 409', async () => {
    const payment = await unmatchedPayment(50);
    const summaryBefore = (await api(server, 'GET', '/api/summary')).json().sales.unmatchedPayments;
    const dismissed = await api(server, 'POST', `/api/payments/${payment.id}/dismiss`, {
      note: 'Paid to us by mistake',
    });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ dismissed: true, note: 'Paid to us by mistake', handledBy: 'admin' });
    expect((await api(server, 'GET', '/api/summary')).json().sales.unmatchedPayments).toBe(summaryBefore - 1);
    const unmatched = (await api(server, 'GET', '/api/payments?unmatched=true')).json();
    expect(unmatched.some((p: { id: number }) => p.id === payment.id)).toBe(false);
    const match = await api(server, 'POST', `/api/payments/${payment.id}/match`, { orderId: 1, note: 'x' });
    expect(match.statusCode).toBe(409);

    const order = await newOrder();
    const other = await unmatchedPayment(10);
    await api(server, 'POST', `/api/payments/${other.id}/match`, { orderId: order.id, note: 'hers' });
    const refused = await api(server, 'POST', `/api/payments/${other.id}/dismiss`, { note: 'no' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`This payment is on order ${order.number}: it cannot be dismissed`);
  });

  it('the summary counts the unmatched payments', async () => {
    const count = (await api(server, 'GET', '/api/summary')).json().sales.unmatchedPayments;
    await unmatchedPayment(75);
    expect((await api(server, 'GET', '/api/summary')).json().sales.unmatchedPayments).toBe(count + 1);
  });
});

describe('payment requests', { timeout: 60_000 }, () => {
  it('pushes through Daraja, stores the CheckoutRequestID before answering; the paid callback pays the order once and settles it', async () => {
    const order = await newOrder(1_000_000);
    const created = await api(server, 'POST', `/api/orders/${order.id}/payment-requests`, { amount: 3_000 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      orderId: order.id,
      amount: 3_000,
      phone: '254722111222',
      status: 'pending',
      settledAt: null,
    });
    const stored = await server.database.db
      .selectFrom('mpesa_stk_requests')
      .selectAll()
      .where('id', '=', created.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.checkout_request_id).toMatch(/^ws_CO_TEST_/);

    events.length = 0;
    const paid = stkCallbackPayload({
      checkoutRequestId: stored.checkout_request_id,
      amount: 3_000,
      receipt: 'STK0000001',
    });
    await callback('stk', paid);
    await callback('stk', paid);
    expect((await orderMoney(order.id)).paid_cents).toBe(300_000);
    const requests = (await api(server, 'GET', `/api/orders/${order.id}/payment-requests`)).json();
    expect(requests[0]).toMatchObject({ status: 'paid', receipt: 'STK0000001', reason: null });
    expect(requests[0].settledAt).not.toBeNull();
    const mine = (await api(server, 'GET', `/api/payments?orderId=${order.id}`)).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      channel: 'stk',
      reference: 'STK0000001',
      accountReference: order.number,
      orderId: order.id,
    });
    expect(events).toContainEqual({
      type: 'payment_updated',
      data: { paymentId: mine[0].id, orderId: order.id, status: 'succeeded' },
    });
    expect(events.some((e) => e.type === 'order_updated' && e.data.orderId === order.id)).toBe(true);
  });

  it('a failed callback settles the request with the reason in words', async () => {
    const order = await newOrder();
    const created = (
      await api(server, 'POST', `/api/orders/${order.id}/payment-requests`, { amount: 100, phone: '0711 000 111' })
    ).json();
    expect(created.phone).toBe('254711000111');
    const { checkout_request_id } = await server.database.db
      .selectFrom('mpesa_stk_requests')
      .select('checkout_request_id')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    await callback('stk', stkCallbackPayload({ resultCode: 1032, checkoutRequestId: checkout_request_id }));
    const [request] = (await api(server, 'GET', `/api/orders/${order.id}/payment-requests`)).json();
    expect(request).toMatchObject({ status: 'failed', reason: 'Cancelled by the customer', receipt: null });
    expect((await orderMoney(order.id)).paid_cents).toBe(0);
  });

  it('refuses in words: above the balance 400, a cancelled or paid order 409, an unknown order 404', async () => {
    const order = await newOrder(100_000);
    const over = await api(server, 'POST', `/api/orders/${order.id}/payment-requests`, { amount: 1_001 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/more than the balance/);
    await server.app.services.orders.changeStatus(order.id, 'cancelled', false, 'admin');
    const cancelled = await api(server, 'POST', `/api/orders/${order.id}/payment-requests`, { amount: 10 });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(`Order ${order.number} is cancelled: no payment can be requested`);
    const paidOrder = await newOrder(10_000);
    await server.app.services.orders.recordPayment(
      paidOrder.id,
      { amount: 100, method: 'cash', reference: 'R1' },
      'admin',
    );
    const full = await api(server, 'POST', `/api/orders/${paidOrder.id}/payment-requests`, { amount: 1 });
    expect(full.statusCode).toBe(409);
    expect((await api(server, 'GET', '/api/orders/999999/payment-requests')).statusCode).toBe(404);
  });
});
