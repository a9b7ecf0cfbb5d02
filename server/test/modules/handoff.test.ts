// A hand-off says why and since when (openapi.yaml's handoffReason, handoffAt,
// handoffCustomerText; migration 021): set when a conversation becomes Admin
// Required (the bot's hand-over, the simulator's, staff's), kept while staff
// have it taken over, cleared when it goes back to the bot; and the "Needs a
// person" list, longest waiting first (search order=waiting), paged.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogueBot } from '../../bot/catalogue';
import type { Bot } from '../../bot/interface';
import { createBotRunner, type TurnInput } from '../../bot/runner';
import { handoffBot } from '../../bot/handoff-bot';
import { startTestServer, TEST_NOW, type TestServer } from '../helpers';

let server: TestServer;
const db = () => server.database.db;
type Answer = { statusCode: number; json: () => any; headers: Record<string, unknown> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads of JSON bodies
const call = (method: 'GET' | 'PATCH', url: string, payload?: object): Promise<Answer> =>
  server.app.inject({ method, url, payload, headers: { cookie: server.cookie } });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(async () => {
  server.clock.now = new Date(TEST_NOW);
  await sql`truncate messages, product_events, notifications, outbox, conversations, products, bot_settings, bot_memory restart identity cascade`.execute(
    db(),
  );
});
afterEach(() => {
  expect(server.app.contractViolations.splice(0)).toEqual([]);
});

const at = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * 60_000);

function runner(bot: Bot) {
  const services = server.app.services;
  return createBotRunner({
    db: db(),
    inbound: services.inbound,
    bot,
    outboxChanged: () => {},
    log: { error: () => {}, warn: () => {} },
    now: services.now,
    deliver: 'store',
    settings: services.botSettings.current,
  });
}

/** A customer writes (as the simulator does); the turn for the runner. */
async function customer(content: string, phone: string, when = server.clock.now): Promise<TurnInput> {
  const written = await server.app.services.inbound.customerText(phone, 'Wanjiru Kamau', content, when);
  return {
    conversationId: written.conversationId,
    messageId: written.messageId,
    content,
    messageType: 'text',
    customerName: written.customerName,
    phone,
    at: when,
  };
}

const conversation = async (id: number) => (await call('GET', `/api/conversations/${id}`)).json();
const handoff = async (id: number) => {
  const { status, handoffReason, handoffAt, handoffCustomerText } = await conversation(id);
  return { status, handoffReason, handoffAt, handoffCustomerText };
};

describe("the bot's hand-over", () => {
  it("keeps the reason (the notification's type unless the bot names another), the turn's time and the customer's first line", async () => {
    const scripted: Bot = {
      name: 'scripted',
      async onCustomerMessage(turn, tools) {
        if (turn.content.includes('deliver')) await tools.handoff('delivery_inquiry', 'Asks about delivery');
        else await tools.handoff('unclear_request', 'Wants a person', 'person_requested');
      },
    };
    const bot = runner(scripted);
    server.clock.now = at(5);
    const delivery = await customer('Do you deliver to Nakuru?\nIt is for a kitchen.', '+254700000001');
    await bot.turn(delivery);
    const person = await customer('Can I talk to someone?', '+254700000002');
    server.clock.now = at(7);
    await bot.turn(person);

    expect(await handoff(delivery.conversationId)).toEqual({
      status: 'admin_required',
      handoffReason: 'delivery_inquiry',
      handoffAt: at(5).toISOString(),
      handoffCustomerText: 'Do you deliver to Nakuru?',
    });
    expect(await handoff(person.conversationId)).toEqual({
      status: 'admin_required',
      handoffReason: 'person_requested',
      handoffAt: at(7).toISOString(),
      handoffCustomerText: 'Can I talk to someone?',
    });
  });

  it('the catalogue bot: a customer asking for a person, and every message while the bot is off', async () => {
    const bot = runner(catalogueBot);
    const asked = await customer('I want to talk to a human please', '+254700000003');
    await bot.turn(asked);
    expect((await handoff(asked.conversationId)).handoffReason).toBe('person_requested');

    const settings = (await call('GET', '/api/bot/settings')).json();
    await server.app.inject({
      method: 'PUT',
      url: '/api/bot/settings',
      payload: { ...settings, enabled: false },
      headers: { cookie: server.cookie },
    });
    const off = await customer('Habari, mnauza granite?', '+254700000004');
    await bot.turn(off);
    expect(await handoff(off.conversationId)).toMatchObject({
      handoffReason: 'bot_off',
      handoffCustomerText: 'Habari, mnauza granite?',
    });

    const everyone = runner(handoffBot);
    const first = await customer('Hello', '+254700000005');
    await everyone.turn(first);
    expect((await handoff(first.conversationId)).handoffReason).toBe('bot_off');
  });

  it('the simulator: a hand-over carries its type and the words that caused it', async () => {
    await server.app.services.inbound.customerText('+254700000006', null, 'Mnakubali M-Pesa?', at(-3));
    const id = (await db().selectFrom('conversations').select('id').executeTakeFirstOrThrow()).id;
    await server.app.services.inbound.handoff(id, 'payment_inquiry', 'Asks about payment', {
      customerText: 'Mnakubali M-Pesa?',
    });
    // Without a time: since the message that caused it.
    expect(await handoff(id)).toEqual({
      status: 'admin_required',
      handoffReason: 'payment_inquiry',
      handoffAt: at(-3).toISOString(),
      handoffCustomerText: 'Mnakubali M-Pesa?',
    });
  });
});

describe('staff and the hand-off', () => {
  it('taken over it stays, back to the bot it goes; staff marking a conversation is a hand-off from then', async () => {
    const bot = runner({
      name: 'scripted',
      onCustomerMessage: (_turn, tools) => tools.handoff('payment_inquiry', 'Asks about payment'),
    });
    const turn = await customer('Can I pay by M-Pesa?', '+254700000007');
    await bot.turn(turn);
    const id = turn.conversationId;
    const handed = await handoff(id);

    // Already waiting: marking it again changes nothing.
    server.clock.now = at(30);
    expect((await call('PATCH', `/api/conversations/${id}`, { status: 'admin_required' })).statusCode).toBe(200);
    expect(await handoff(id)).toEqual(handed);

    const taken = (await call('PATCH', `/api/conversations/${id}`, { status: 'admin_takeover' })).json();
    expect(taken).toMatchObject({
      status: 'admin_takeover',
      handoffReason: 'payment_inquiry',
      handoffAt: handed.handoffAt,
    });

    const back = (await call('PATCH', `/api/conversations/${id}`, { status: 'bot_active' })).json();
    expect(back).toMatchObject({ handoffReason: null, handoffAt: null, handoffCustomerText: null });

    server.clock.now = at(45);
    const marked = (await call('PATCH', `/api/conversations/${id}`, { status: 'admin_required' })).json();
    expect(marked).toMatchObject({
      status: 'admin_required',
      handoffReason: 'staff_marked',
      handoffAt: at(45).toISOString(),
      handoffCustomerText: null,
    });
  });

  it('a writer that sets the status alone (a seed, a bulk insert) still gets a time, and loses the hand-off with the bot', async () => {
    const [row] = await db()
      .insertInto('conversations')
      .values({
        customer_name: 'Bulk',
        customer_address: '+254700000008',
        status: 'admin_required',
        created_at: at(-60),
        last_message_at: at(-10),
      })
      .returning('id')
      .execute();
    expect((await handoff(row.id)).handoffAt).toBe(at(-10).toISOString());
    await db().updateTable('conversations').set({ status: 'bot_active' }).where('id', '=', row.id).execute();
    expect(await handoff(row.id)).toEqual({
      status: 'bot_active',
      handoffReason: null,
      handoffAt: null,
      handoffCustomerText: null,
    });
  });
});

describe('"Needs a person": order=waiting', () => {
  /** Conversations handed over at the given minutes, in another order than their last activity. */
  async function handedOverAt(minutes: number[]) {
    const ids: number[] = [];
    for (const [i, minute] of minutes.entries()) {
      const turn = await customer(`Question ${i}`, `+25471000000${i}`, at(minute));
      await server.app.services.inbound.handoff(turn.conversationId, 'unclear_request', `Question ${i}`, {
        at: at(minute),
        customerText: `Question ${i}`,
      });
      // Later activity that does not move the hand-off's time.
      await server.app.services.inbound.customerText(`+25471000000${i}`, null, 'Hello?', at(100 + minute));
      ids.push(turn.conversationId);
    }
    return ids;
  }

  it('lists the longest waiting first, page after page, and the next link keeps the order', async () => {
    const [a, b, c, d] = await handedOverAt([20, 5, 40, 10]);
    // Not waiting for a person: not listed.
    await customer('Just looking', '+254720000000', at(50));

    const first = await call('GET', '/api/conversations/search?status=admin_required&order=waiting&limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json().map((x: { id: number }) => x.id)).toEqual([b, d]);
    expect(first.headers['x-total-count']).toBe('4');
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1];
    expect(next).toContain('order=waiting');
    const second = await call('GET', next);
    expect(second.json().map((x: { id: number }) => x.id)).toEqual([a, c]);

    // Without order: most recent activity first, as before.
    const recent = await call('GET', '/api/conversations/search?status=admin_required');
    expect(recent.json().map((x: { id: number }) => x.id)).toEqual([c, a, d, b]);
  });

  it('only for hand-offs: without status=admin_required it is refused (422)', async () => {
    const refused = await call('GET', '/api/conversations/search?order=waiting');
    expect(refused.statusCode).toBe(422);
    expect((await call('GET', '/api/conversations/search?status=bot_active&order=waiting')).statusCode).toBe(422);
  });

  it('reads the partial index conversations_waiting', async () => {
    await handedOverAt([1, 2, 3]);
    await sql`analyze conversations`.execute(db());
    await sql`set enable_seqscan = off`.execute(db());
    try {
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select id from conversations
        where status = 'admin_required' and (handoff_at, id) > (${at(1)}::timestamptz, 1)
        order by handoff_at, id limit 5`.execute(db());
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('conversations_waiting');
    } finally {
      await sql`set enable_seqscan = on`.execute(db());
    }
  });
});
