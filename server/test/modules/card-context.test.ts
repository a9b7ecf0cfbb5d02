// Context on every card (migration 009): each conversation carries
// its last message's first line and its customer's, kept where messages are
// added; each notification names its customer and quotes what they last wrote;
// the simulator's notification texts name the customer and quote an unclear
// request. Migration 009's back-fill gives rows stored before it the same.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { loadMigrations, migrate } from '../../db/migrate';
import { toConversation } from '../../modules/conversations/mapper';
import { conversationsRepository } from '../../modules/conversations/repository';
import { createSimulator } from '../../demo/simulate';
import { beforeChannels, startTestServer, type TestServer } from '../helpers';

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads of JSON bodies
let get: (url: string) => Promise<any>;
beforeAll(async () => {
  server = await startTestServer();
  get = async (url) => (await server.app.inject({ method: 'GET', url, headers: { cookie: server.cookie } })).json();
});
afterAll(() => server.close());
afterEach(() => {
  // Every answer, with the new fields, matches the contract.
  expect(server.app.contractViolations.splice(0)).toEqual([]);
});

let nextPhone = 10_000_000;
const newPhone = () => `+2547${nextPhone++}`;

type Listed = { id: number; lastMessagePreview?: string | null; lastCustomerMessagePreview?: string | null };

async function listed(id: number): Promise<Listed> {
  const all: Listed[] = await get('/api/conversations?limit=200');
  const found = all.find((c) => c.id === id);
  expect(found).toBeDefined();
  return found!;
}

describe('conversation previews', () => {
  it('show the first line of the last message, and of the customer’s last message', async () => {
    const { inbound } = server.app.services;
    const phone = newPhone();
    const id = await inbound.customerMessage(phone, 'Omondi Were', '\n  Tan Brown Granite bei gani?  \nFor 3 slabs');
    expect(await listed(id)).toMatchObject({
      lastMessagePreview: 'Tan Brown Granite bei gani?',
      lastCustomerMessagePreview: 'Tan Brown Granite bei gani?',
    });

    await inbound.botMessage(id, 'Tan Brown Granite costs KES 7,800 to KES 10,500 per slab.');
    expect(await listed(id)).toMatchObject({
      lastMessagePreview: 'Tan Brown Granite costs KES 7,800 to KES 10,500 per slab.',
      lastCustomerMessagePreview: 'Tan Brown Granite bei gani?',
    });

    // A customer message that arrives late (written before the last one) is not what they last wrote.
    await inbound.customerMessage(phone, null, 'An older question', new Date(server.clock.now.getTime() - 3_600_000));
    expect(await listed(id)).toMatchObject({ lastCustomerMessagePreview: 'Tan Brown Granite bei gani?' });

    // Long lines are cut at 200 characters, the last one '…'.
    await inbound.customerMessage(phone, null, 'a'.repeat(250));
    const long = await listed(id);
    expect(long.lastCustomerMessagePreview).toBe(`${'a'.repeat(199)}…`);
    expect(long.lastMessagePreview).toBe(long.lastCustomerMessagePreview);
  });

  it('are the same in the JSON PostgreSQL builds and in the mapper (the reference)', async () => {
    const { inbound } = server.app.services;
    const id = await inbound.customerMessage(newPhone(), null, 'Mnafika Kisumu?\nNa bei?');
    const row = await conversationsRepository(server.database.db).find(id);
    expect(await listed(id)).toEqual(toConversation(row!));
    expect(await get(`/api/conversations/${id}`)).toEqual(toConversation(row!));
  });
});

describe('notifications', () => {
  it('name the customer and quote what they last wrote; by number when they gave no name', async () => {
    const { inbound } = server.app.services;
    const named = newPhone();
    const id = await inbound.customerMessage(named, 'Omondi Were', 'Do you have a copper farmhouse sink?\nA big one');
    const notification = await inbound.handoff(id, 'product_not_found', 'Omondi Were asked for a copper sink');
    expect(notification).toMatchObject({
      customerName: 'Omondi Were',
      customerPhone: named,
      customerQuote: 'Do you have a copper farmhouse sink?',
    });
    const unnamed = newPhone();
    const other = await inbound.customerMessage(unnamed, null, 'Ile kitu ya jana, bado iko?');
    await inbound.handoff(other, 'unclear_request', `Unclear request from ${unnamed}`);
    const list: { conversationId: number }[] = await get('/api/notifications?limit=200');
    expect(list.find((n) => n.conversationId === id)).toMatchObject({ customerName: 'Omondi Were' });
    expect(list.find((n) => n.conversationId === other)).toMatchObject({
      customerName: null,
      customerPhone: unnamed,
      customerQuote: 'Ile kitu ya jana, bado iko?',
    });
    // The unread list and the JavaScript mapping (the reference) say the same.
    const unread: { conversationId: number }[] = await get('/api/notifications/unread?limit=200');
    expect(unread.find((n) => n.conversationId === other)).toEqual(list.find((n) => n.conversationId === other));
    const reference = await server.app.services.notifications.list();
    expect(reference.find((n) => n.conversationId === other)).toEqual(list.find((n) => n.conversationId === other));
  });

  it("from the simulator use the customer's name when known and quote an unclear request", async () => {
    const simulator = createSimulator(server.database.db, server.app.services);
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const notification = await simulator.handoff();
      seen.add(notification.type);
      const { customerName, customerPhone, customerQuote } = notification;
      expect(customerQuote).toBeTruthy();
      if (notification.type === 'unclear_request')
        expect(notification.message).toBe(
          `Unclear request from ${customerName ?? `Customer ${customerPhone}`}: "${customerQuote}"`,
        );
      else if (customerName) {
        expect(notification.message.startsWith(`${customerName} `)).toBe(true);
        expect(notification.message).not.toContain(customerPhone);
      } else expect(notification.message.startsWith(`Customer ${customerPhone} `)).toBe(true);
    }
    expect(seen.size).toBe(4);
  });
});

describe('migration 009', () => {
  it('fills the previews and the notifications of rows stored before it', async () => {
    const database = await openDatabase({});
    try {
      const db = database.db;
      await migrate(
        database,
        loadMigrations().filter((m) => m.version < 9),
      );
      const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, minutes));
      const [named, empty] = await db
        .insertInto('conversations')
        .values([
          beforeChannels({
            customer_name: 'Achieng Odhiambo',
            customer_address: '+254701556723',
            created_at: at(0),
            last_message_at: at(5),
          }),
          beforeChannels({
            customer_name: null,
            customer_address: '+254733902114',
            created_at: at(0),
            last_message_at: at(0),
          }),
        ])
        .returning('id')
        .execute();
      await sql`insert into messages (conversation_id, sender, content, timestamp) values
        (${named.id}, 'customer', ${'Calacatta bei gani?\nPer slab'}, ${at(1)}),
        (${named.id}, 'customer', 'Can you do 20,000?', ${at(3)}),
        (${named.id}, 'bot', 'Let me ask the team.', ${at(5)})`.execute(db);
      // A notification between the two customer messages quotes the first.
      await sql`insert into notifications (type, message, conversation_id, created_at) values
        ('payment_inquiry', 'Customer asks', ${named.id}, ${at(2)}),
        ('unclear_request', 'Unclear request', ${empty.id}, ${at(1)})`.execute(db);

      await migrate(database);
      const rows = await db
        .selectFrom('conversations')
        .select(['id', 'last_message_preview', 'last_customer_message_preview'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        {
          id: named.id,
          last_message_preview: 'Let me ask the team.',
          last_customer_message_preview: 'Can you do 20,000?',
        },
        { id: empty.id, last_message_preview: null, last_customer_message_preview: null },
      ]);
      const notifications = await db
        .selectFrom('notifications')
        .select(['conversation_id', 'customer_name', 'customer_phone', 'customer_quote'])
        .orderBy('id')
        .execute();
      expect(notifications).toEqual([
        {
          conversation_id: named.id,
          customer_name: 'Achieng Odhiambo',
          customer_phone: '+254701556723',
          customer_quote: 'Calacatta bei gani?',
        },
        { conversation_id: empty.id, customer_name: null, customer_phone: '+254733902114', customer_quote: null },
      ]);
      // A notification inserted afterwards without them takes them from its conversation.
      const later = await db
        .insertInto('notifications')
        .values({ type: 'delivery_inquiry', message: 'Delivery?', conversation_id: named.id, created_at: at(9) })
        .returning(['customer_name', 'customer_phone', 'customer_quote'])
        .executeTakeFirstOrThrow();
      expect(later).toEqual({
        customer_name: 'Achieng Odhiambo',
        customer_phone: '+254701556723',
        customer_quote: 'Can you do 20,000?',
      });
    } finally {
      await database.close();
    }
  });

  it('message_preview keeps the first line that has text, trimmed, and blanks as null', async () => {
    const preview = async (text: string) =>
      (await sql<{ p: string | null }>`select message_preview(${text}) as p`.execute(server.database.db)).rows[0].p;
    expect(await preview('\r\n\t Hello there \r\nSecond')).toBe('Hello there');
    expect(await preview(' \n \n')).toBeNull();
    expect(await preview('é'.repeat(200))).toBe('é'.repeat(200));
    expect(await preview('é'.repeat(201))).toBe(`${'é'.repeat(199)}…`);
  });
});
