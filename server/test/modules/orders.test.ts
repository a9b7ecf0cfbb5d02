// Orders (openapi.yaml, tag orders; migration 028): made once from an
// accepted quote, listed and searched like the conversations, moved one step
// at a time, paid for in parts with each payment counted once.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewOrderFromQuote } from '../../modules/orders/service';
import type { RealtimeEvent } from '../../realtime/events';
import { startTestServer, TEST_NOW, type TestServer } from '../helpers';

let server: TestServer;
const db = () => server.database.db;
type Answer = { statusCode: number; json: () => any; headers: Record<string, unknown> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads of JSON bodies
const call = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object): Promise<Answer> =>
  server.app.inject({ method, url, payload, headers: { cookie: server.cookie } });
const orders = () => server.app.services.orders;

const events: RealtimeEvent[] = [];
beforeAll(async () => {
  server = await startTestServer();
  const hub = server.app.hub;
  const publish = hub.publish.bind(hub);
  hub.publish = (event) => {
    events.push(event);
    publish(event);
  };
});
afterAll(() => server?.close());
beforeEach(async () => {
  server.clock.now = new Date(TEST_NOW);
  await sql`truncate order_events, order_payments, order_lines, orders, order_counts, messages, outbox, notifications, conversations restart identity cascade`.execute(
    db(),
  );
});
afterEach(() => {
  expect(server.app.contractViolations.splice(0)).toEqual([]);
});

async function conversation(phone: string, name: string, text = 'Hello, I want a granite slab') {
  return (await server.app.services.inbound.customerText(phone, name, text, server.clock.now)).conversationId;
}

/** What staff's side put in the thread: the customer's news, as text or as a template. */
const sentMessages = (conversationId: number) =>
  db()
    .selectFrom('messages')
    .select(['content', 'message_type'])
    .where('conversation_id', '=', conversationId)
    .where('sender', '=', 'admin')
    .orderBy('id')
    .execute();

const quote = (
  conversationId: number,
  quoteId: number,
  overrides: Partial<NewOrderFromQuote> = {},
): NewOrderFromQuote => ({
  quoteId,
  quoteNumber: `Q${String(quoteId).padStart(5, '0')}`,
  conversationId,
  lines: [
    {
      productId: null,
      description: 'Galaxy Black Granite slab',
      quantity: 3,
      unitPriceCents: 2_800_000,
      installationCents: 250_000,
      lineTotalCents: 9_150_000,
    },
  ],
  deliveryZoneId: null,
  deliveryTown: 'Nairobi',
  pickup: false,
  deliveryFeeCents: 500_000,
  discountCents: 0,
  totalCents: 9_650_000,
  depositCents: 3_000_000,
  ...overrides,
});

describe('creating from a quote', () => {
  it('makes the order with its lines, totals and a created event, numbered from the sequence', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const made = await orders().createFromQuote(quote(c, 12), { kind: 'customer' });
    expect(made.number).toMatch(/^SO\d{5}$/);
    const answer = await call('GET', `/api/orders/${made.id}`);
    expect(answer.statusCode).toBe(200);
    const order = answer.json();
    expect(order).toMatchObject({
      number: made.number,
      conversationId: c,
      customerName: 'Grace Wanjiru',
      customerPhone: '+254733456789',
      status: 'confirmed',
      paymentStatus: 'unpaid',
      quoteId: 12,
      quoteNumber: 'Q00012',
      subtotal: 91500,
      deliveryFee: 5000,
      total: 96500,
      deposit: 30000,
      paid: 0,
      balance: 96500,
      deliveryTown: 'Nairobi',
      deliveryDate: null,
      pickup: false,
      payments: [],
    });
    expect(order.lines).toEqual([
      {
        productId: null,
        description: 'Galaxy Black Granite slab',
        quantity: 3,
        unitPrice: 28000,
        installationPerUnit: 2500,
        lineTotal: 91500,
      },
    ]);
    expect(order.timeline).toEqual([
      {
        at: TEST_NOW.toISOString(),
        by: 'customer',
        event: 'created',
        text: `Order ${made.number} made from quote Q00012`,
      },
    ]);
  });

  it('is idempotent: the same quote again, or twice at once, gives the one order', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const first = await orders().createFromQuote(quote(c, 7), { kind: 'staff', username: 'admin' });
    const again = await orders().createFromQuote(quote(c, 7), { kind: 'customer' });
    expect(again).toEqual(first);
    const both = await Promise.all([
      orders().createFromQuote(quote(c, 8), { kind: 'customer' }),
      orders().createFromQuote(quote(c, 8), { kind: 'customer' }),
    ]);
    expect(both[0]).toEqual(both[1]);
    const counted = await db()
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(counted.n).toBe(2);
    const lines = await db()
      .selectFrom('order_lines')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(lines.n).toBe(2);
  });

  it('never reuses a number and keeps it within 12 characters', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const a = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    await expect(
      orders().createFromQuote(quote(c, 2, { conversationId: 999 }), { kind: 'customer' }),
    ).rejects.toThrow();
    const b = await orders().createFromQuote(quote(c, 3), { kind: 'customer' });
    expect(b.number).not.toBe(a.number);
    expect(Number(b.number.slice(2))).toBeGreaterThan(Number(a.number.slice(2)));
    const [row] = (await sql<{ n: string }>`select order_number(9999999999) as n`.execute(db())).rows;
    expect(row.n).toBe('SO9999999999');
  });

  it('refuses amounts that are not whole cents and a deposit above the total', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    await expect(orders().createFromQuote(quote(c, 1, { totalCents: 1.5 }), { kind: 'customer' })).rejects.toThrow(
      'whole cents',
    );
    await expect(
      orders().createFromQuote(quote(c, 1, { depositCents: 10_000_000 }), { kind: 'customer' }),
    ).rejects.toThrow('deposit');
  });
});

describe('the list', () => {
  async function seed() {
    const names = ['Grace Wanjiru', 'Peter Otieno', 'John Kamau', 'Mary Achieng', 'Ali Hassan'];
    const ids: number[] = [];
    for (const [i, name] of names.entries()) {
      server.clock.now = new Date(TEST_NOW.getTime() + i * 60_000);
      const c = await conversation(`+25472200000${i}`, name);
      ids.push((await orders().createFromQuote(quote(c, i + 1), { kind: 'customer' })).id);
    }
    return ids;
  }

  it('is newest first, paged with Link and X-Total-Count like the conversations', async () => {
    const ids = await seed();
    const first = await call('GET', '/api/orders?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json().map((o: { id: number }) => o.id)).toEqual([ids[4], ids[3]]);
    expect(first.headers['x-total-count']).toBe('5');
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1];
    const second = await call('GET', next);
    expect(second.json().map((o: { id: number }) => o.id)).toEqual([ids[2], ids[1]]);
    const third = await call('GET', /<([^>]+)>; rel="next"/.exec(String(second.headers.link))![1]);
    expect(third.json().map((o: { id: number }) => o.id)).toEqual([ids[0]]);
    expect(third.headers.link).toBeUndefined();
    const whole = await call('GET', '/api/orders');
    expect(whole.json()).toHaveLength(5);
    expect(whole.json()[0]).toMatchObject({ customerName: 'Ali Hassan', total: 96500, balance: 96500 });
  });

  it('searches the number, the name and the phone (as staff type it)', async () => {
    const ids = await seed();
    const search = async (text: string) =>
      (await call('GET', `/api/orders?search=${encodeURIComponent(text)}`)).json().map((o: { id: number }) => o.id);
    const { number } = (await call('GET', `/api/orders/${ids[1]}`)).json();
    expect(await search(number)).toEqual([ids[1]]);
    expect(await search(number.toLowerCase())).toEqual([ids[1]]);
    expect(await search('otieno')).toEqual([ids[1]]);
    expect(await search('0722000003')).toEqual([ids[3]]);
    expect(await search('+254722000004')).toEqual([ids[4]]);
    expect(await search('nobody')).toEqual([]);
    expect(await search('%')).toEqual([]);
  });

  it('filters by status and payment status, and a cursor of other filters is refused', async () => {
    const ids = await seed();
    await orders().changeStatus(ids[0], 'scheduled', false, 'admin');
    await orders().recordPayment(ids[1], { amount: 30000, method: 'mpesa', reference: 'QA1' }, 'admin');
    const ofStatus = await call('GET', '/api/orders?status=scheduled');
    expect(ofStatus.json().map((o: { id: number }) => o.id)).toEqual([ids[0]]);
    const paid = await call('GET', '/api/orders?paymentStatus=deposit_paid&limit=1');
    expect(paid.json().map((o: { id: number }) => o.id)).toEqual([ids[1]]);
    expect(paid.headers['x-total-count']).toBe('1');
    const page = await call('GET', '/api/orders?status=confirmed&limit=1');
    const cursor = new URL(/<([^>]+)>/.exec(String(page.headers.link))![1], 'http://x').searchParams.get('cursor');
    const refused = await call('GET', `/api/orders?limit=1&cursor=${cursor}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Invalid cursor/);
  });

  it('answers an empty list', async () => {
    const answer = await call('GET', '/api/orders?limit=20');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([]);
    expect(answer.headers['x-total-count']).toBe('0');
  });

  it('refuses a filter outside the contract with a 4xx', async () => {
    expect((await call('GET', '/api/orders?status=lost')).statusCode).toBeLessThan(500);
    expect((await call('GET', '/api/orders?status=lost')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call('GET', '/api/orders?limit=0')).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('status', () => {
  it('moves one step at a time to delivered and refuses other moves with 409', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const { id, number } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    const skip = await call('POST', `/api/orders/${id}/status`, { status: 'delivered', tellCustomer: false });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(`Order ${number} is confirmed: it cannot go to delivered`);
    for (const status of ['scheduled', 'out_for_delivery', 'delivered']) {
      const moved = await call('POST', `/api/orders/${id}/status`, { status, tellCustomer: false });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().status).toBe(status);
    }
    const cancel = await call('POST', `/api/orders/${id}/status`, { status: 'cancelled', tellCustomer: false });
    expect(cancel.statusCode).toBe(409);
    const timeline = (await call('GET', `/api/orders/${id}`)).json().timeline;
    expect(timeline.map((e: { text: string }) => e.text).slice(1)).toEqual([
      'Confirmed → Scheduled',
      'Scheduled → Out for delivery',
      'Out for delivery → Delivered',
    ]);
    expect(timeline[1].by).toBe('admin');
  });

  it('cancels from any state before delivered, never back', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const { id } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    await call('POST', `/api/orders/${id}/status`, { status: 'scheduled', tellCustomer: false });
    const cancelled = await call('POST', `/api/orders/${id}/status`, { status: 'cancelled', tellCustomer: false });
    expect(cancelled.json().status).toBe('cancelled');
    const back = await call('POST', `/api/orders/${id}/status`, { status: 'confirmed', tellCustomer: false });
    expect(back.statusCode).toBe(409);
    const pay = await call('POST', `/api/orders/${id}/payments`, { amount: 100, method: 'cash', reference: 'R1' });
    expect(pay.statusCode).toBe(409);
  });

  it('tells the customer in their language, through the outbox, while the window is open', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru', 'Habari, nataka sinki');
    const { id, number } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    const told = await call('POST', `/api/orders/${id}/status`, { status: 'out_for_delivery', tellCustomer: false });
    expect(told.statusCode).toBe(409);
    await call('POST', `/api/orders/${id}/status`, { status: 'scheduled', tellCustomer: true });
    const outbox = await db().selectFrom('outbox').select(['content', 'kind']).execute();
    expect(outbox).toEqual([{ content: `Oda yako ${number} imepangiwa kuletwa.`, kind: 'admin_reply' }]);
    const timeline = (await call('GET', `/api/orders/${id}`)).json().timeline;
    expect(timeline.at(-1)).toMatchObject({ event: 'customer_told', text: outbox[0].content });
  });

  it('inside the window sends the text, not the template', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const { id, number } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    await call('POST', `/api/orders/${id}/status`, { status: 'scheduled', tellCustomer: true });
    expect(await db().selectFrom('outbox').select(['content', 'template']).execute()).toEqual([
      { content: `Your order ${number} is scheduled for delivery.`, template: null },
    ]);
    expect(await sentMessages(c)).toEqual([
      { content: `Your order ${number} is scheduled for delivery.`, message_type: 'text' },
    ]);
  });
});

describe('status news after the 24-hour window', () => {
  /** The customer last wrote 25 hours ago (the session would not outlive moving the clock). */
  const closeWindow = (c: number) =>
    db()
      .updateTable('conversations')
      .set({ last_customer_message_at: new Date(TEST_NOW.getTime() - 25 * 3_600_000) })
      .where('id', '=', c)
      .execute();
  /** The demo's order_update templates (migration 032) changed for one test, then put back. */
  async function withTemplates(change: () => Promise<unknown>, test: () => Promise<void>) {
    const kept = await db().selectFrom('message_templates').selectAll().where('name', '=', 'order_update').execute();
    await change();
    try {
      await test();
    } finally {
      await db().deleteFrom('message_templates').where('name', '=', 'order_update').execute();
      await db()
        .insertInto('message_templates')
        .values(kept.map((t) => ({ ...t, variables: JSON.stringify(t.variables) })))
        .execute();
    }
  }
  const outbox = () => db().selectFrom('outbox').select(['content', 'kind', 'template']).execute();

  it('goes as the approved template order_update in English, with name, number and news', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const { id, number } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    await call('PATCH', `/api/orders/${id}`, { deliveryDate: '2026-12-03' });
    await closeWindow(c);
    const moved = await call('POST', `/api/orders/${id}/status`, { status: 'scheduled', tellCustomer: true });
    expect(moved.statusCode).toBe(200);
    const content = `Hello Grace Wanjiru, an update on your order ${number}: it is scheduled for delivery on 2026-12-03. Reply to this message if you have any questions.`;
    expect(await outbox()).toEqual([
      {
        content,
        kind: 'admin_reply',
        template: {
          name: 'order_update',
          language: 'en',
          variables: ['Grace Wanjiru', number, 'it is scheduled for delivery on 2026-12-03'],
        },
      },
    ]);
    expect(await sentMessages(c)).toEqual([{ content, message_type: 'template' }]);
    expect(moved.json().timeline.at(-1)).toMatchObject({
      event: 'customer_told',
      by: 'admin',
      text: `Sent as the approved template order_update, the 24-hour reply window having closed: ${content}`,
    });
    expect(events).toContainEqual({ type: 'conversation_update', data: { id: c } });
  });

  it('goes in Swahili to a customer writing Swahili, and as "mteja" without a name', async () => {
    const c = await conversation('+254733456789', '', 'Habari, nataka sinki');
    const { id, number } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    await call('POST', `/api/orders/${id}/status`, { status: 'scheduled', tellCustomer: false });
    await closeWindow(c);
    await call('POST', `/api/orders/${id}/status`, { status: 'out_for_delivery', tellCustomer: true });
    expect(await outbox()).toEqual([
      {
        content: `Habari mteja, taarifa kuhusu oda yako ${number}: iko njiani kukuletea. Jibu ujumbe huu ukiwa na swali lolote.`,
        kind: 'admin_reply',
        template: { name: 'order_update', language: 'sw', variables: ['mteja', number, 'iko njiani kukuletea'] },
      },
    ]);
  });

  it('falls back to the English template, in English, when no Swahili one is approved', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru', 'Habari, nataka sinki');
    const { id, number } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    await closeWindow(c);
    await withTemplates(
      () =>
        db().deleteFrom('message_templates').where('name', '=', 'order_update').where('language', '=', 'sw').execute(),
      async () => {
        await call('POST', `/api/orders/${id}/status`, { status: 'cancelled', tellCustomer: true });
        expect((await outbox()).map((row) => row.template)).toEqual([
          { name: 'order_update', language: 'en', variables: ['Grace Wanjiru', number, 'it has been cancelled'] },
        ]);
      },
    );
  });

  it('without an approved order_update sends nothing and says why on the timeline', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const { id } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    await closeWindow(c);
    await withTemplates(
      () => db().deleteFrom('message_templates').where('name', '=', 'order_update').execute(),
      async () => {
        const moved = await call('POST', `/api/orders/${id}/status`, { status: 'scheduled', tellCustomer: true });
        expect(moved.statusCode).toBe(200);
        expect(moved.json().status).toBe('scheduled');
        expect(await outbox()).toEqual([]);
        expect(await sentMessages(c)).toEqual([]);
        expect(moved.json().timeline.at(-1)).toMatchObject({
          event: 'note',
          text: 'The customer was not told: the 24-hour reply window has closed and no approved order_update template exists',
        });
      },
    );
  });

  it('with a template asking for more values than an order gives sends nothing and says so', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const { id } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    await closeWindow(c);
    await withTemplates(
      () =>
        db()
          .updateTable('message_templates')
          .set({ body: 'Hello {{1}}, order {{2}}: {{3}}. Balance {{4}}.' })
          .where('name', '=', 'order_update')
          .execute(),
      async () => {
        const moved = await call('POST', `/api/orders/${id}/status`, { status: 'scheduled', tellCustomer: true });
        expect(moved.statusCode).toBe(200);
        expect(await outbox()).toEqual([]);
        expect(moved.json().timeline.at(-1)).toMatchObject({
          event: 'note',
          text: expect.stringMatching(/^The customer was not told: .*order_update template asks for 4 values/),
        });
      },
    );
  });

  it('without tellCustomer sends nothing and notes nothing', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const { id } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    await closeWindow(c);
    const moved = await call('POST', `/api/orders/${id}/status`, { status: 'scheduled', tellCustomer: false });
    expect(await outbox()).toEqual([]);
    expect(moved.json().timeline.at(-1)).toMatchObject({ event: 'status_changed' });
  });
});

describe('payments', () => {
  it('moves to deposit_paid at the deposit and paid at the total, the balance with it', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const { id } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    const pay = (amount: number, reference: string, method = 'mpesa') =>
      call('POST', `/api/orders/${id}/payments`, { amount, method, reference });
    let answer = await pay(10000.5, 'QA1');
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ paymentStatus: 'unpaid', paid: 10000.5, balance: 86499.5 });
    answer = await pay(19999.5, 'Receipt 1', 'cash');
    expect(answer.json()).toMatchObject({ paymentStatus: 'deposit_paid', paid: 30000, balance: 66500 });
    answer = await pay(66500, 'QA2');
    expect(answer.json()).toMatchObject({ paymentStatus: 'paid', paid: 96500, balance: 0 });
    expect(answer.json().payments).toHaveLength(3);
    expect(answer.json().payments[0]).toMatchObject({
      amount: 10000.5,
      method: 'mpesa',
      reference: 'QA1',
      recordedBy: 'admin',
    });
    expect(answer.json().timeline.filter((e: { event: string }) => e.event === 'payment_recorded')).toHaveLength(3);
  });

  it('refuses a payment above the balance with 400 and the balance in KES', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const { id } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    await call('POST', `/api/orders/${id}/payments`, { amount: 30000, method: 'mpesa', reference: 'QA1' });
    const over = await call('POST', `/api/orders/${id}/payments`, {
      amount: 66500.01,
      method: 'cash',
      reference: 'R9',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('The payment is more than the balance of KES 66,500.00');
    const cents = await call('POST', `/api/orders/${id}/payments`, { amount: 1.005, method: 'cash', reference: 'R9' });
    expect(cents.statusCode).toBe(400);
    expect((await call('GET', `/api/orders/${id}`)).json()).toMatchObject({ paid: 30000, balance: 66500 });
  });

  it('counts a duplicate (method, reference) once and answers 409', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const { id } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    const other = await orders().createFromQuote(quote(c, 2), { kind: 'customer' });
    const first = await call('POST', `/api/orders/${id}/payments`, {
      amount: 1000,
      method: 'mpesa',
      reference: 'qk7t2m9xyz',
    });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', `/api/orders/${id}/payments`, {
      amount: 1000,
      method: 'mpesa',
      reference: 'QK7T2M9XYZ',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Payment M-Pesa QK7T2M9XYZ is already recorded');
    const elsewhere = await call('POST', `/api/orders/${other.id}/payments`, {
      amount: 1000,
      method: 'mpesa',
      reference: 'QK7T2M9XYZ',
    });
    expect(elsewhere.statusCode).toBe(409);
    const sameRefOtherMethod = await call('POST', `/api/orders/${id}/payments`, {
      amount: 1000,
      method: 'bank',
      reference: 'QK7T2M9XYZ',
    });
    expect(sameRefOtherMethod.statusCode).toBe(201);
    expect(sameRefOtherMethod.json().paid).toBe(2000);
  });
});

describe('realtime', () => {
  it('announces order_updated when an order is made, moved or paid (not when refused)', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    events.length = 0;
    const { id } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    await call('POST', `/api/orders/${id}/status`, { status: 'scheduled', tellCustomer: false });
    await call('POST', `/api/orders/${id}/status`, { status: 'delivered', tellCustomer: false });
    await call('POST', `/api/orders/${id}/payments`, { amount: 30000, method: 'cash', reference: 'R1' });
    expect(events.filter((e) => e.type === 'order_updated').map((e) => e.data)).toEqual([
      { orderId: id, status: 'confirmed', paymentStatus: 'unpaid', conversationId: c },
      { orderId: id, status: 'scheduled', paymentStatus: 'unpaid', conversationId: c },
      { orderId: id, status: 'scheduled', paymentStatus: 'deposit_paid', conversationId: c },
    ]);
  });
});

describe('delivery', () => {
  it('sets the date, address and town, with timeline events; null clears', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const { id } = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    const set = await call('PATCH', `/api/orders/${id}`, {
      deliveryDate: '2026-03-14',
      deliveryAddress: 'Plot 14, Kiambu Road',
      deliveryTown: 'Kiambu',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      deliveryDate: '2026-03-14',
      deliveryAddress: 'Plot 14, Kiambu Road',
      deliveryTown: 'Kiambu',
    });
    expect(set.json().timeline.map((e: { event: string }) => e.event)).toEqual([
      'created',
      'delivery_scheduled',
      'note',
    ]);
    const cleared = await call('PATCH', `/api/orders/${id}`, { deliveryDate: null });
    expect(cleared.json()).toMatchObject({ deliveryDate: null, deliveryAddress: 'Plot 14, Kiambu Road' });
    const bad = await call('PATCH', `/api/orders/${id}`, { deliveryDate: '2026-02-30' });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
  });
});

describe('counters', () => {
  it('counts open deliveries due within the week and the balance outstanding', async () => {
    const c = await conversation('+254733456789', 'Grace Wanjiru');
    const a = await orders().createFromQuote(quote(c, 1), { kind: 'customer' });
    const b = await orders().createFromQuote(quote(c, 2), { kind: 'customer' });
    const d = await orders().createFromQuote(quote(c, 3), { kind: 'customer' });
    await orders().update(a.id, { deliveryDate: '2026-03-12' }, 'admin');
    await orders().update(b.id, { deliveryDate: '2026-03-30' }, 'admin');
    await orders().update(d.id, { deliveryDate: '2026-03-11' }, 'admin');
    await orders().changeStatus(d.id, 'cancelled', false, 'admin');
    await orders().recordPayment(a.id, { amount: 30000, method: 'mpesa', reference: 'X1' }, 'admin');
    // The dashboard's counters, as GET /api/summary reports them.
    expect((await call('GET', '/api/summary')).json().sales).toMatchObject({
      ordersToDeliverThisWeek: 1,
      balanceOutstanding: 96500 * 2 - 30000,
    });
  });
});

describe('refusals', () => {
  it('answers 404 for an order that does not exist, and a 4xx for a bad id or body', async () => {
    expect((await call('GET', '/api/orders/999')).statusCode).toBe(404);
    expect((await call('PATCH', '/api/orders/999', { deliveryTown: 'Nakuru' })).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/orders/999/status', { status: 'scheduled', tellCustomer: false })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/orders/999/payments', { amount: 1, method: 'cash', reference: 'R' })).statusCode,
    ).toBe(404);
    for (const [method, url, body] of [
      ['GET', '/api/orders/abc', undefined],
      ['POST', '/api/orders/1/status', { status: 'lost', tellCustomer: false }],
      ['POST', '/api/orders/1/status', { status: 'scheduled' }],
      ['POST', '/api/orders/1/payments', { amount: -5, method: 'cash', reference: 'R' }],
      ['POST', '/api/orders/1/payments', { amount: 5, method: 'cheque', reference: 'R' }],
      ['POST', '/api/orders/1/payments', { amount: 5, method: 'cash', reference: ' ' }],
      ['PATCH', '/api/orders/1', {}],
    ] as const) {
      const answer = await call(method, url, body);
      expect(answer.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json().message).toBeTruthy();
    }
  });
});

describe('demo orders', () => {
  it('seeds orders in every state, some with payments, on the demo conversations', async () => {
    await sql`truncate products restart identity cascade`.execute(db());
    for (const [name, category, install] of [
      ['Galaxy Black Granite', 'granite', 2500],
      ['Double Bowl Sink', 'sink', null],
    ] as const)
      await db()
        .insertInto('products')
        .values({
          name,
          category,
          dimensions: null,
          description: null,
          starting_price: 20000,
          ending_price: 30000,
          color: null,
          installation_price_per_slab: install,
          material: null,
          bowl_configuration: null,
          stock: 5,
          is_active: true,
          product_image_url: null,
          installation_image_urls: [],
        })
        .execute();
    for (let i = 0; i < 12; i++) await conversation(`+2547110000${String(i).padStart(2, '0')}`, `Demo ${i}`);
    const { seedDemoOrders } = await import('../../modules/orders/demo');
    expect(await seedDemoOrders(db(), orders(), TEST_NOW)).toBe(12);
    const list = (await call('GET', '/api/orders')).json() as {
      status: string;
      paymentStatus: string;
      balance: number;
    }[];
    expect(new Set(list.map((o) => o.status))).toEqual(
      new Set(['confirmed', 'scheduled', 'out_for_delivery', 'delivered', 'cancelled']),
    );
    expect(new Set(list.map((o) => o.paymentStatus))).toEqual(new Set(['unpaid', 'deposit_paid', 'paid']));
    expect(list.every((o) => o.balance >= 0)).toBe(true);
  });
});
