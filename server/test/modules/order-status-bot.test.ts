// "Where is my order?" over the normal inbound path (customerMessage, as
// WhatsApp's webhook brings a message): the services' runner gives the
// catalogue bot the conversation's orders (customerOrdersRepository), and the
// customer is told the order's number, state and balance; a customer with no
// order is handed to staff.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerOrdersRepository } from '../../modules/orders/customer-orders';
import { replyTexts, startTestServer, TEST_NOW, type TestServer } from '../helpers';

let server: TestServer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(async () => {
  server.clock.now = new Date(TEST_NOW);
  await sql`truncate order_events, order_payments, order_lines, orders, order_counts, messages, product_events,
    notifications, outbox, conversations, products, delivery_zones, bot_memory restart identity cascade`.execute(db());
});
afterEach(() => {
  expect(server.app.contractViolations.splice(0)).toEqual([]);
});

let sequence = 0;
async function say(phone: string, content: string) {
  const received = await server.app.services.customers.customerMessage({
    channel: 'whatsapp',
    address: phone,
    name: 'Njeri Wambui',
    externalId: `wamid.order.${++sequence}`,
    type: 'text',
    content,
    at: server.clock.now,
  });
  await received?.turn;
  server.clock.now = new Date(server.clock.now.getTime() + 60_000);
}

const conversationOf = (phone: string) =>
  db()
    .selectFrom('conversations')
    .select(['id', 'status'])
    .where('customer_address', '=', phone)
    .executeTakeFirstOrThrow();

const botTexts = (conversationId: number) => replyTexts(server, conversationId);

/** An order of the conversation, made `minutesAgo` before the test's clock. */
const order = (
  conversationId: number,
  values: { status?: string; paid_cents?: number; delivery_date?: string | null; minutesAgo?: number } = {},
) => {
  const at = new Date(TEST_NOW.getTime() - (values.minutesAgo ?? 60) * 60_000);
  return db()
    .insertInto('orders')
    .values({
      conversation_id: conversationId,
      customer_name: 'Njeri Wambui',
      customer_phone: '+254722000333',
      status: values.status ?? 'scheduled',
      payment_status: (values.paid_cents ?? 3_020_000) > 0 ? 'deposit_paid' : 'unpaid',
      subtotal_cents: 3_300_000,
      delivery_fee_cents: 950_000,
      total_cents: 4_250_000,
      deposit_cents: 2_125_000,
      paid_cents: values.paid_cents ?? 3_020_000,
      delivery_town: 'Nakuru',
      delivery_date: values.delivery_date === undefined ? '2026-03-12' : values.delivery_date,
      created_at: at,
      updated_at: at,
    })
    .returning('number')
    .executeTakeFirstOrThrow();
};

describe('"where is my order?" on WhatsApp', () => {
  it('tells the customer the order’s number, state and balance, in their language', async () => {
    const phone = '+254722000333';
    await say(phone, 'Habari');
    const conversation = await conversationOf(phone);
    const { number } = await order(conversation.id);

    await say(phone, 'Mzigo wangu umefika wapi?');
    await say(phone, 'When will my slabs arrive?');
    const texts = await botTexts(conversation.id);
    expect(texts.slice(-2)).toEqual([
      `Oda yako ${number}: Imepangiwa kuletwa hadi Nakuru Alhamisi 12 Machi. Salio: KES 12,300.`,
      `Your order ${number}: Scheduled for delivery to Nakuru on Thursday 12 March. Balance: KES 12,300.`,
    ]);
    // Answered by the bot: the conversation stays the bot's, and staff are not called.
    expect((await conversationOf(phone)).status).toBe('bot_active');
    expect(await db().selectFrom('notifications').select('type').execute()).toEqual([]);
  });

  it('hands a customer with no order to staff', async () => {
    const phone = '+254722000444';
    await say(phone, 'Where is my order?');
    const conversation = await conversationOf(phone);
    expect(conversation.status).toBe('admin_required');
    expect((await botTexts(conversation.id))[0]).toMatch(/^I cannot find an order from this chat\. /);
    const notifications = await db().selectFrom('notifications').select(['type', 'message']).execute();
    expect(notifications).toEqual([
      {
        type: 'unclear_request',
        message: 'Njeri Wambui asks about an order, and none is on this chat: "Where is my order?"',
      },
    ]);
  });
});

describe('customerOrdersRepository', () => {
  it('gives the open orders newest first (at most 3), else the latest, of that conversation only', async () => {
    await say('+254722000555', 'Hello');
    await say('+254722000666', 'Hello');
    const mine = (await conversationOf('+254722000555')).id;
    const other = (await conversationOf('+254722000666')).id;
    const orders = customerOrdersRepository(db());
    expect(await orders.forConversation(mine)).toEqual([]);

    const delivered = await order(mine, { status: 'delivered', minutesAgo: 10 });
    const cancelled = await order(mine, { status: 'cancelled', paid_cents: 0, minutesAgo: 5 });
    await order(other, { minutesAgo: 1 });
    // None open: the latest, whatever its state.
    expect(await orders.forConversation(mine)).toEqual([
      {
        number: cancelled.number,
        status: 'cancelled',
        paymentStatus: 'unpaid',
        total: 42500,
        balance: 42500,
        deliveryDate: '2026-03-12',
        deliveryTown: 'Nakuru',
        pickup: false,
      },
    ]);

    const open = [];
    for (const minutesAgo of [50, 40, 30, 20]) open.push(await order(mine, { status: 'confirmed', minutesAgo }));
    const current = await orders.forConversation(mine);
    expect(current.map((o) => o.number)).toEqual([open[3]!.number, open[2]!.number, open[1]!.number]);
    expect(current.map((o) => o.number)).not.toContain(delivered.number);
  });
});
