// From "deal" to an order, with the bot alone: a Swahili customer agrees a price, says how many
// and where ("3 slabs, Nakuru"), receives the quote as a PDF document (its caption in the thread),
// answers "sawa", and the order is made with the quote's total. Nothing about it is silent: the
// deal raises one notification and the order one order_updated event.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../realtime/events';
import { replyTexts, startTestServer, TEST_NOW, type TestServer } from '../helpers';

let server: TestServer;
const db = () => server.database.db;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  server = await startTestServer({ sessionTtlMs: 365 * 86_400_000 });
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
  events.length = 0;
  await sql`truncate order_events, order_payments, order_lines, orders, order_counts, quote_lines, quotes, messages,
    product_events, notifications, outbox, conversations, products, delivery_zones, bot_memory restart identity cascade`.execute(
    db(),
  );
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
    externalId: `wamid.${++sequence}`,
    type: 'text',
    content,
    at: server.clock.now,
  });
  await received?.turn;
  server.clock.now = new Date(server.clock.now.getTime() + 60_000);
}

const botTexts = (conversationId: number) => replyTexts(server, conversationId);

describe('a deal becomes a quote, then an order, with the bot alone', () => {
  it('quotes "3 slabs, Nakuru" at once and makes the order on "sawa"', async () => {
    await db()
      .insertInto('products')
      .values({
        name: 'Tan Brown Granite',
        category: 'granite',
        color: 'Brown',
        starting_price: 7800,
        ending_price: 10500,
        stock: 9,
        is_active: true,
        installation_image_urls: [],
      })
      .execute();
    const zone = await server.app.services.deliveryZones.create({ name: 'Nakuru', places: [], fee: 9500, leadDays: 3 });
    const phone = '+254722000111';

    await say(phone, 'bei ya tan brown');
    await say(phone, 'Nitakupa 7500');
    await say(phone, 'Sawa, deal');
    const conversation = await db().selectFrom('conversations').selectAll().executeTakeFirstOrThrow();
    expect(conversation.deal_product_name).toBe('Tan Brown Granite');
    const price = Number(conversation.deal_unit_price);
    expect(price).toBeGreaterThanOrEqual(7500);
    expect(await server.app.services.quotes.listForConversation(conversation.id)).toEqual([]);

    await say(phone, 'Nataka slab 3, mniletee Nakuru');
    const [quote] = await server.app.services.quotes.listForConversation(conversation.id);
    expect(quote).toMatchObject({
      status: 'sent',
      lines: [expect.objectContaining({ description: 'Tan Brown Granite', quantity: 3, unitPrice: price })],
      deliveryZoneId: zone.id,
      deliveryTown: 'Nakuru',
      deliveryFee: 9500,
      total: 3 * price + 9500,
    });
    // The customer receives it as a document with its caption, queued once.
    const documents = await db().selectFrom('outbox').select(['document']).where('document', 'is not', null).execute();
    expect(documents).toHaveLength(1);
    expect(JSON.stringify(documents[0].document)).toContain(quote.number);
    // In the thread, the caption in the customer's Swahili.
    expect(await botTexts(conversation.id)).toContainEqual(
      expect.stringMatching(new RegExp(`^Nukuu ${quote.number} – jumla KES`)),
    );

    // Another turn does not quote again.
    await say(phone, 'Asante');
    expect(await server.app.services.quotes.listForConversation(conversation.id)).toHaveLength(1);

    await say(phone, 'sawa');
    const [accepted] = await server.app.services.quotes.listForConversation(conversation.id);
    expect(accepted.status).toBe('accepted');
    const orders = await db().selectFrom('orders').selectAll().execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ quote_id: quote.id, conversation_id: conversation.id });
    expect(Number(orders[0].total_cents)).toBe(Math.round((3 * price + 9500) * 100));
    // The quote now leads to its order (the thread's card links to it).
    expect(accepted.orderId).toBe(orders[0].id);
    expect(events.filter((e) => e.type === 'order_updated')).toHaveLength(1);
    const notifications = await db().selectFrom('notifications').select(['type', 'message']).execute();
    expect(notifications.filter((n) => n.type === 'deal_accepted')).toHaveLength(1);
  });

  it('quotes nothing while the delivery is unknown, or once a person has the conversation', async () => {
    await db()
      .insertInto('products')
      .values({
        name: 'Tan Brown Granite',
        category: 'granite',
        starting_price: 7800,
        ending_price: 10500,
        stock: 9,
        is_active: true,
        installation_image_urls: [],
      })
      .execute();
    await server.app.services.deliveryZones.create({ name: 'Thika', places: [], fee: 3500, leadDays: 1 });
    const phone = '+254722000222';
    await say(phone, 'bei ya tan brown');
    await say(phone, 'Sawa, deal');
    const conversation = await db().selectFrom('conversations').select('id').executeTakeFirstOrThrow();
    await say(phone, 'Nataka 2');
    expect(await server.app.services.quotes.listForConversation(conversation.id)).toEqual([]);
    await db().updateTable('conversations').set({ status: 'admin_takeover' }).execute();
    await say(phone, 'Mniletee Thika');
    expect(await server.app.services.quotes.listForConversation(conversation.id)).toEqual([]);
  });
});
