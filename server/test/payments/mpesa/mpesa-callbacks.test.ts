// M-Pesa's callbacks (/webhooks/mpesa/<token>/…) as Safaricom posts them,
// built from the Daraja contract's examples (common/mpesa/callback-payloads):
// refused without storing anything (wrong token, address, body), stored before
// they are acknowledged, and each payment counted once however often and in
// whatever order it comes, on the order or quote its account number names.
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { c2bPayload, stkCallbackPayload } from '../../../../common/mpesa/callback-payloads';
import { callbackProcessor } from '../../../payments/mpesa/callbacks/process';
import { startTestServer, type TestServer } from '../../helpers';

const TOKEN = 'test-callback-token-0123456789abcdef';
const SHORTCODE = '600984';
const url = (path: string, token = TOKEN) => `/webhooks/mpesa/${token}/${path}`;

let server: TestServer;
let conversationId: number;
let quoteId = 1000;
let transId = 0;
/** A TransID of its own for each payment: 10 capital letters or digits. */
const nextTransId = () => `TST${String(++transId).padStart(7, '0')}`;

beforeAll(async () => {
  server = await startTestServer({
    mpesa: { callbackToken: TOKEN, allowedIps: [], shortcode: SHORTCODE },
  });
  conversationId = (
    await server.app.services.inbound.customerText('+254700333444', 'Wanjiru', 'Habari', server.clock.now)
  ).conversationId;
});
afterAll(() => server?.close());

/** An order of `totalCents` (deposit half), made from a quote numbered Q…: its id, number and quote number. */
async function newOrder(totalCents = 2_070_000) {
  const quoteNumber = `Q${++quoteId}`;
  const { id, number } = await server.app.services.orders.createFromQuote(
    {
      quoteId,
      quoteNumber,
      conversationId,
      lines: [
        {
          productId: null,
          description: 'Granite slab',
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
  return { id, number, quoteNumber };
}

const post = (path: string, body: unknown, token = TOKEN) =>
  server.app.inject({ method: 'POST', url: url(path, token), payload: body as object });

const db = () => server.database.db;
const callbackCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from mpesa_callbacks`.execute(db())).rows[0].n);
const orderMoney = (id: number) =>
  db().selectFrom('orders').select(['paid_cents', 'payment_status']).where('id', '=', id).executeTakeFirstOrThrow();
const paymentOf = (receipt: string) =>
  db().selectFrom('mpesa_payments').selectAll().where('receipt', '=', receipt).executeTakeFirst();

describe('refused, nothing stored', () => {
  it('a wrong token is 404', async () => {
    const before = await callbackCount();
    for (const path of ['stk', 'c2b/validation', 'c2b/confirmation']) {
      const answer = await post(path, c2bPayload('c2bConfirmation'), 'wrong-token-0123456789abcdefgh');
      expect(answer.statusCode).toBe(404);
    }
    // Not even a body that is no JSON gets past the token.
    const bad = await server.app.inject({
      method: 'POST',
      url: url('stk', 'x'),
      payload: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(404);
    expect(await callbackCount()).toBe(before);
  });

  it('a body that is not JSON, or not the contract shape, is 400 in words', async () => {
    const before = await callbackCount();
    const notJson = await server.app.inject({
      method: 'POST',
      url: url('c2b/confirmation'),
      payload: '{"TransID":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.body).toBe('The callback is not JSON');
    const badId = await post('c2b/confirmation', { ...c2bPayload('c2bConfirmation'), TransID: 'lower-case' });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toMatch(/TransID/);
    const badAmount = await post('c2b/confirmation', { ...c2bPayload('c2bConfirmation'), TransAmount: '20,700' });
    expect(badAmount.statusCode).toBe(400);
    const noStk = await post('stk', { Body: {} });
    expect(noStk.statusCode).toBe(400);
    expect(noStk.body).toMatch(/stkCallback/);
    const badCode = await post('stk', { Body: { stkCallback: { ...stkCallbackPayload(), ResultCode: '0' } } });
    expect(badCode.statusCode).toBe(400);
    const validation = await post('c2b/validation', { TransID: 'X' });
    expect(validation.statusCode).toBe(400);
    expect(await callbackCount()).toBe(before);
  });
});

describe('addresses (MPESA_ALLOWED_IPS, through TRUST_PROXY)', () => {
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startTestServer({
      trustProxy: 1,
      mpesa: { callbackToken: TOKEN, allowedIps: ['196.201.214.0/24', '196.201.212.69'], shortcode: SHORTCODE },
    });
  });
  afterAll(() => guarded?.close());

  const from = (client: string, remoteAddress = '127.0.0.1') =>
    guarded.app.inject({
      method: 'POST',
      url: url('c2b/validation'),
      payload: c2bPayload('c2bValidation'),
      remoteAddress,
      headers: { 'x-forwarded-for': client },
    });

  it('an allowed address, as the proxy saw it, is answered; another is 403', async () => {
    expect((await from('196.201.214.200')).statusCode).toBe(200);
    expect((await from('196.201.212.69')).statusCode).toBe(200);
    const refused = await from('8.8.8.8');
    expect(refused.statusCode).toBe(403);
    // A client connecting directly cannot pick its address with X-Forwarded-For.
    expect((await from('196.201.214.200', '8.8.4.4')).statusCode).toBe(403);
  });

  it('nothing is stored for a refused confirmation', async () => {
    const answer = await guarded.app.inject({
      method: 'POST',
      url: url('c2b/confirmation'),
      payload: c2bPayload('c2bConfirmation'),
      remoteAddress: '8.8.8.8',
    });
    expect(answer.statusCode).toBe(403);
    const { n } = await guarded.database.db
      .selectFrom('mpesa_callbacks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });
});

describe('C2B confirmations', () => {
  it('a validation is accepted as Daraja expects, and not stored', async () => {
    const before = await callbackCount();
    const answer = await post('c2b/validation', c2bPayload('c2bValidation'));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    expect(await callbackCount()).toBe(before);
  });

  it('one naming an order pays it once, posted twice and twice at once', async () => {
    const order = await newOrder(2_070_000);
    const receipt = nextTransId();
    const body = c2bPayload('c2bConfirmation', { transId: receipt, billRefNumber: order.number, amount: 10_350 });
    const first = await post('c2b/confirmation', body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ResultCode: 0, ResultDesc: 'Success' });
    await server.app.mpesaCallbacks!.idle();
    expect(await orderMoney(order.id)).toEqual({ paid_cents: 1_035_000, payment_status: 'deposit_paid' });

    await post('c2b/confirmation', body);
    await Promise.all([post('c2b/confirmation', body), post('c2b/confirmation', body)]);
    await server.app.mpesaCallbacks!.idle();
    expect(await orderMoney(order.id)).toEqual({ paid_cents: 1_035_000, payment_status: 'deposit_paid' });
    const payments = await db().selectFrom('order_payments').selectAll().where('order_id', '=', order.id).execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: 'mpesa', reference: receipt, amount_cents: 1_035_000 });
    expect(await paymentOf(receipt)).toMatchObject({
      kind: 'c2b',
      status: 'succeeded',
      order_id: order.id,
      reason: null,
      amount_cents: 1_035_000,
      bill_ref: order.number,
      payer_name: 'WANJIRU',
    });
    // Every copy was stored and processed.
    const copies = await db()
      .selectFrom('mpesa_callbacks')
      .select(['processed_at', 'last_error'])
      .where('body', 'like', `%${receipt}%`)
      .execute();
    expect(copies).toHaveLength(4);
    expect(copies.every((copy) => copy.processed_at !== null && copy.last_error === null)).toBe(true);

    // The balance follows: the rest pays it in full.
    const rest = nextTransId();
    await post(
      'c2b/confirmation',
      c2bPayload('c2bConfirmation', { transId: rest, billRefNumber: order.number, amount: 10_350 }),
    );
    await server.app.mpesaCallbacks!.idle();
    expect(await orderMoney(order.id)).toEqual({ paid_cents: 2_070_000, payment_status: 'paid' });
  });

  it('the same callback processed twice at the same moment counts once', async () => {
    const order = await newOrder(500_000);
    const receipt = nextTransId();
    const body = JSON.stringify(
      c2bPayload('c2bConfirmation', { transId: receipt, billRefNumber: order.number, amount: 1_000 }),
    );
    const ids = await db()
      .insertInto('mpesa_callbacks')
      .values([
        { kind: 'c2b_confirmation', body, processed_at: new Date() },
        { kind: 'c2b_confirmation', body, processed_at: new Date() },
      ])
      .returning('id')
      .execute();
    const processor = callbackProcessor({ db: db(), recordPayment: server.app.services.mpesaPayments });
    await Promise.all(ids.map(({ id }) => processor.process({ id, kind: 'c2b_confirmation', body })));
    expect(await orderMoney(order.id)).toMatchObject({ paid_cents: 100_000 });
    expect(await paymentOf(receipt)).toMatchObject({ order_id: order.id });
  });

  it("a quote's number pays the order made from it (trimmed, any case)", async () => {
    const order = await newOrder(300_000);
    const receipt = nextTransId();
    await post(
      'c2b/confirmation',
      c2bPayload('c2bConfirmation', {
        transId: receipt,
        billRefNumber: `  ${order.quoteNumber.toLowerCase()} `,
        amount: 3_000,
      }),
    );
    await server.app.mpesaCallbacks!.idle();
    expect(await orderMoney(order.id)).toEqual({ paid_cents: 300_000, payment_status: 'paid' });
    expect(await paymentOf(receipt)).toMatchObject({ order_id: order.id, reason: null });
  });

  it('an unknown reference, more than the balance, a cancelled order or a till payment stay unmatched, with the reason', async () => {
    const unknown = nextTransId();
    await post('c2b/confirmation', c2bPayload('c2bConfirmation', { transId: unknown, billRefNumber: 'SO99999' }));
    const small = await newOrder(100_000);
    const tooMuch = nextTransId();
    await post(
      'c2b/confirmation',
      c2bPayload('c2bConfirmation', { transId: tooMuch, billRefNumber: small.number, amount: 1_500 }),
    );
    const cancelled = await newOrder(100_000);
    await db().updateTable('orders').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute();
    const toCancelled = nextTransId();
    await post(
      'c2b/confirmation',
      c2bPayload('c2bConfirmation', { transId: toCancelled, billRefNumber: cancelled.number, amount: 100 }),
    );
    const till = nextTransId();
    await post('c2b/confirmation', c2bPayload('c2bConfirmation', { example: 'till', transId: till }));
    await server.app.mpesaCallbacks!.idle();

    expect(await paymentOf(unknown)).toMatchObject({
      order_id: null,
      reason: 'no order or quote is numbered "SO99999"',
    });
    expect(await paymentOf(tooMuch)).toMatchObject({
      order_id: null,
      reason: `order ${small.number}: The payment is more than the balance of KES 1,000.00`,
    });
    expect(await paymentOf(toCancelled)).toMatchObject({
      order_id: null,
      reason: `Order ${cancelled.number} is cancelled: no payment can be recorded`,
    });
    expect(await paymentOf(till)).toMatchObject({
      order_id: null,
      status: 'succeeded',
      reason: 'no account number was given: no order to pay',
    });
    expect(await orderMoney(small.id)).toMatchObject({ paid_cents: 0 });
    expect(await orderMoney(cancelled.id)).toMatchObject({ paid_cents: 0 });
  });

  it('a confirmation to another shortcode is kept, unmatched', async () => {
    const order = await newOrder(100_000);
    const receipt = nextTransId();
    await post(
      'c2b/confirmation',
      c2bPayload('c2bConfirmation', { transId: receipt, billRefNumber: order.number, amount: 10, shortcode: '123456' }),
    );
    await server.app.mpesaCallbacks!.idle();
    expect(await paymentOf(receipt)).toMatchObject({
      order_id: null,
      reason: `paid to shortcode 123456, not ours (${SHORTCODE})`,
    });
    expect(await orderMoney(order.id)).toMatchObject({ paid_cents: 0 });
  });
});

describe('STK results', () => {
  it.each([
    [1, 'insufficient funds'],
    [1019, 'timed out: the request expired before the customer answered'],
    [1032, 'cancelled by the customer'],
    [1037, 'phone unreachable, or the customer did not answer in time'],
    [2001, 'wrong PIN'],
  ])('a failed push (%i) is stored with its code and our words', async (code, words) => {
    const checkout = `ws_CO_TEST_FAILED_${code}`;
    const answer = await post('stk', stkCallbackPayload({ resultCode: code, checkoutRequestId: checkout }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    await server.app.mpesaCallbacks!.idle();
    const row = await db()
      .selectFrom('mpesa_payments')
      .selectAll()
      .where('checkout_request_id', '=', checkout)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'stk', status: 'failed', result_code: code, reason: words, receipt: null });
  });

  it('a paid push is stored once with its receipt and amount, unmatched (no push is recorded yet)', async () => {
    const checkout = 'ws_CO_TEST_PAID_1';
    const body = stkCallbackPayload({ checkoutRequestId: checkout, receipt: 'UAF0000001', amount: 20_700 });
    await post('stk', body);
    await post('stk', body);
    await server.app.mpesaCallbacks!.idle();
    const rows = await db()
      .selectFrom('mpesa_payments')
      .selectAll()
      .where('checkout_request_id', '=', checkout)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'succeeded',
      receipt: 'UAF0000001',
      amount_cents: 2_070_000,
      result_code: 0,
      order_id: null,
      transaction_at: new Date('2026-01-15T09:01:13.000Z'),
    });
    expect(rows[0].reason).toMatch(/no push of ours/);
  });
});

it('a callback is stored before it is acknowledged, and processed when the worker runs again', async () => {
  const order = await newOrder(200_000);
  const receipt = nextTransId();
  await server.app.mpesaCallbacks!.stop();
  try {
    const answer = await post(
      'c2b/confirmation',
      c2bPayload('c2bConfirmation', { transId: receipt, billRefNumber: order.number, amount: 500 }),
    );
    expect(answer.statusCode).toBe(200);
    const stored = await db()
      .selectFrom('mpesa_callbacks')
      .select(['kind', 'processed_at'])
      .where('body', 'like', `%${receipt}%`)
      .execute();
    expect(stored).toEqual([{ kind: 'c2b_confirmation', processed_at: null }]);
    expect(await paymentOf(receipt)).toBeUndefined();
    expect(await orderMoney(order.id)).toMatchObject({ paid_cents: 0 });
  } finally {
    server.app.mpesaCallbacks!.start();
  }
  await server.app.mpesaCallbacks!.idle();
  expect(await orderMoney(order.id)).toMatchObject({ paid_cents: 50_000 });
  expect(await paymentOf(receipt)).toMatchObject({ order_id: order.id });
});

it('property: however confirmations repeat and reorder, an order is paid the distinct receipts that fit its balance', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 100, max: 50_000 }),
      fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 1, maxLength: 4 }),
      fc.array(fc.nat(), { maxLength: 8 }),
      fc.array(fc.integer(), { minLength: 12, maxLength: 12 }),
      async (totalShillings, amounts, picks, keys) => {
        const order = await newOrder(totalShillings * 100);
        const pool = amounts.map((amount) => ({ transId: nextTransId(), amount }));
        // Every payment at least once, then repeats in any order.
        const sequence = [...pool, ...picks.map((pick) => pool[pick % pool.length])]
          .map((payment, i) => ({ payment, key: keys[i] }))
          .sort((a, b) => a.key - b.key)
          .map(({ payment }) => payment);
        let balance = totalShillings;
        const counted = new Set<string>();
        for (const payment of sequence) {
          await post('c2b/confirmation', c2bPayload('c2bConfirmation', { ...payment, billRefNumber: order.number }));
          await server.app.mpesaCallbacks!.idle();
          // The model: a receipt counts the first time it comes, when it fits the balance; never again.
          if (!counted.has(payment.transId)) {
            const fits = payment.amount <= balance;
            expect((await paymentOf(payment.transId))?.order_id).toBe(fits ? order.id : null);
            if (fits) balance -= payment.amount;
            counted.add(payment.transId);
          }
          expect((await orderMoney(order.id)).paid_cents).toBe((totalShillings - balance) * 100);
        }
        const matched = await db()
          .selectFrom('mpesa_payments')
          .select(['receipt', 'amount_cents'])
          .where('order_id', '=', order.id)
          .execute();
        const { paid_cents } = await orderMoney(order.id);
        expect(paid_cents).toBe(matched.reduce((sum, row) => sum + row.amount_cents!, 0));
        expect(paid_cents).toBe((totalShillings - balance) * 100);
        expect(paid_cents).toBeLessThanOrEqual(totalShillings * 100);
        for (const { transId, amount } of pool) {
          const row = await paymentOf(transId);
          // Unmatched only because it did not fit the balance when it first came.
          if (row?.order_id === null) expect(row.reason).toMatch(/more than the balance/);
          else expect(row?.amount_cents).toBe(amount * 100);
        }
      },
    ),
    { numRuns: 15 },
  );
});

describe('a restart, and the logs', () => {
  it('a callback stored by a server that stopped before processing it is processed by the next one; no log line holds the token', async () => {
    const lines: string[] = [];
    const database = server.database;
    const order = await newOrder(100_000);
    const receipt = nextTransId();
    // A second server on the same database, its worker stopped as a crash would leave it.
    const first = await startTestServer({
      database,
      log: { level: 'debug', pretty: false, stream: { write: (line: string) => void lines.push(line) } },
      mpesa: { callbackToken: TOKEN, allowedIps: [], shortcode: SHORTCODE },
    });
    await server.app.mpesaCallbacks!.stop();
    await first.app.mpesaCallbacks!.stop();
    try {
      const answer = await first.app.inject({
        method: 'POST',
        url: url('c2b/confirmation'),
        payload: c2bPayload('c2bConfirmation', { transId: receipt, billRefNumber: order.number, amount: 250 }),
      });
      expect(answer.statusCode).toBe(200);
      await first.app.inject({ method: 'POST', url: url('stk', `${TOKEN}x`), payload: {} });
      await first.app.close();
      rmSync(first.dataDir, { recursive: true, force: true });
      expect(await paymentOf(receipt)).toBeUndefined();
    } finally {
      server.app.mpesaCallbacks!.start();
    }
    // The test's own server stands for the next start: it finds the callback still unprocessed.
    await server.app.mpesaCallbacks!.idle();
    expect(await paymentOf(receipt)).toMatchObject({ order_id: order.id });
    expect(await orderMoney(order.id)).toMatchObject({ paid_cents: 25_000 });
    expect(lines.some((line) => line.includes('/webhooks/mpesa/[token]/c2b/confirmation'))).toBe(true);
    expect(lines.filter((line) => line.includes(TOKEN))).toEqual([]);
  });
});
