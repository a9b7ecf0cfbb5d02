// The bot's runner (server/bot/runner.ts): what a turn is given
// (conversation, memory, settings), what its tools write, in which order
// turns run, and what it refuses, with scripted bots.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bot, BotTools, BotTurn } from '../../bot/interface';
import { createBotRunner, MEMORY_MAX_BYTES, type TurnInput } from '../../bot/runner';
import { BOT_SETTINGS_DEFAULTS, botSettingsDefaults } from '../../modules/bot-settings/defaults';
import { startTestServer, type TestServer } from '../helpers';

let server: TestServer;
const db = () => server.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(async () => {
  await sql`truncate messages, product_events, notifications, outbox, conversations, products, bot_settings restart identity cascade`.execute(
    db(),
  );
});

type Script = (turn: BotTurn, tools: BotTools) => Promise<void>;
const errors: { object: object; message: string }[] = [];
let kicks = 0;

function runner(script: Script, deliver: 'outbox' | 'store' = 'outbox') {
  const bot: Bot = { name: 'scripted', onCustomerMessage: script };
  const services = server.app.services;
  return createBotRunner({
    db: db(),
    inbound: services.inbound,
    bot,
    outboxChanged: () => void kicks++,
    log: { error: (object, message) => void errors.push({ object, message }), warn: () => {} },
    now: services.now,
    deliver,
    settings: services.botSettings.current,
  });
}

/** A customer writes (as the simulator does) and the turn for the runner. */
async function customer(content: string, phone = '+254700000001', at = server.clock.now): Promise<TurnInput> {
  const written = await server.app.services.inbound.customerText(phone, 'Wanjiru', content, at);
  return {
    conversationId: written.conversationId,
    messageId: written.messageId,
    content,
    messageType: 'text',
    customerName: written.customerName,
    phone,
    at,
  };
}

const product = (values: {
  name: string;
  starting_price: number;
  is_active?: boolean;
  stock?: number;
  description_sw?: string;
}) =>
  db()
    .insertInto('products')
    .values({
      category: 'granite',
      ending_price: values.starting_price * 1.4,
      installation_price_per_slab: 2500.5,
      product_image_url: '/uploads/x.png',
      installation_image_urls: [],
      stock: 10,
      is_active: true,
      ...values,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();

const messages = (conversationId: number) =>
  db()
    .selectFrom('messages')
    .select(['sender', 'content', 'timestamp', 'delivery_status'])
    .where('conversation_id', '=', conversationId)
    .orderBy('timestamp')
    .orderBy('id')
    .execute();

describe('a turn', () => {
  it('is given the conversation, what the bot remembered and the settings', async () => {
    const seen: BotTurn[] = [];
    const black = await product({ name: 'Absolute Black Granite', starting_price: 8500 });
    const run = runner(async (turn, tools) => {
      seen.push(turn);
      if (seen.length === 1) {
        await tools.productInterest(black, 'inquiry');
        await tools.offer(8100, 1);
        await tools.remember({ language: 'sw', shortlist: [black.id] });
      }
    });
    const first = await customer('Bei ya black granite?');
    await run.turn(first);
    const saved = botSettingsDefaults();
    saved.bargaining.maxRounds = 5;
    await server.app.services.botSettings.save(saved);
    await run.turn(await customer('Punguza kidogo'));
    expect(seen[0]).toMatchObject({
      ...first,
      conversation: { currentProductId: null, currentOfferPrice: null, bargainingRound: null, converted: false },
      memory: null,
      settings: BOT_SETTINGS_DEFAULTS,
    });
    expect(seen[1]).toMatchObject({
      conversation: { currentProductId: black.id, currentOfferPrice: 8100, bargainingRound: 1, converted: false },
      memory: { language: 'sw', shortlist: [black.id] },
      settings: saved,
    });
    expect(typeof seen[1].conversation.currentOfferPrice).toBe('number');
  });

  it('remember keeps at most 4 KB of JSON, and refuses what has no JSON form', async () => {
    const outcomes: unknown[] = [];
    let value: unknown;
    const run = runner(async (_turn, tools) => {
      outcomes.push(
        await tools.remember(value).then(
          () => 'kept',
          (error: Error) => error.message,
        ),
      );
    });
    const turn = await customer('Hi');
    for (value of [
      'x'.repeat(MEMORY_MAX_BYTES - 2),
      'x'.repeat(MEMORY_MAX_BYTES - 1),
      { big: 10n },
      undefined,
      { fine: true },
    ])
      await run.turn(turn);
    expect(outcomes).toEqual([
      'kept',
      `remember keeps at most ${MEMORY_MAX_BYTES} bytes of JSON; this is ${MEMORY_MAX_BYTES + 1}`,
      expect.stringMatching(/^remember keeps JSON: .*BigInt/),
      'remember keeps JSON: this value has no JSON form',
      'kept',
    ]);
    expect(await db().selectFrom('bot_memory').select(['conversation_id', 'memory']).execute()).toEqual([
      { conversation_id: turn.conversationId, memory: { fine: true } },
    ]);
    // The memory goes with its conversation.
    await db().deleteFrom('conversations').where('id', '=', turn.conversationId).execute();
    expect(await db().selectFrom('bot_memory').select('conversation_id').execute()).toEqual([]);
  });

  it('the catalogue: active products, numbers as numbers, the same list until it changes, then the change at once', async () => {
    const black = await product({
      name: 'Absolute Black Granite',
      starting_price: 8500,
      stock: 3,
      description_sw: 'Granite nyeusi kabisa.',
    });
    await product({ name: 'Retired Granite', starting_price: 5000, is_active: false });
    const lists: Awaited<ReturnType<BotTools['catalogue']>>[] = [];
    const run = runner(async (_turn, tools) => void lists.push(await tools.catalogue()));
    await run.turn(await customer('What do you sell?'));
    expect(lists[0]).toEqual([
      {
        id: black.id,
        name: 'Absolute Black Granite',
        category: 'granite',
        dimensions: null,
        description: null,
        descriptionSw: 'Granite nyeusi kabisa.',
        startingPrice: 8500,
        endingPrice: 11900,
        color: null,
        installationPricePerSlab: 2500.5,
        material: null,
        bowlConfiguration: null,
        stock: 3,
        productImageUrl: '/uploads/x.png',
      },
    ]);
    await run.turn(await customer('Anything else?'));
    // Nothing changed: the same list, not read again.
    expect(lists[1]).toBe(lists[0]);
    await product({ name: 'Tan Brown Granite', starting_price: 7800 });
    await run.turn(await customer('And now?'));
    // A product added a moment ago is known at the next message.
    expect(lists[2]!.map((p) => p.name)).toEqual(['Absolute Black Granite', 'Tan Brown Granite']);
  });
});

describe("the customer's language", () => {
  it('follows what the customer writes, keeps it for a message in neither language, and shows on the conversation', async () => {
    const language = async (conversationId: number) =>
      (
        await server.app.inject({
          url: `/api/conversations/${conversationId}`,
          headers: { cookie: server.cookie },
        })
      ).json().customerLanguage;
    const first = await customer('Habari, mnauza sinki?');
    expect(await language(first.conversationId)).toBe('sw');
    await customer('9000');
    expect(await language(first.conversationId)).toBe('sw');
    await customer('Do you deliver to Nakuru?');
    expect(await language(first.conversationId)).toBe('en');
    // Staff taking over do not stop it: it is read from every customer message.
    await db().updateTable('conversations').set({ status: 'admin_takeover' }).execute();
    await customer('Sawa, nitalipa kesho');
    expect(await language(first.conversationId)).toBe('sw');
  });
});

describe('replies', () => {
  it("go through the outbox as the bot's, and wake the sender", async () => {
    kicks = 0;
    const run = runner(async (_turn, tools) => {
      expect(await tools.reply('Karibu!')).toBe(true);
      expect(await tools.reply('   ')).toBe(false);
    });
    const turn = await customer('Habari');
    expect(await run.turn(turn)).toEqual({ ran: true, replies: ['Karibu!'] });
    expect(await messages(turn.conversationId)).toMatchObject([
      { sender: 'customer', content: 'Habari', delivery_status: null },
      { sender: 'bot', content: 'Karibu!', delivery_status: 'queued' },
    ]);
    expect(await db().selectFrom('outbox').select(['kind', 'content']).execute()).toEqual([
      { kind: 'bot_reply', content: 'Karibu!' },
    ]);
    expect(kicks).toBe(1);
  });

  it("deliver 'store': kept at the turn's clock, nothing queued (the simulator and the seed)", async () => {
    const run = runner(async (_turn, tools) => void (await tools.reply('Karibu!')), 'store');
    const at = new Date('2026-01-05T10:00:00Z');
    const turn = await customer('Habari', '+254700000002', at);
    const answeredAt = new Date('2026-01-05T10:00:07Z');
    await run.turn(turn, { now: () => answeredAt });
    expect(await messages(turn.conversationId)).toEqual([
      { sender: 'customer', content: 'Habari', timestamp: at, delivery_status: null },
      { sender: 'bot', content: 'Karibu!', timestamp: answeredAt, delivery_status: null },
    ]);
    expect(await db().selectFrom('outbox').select('id').execute()).toEqual([]);
    // The bot's response time counts: 7 seconds.
    const overview = (
      await server.app.inject({ method: 'GET', url: '/api/analytics/overview', headers: { cookie: server.cookie } })
    ).json();
    expect(overview.averageResponseTime).toBe(7);
  });

  it('may tell the customer a person takes over after handing over itself; never once staff took over', async () => {
    const run = runner(async (turn, tools) => {
      if (turn.content === 'Mnadeliver Nakuru?') {
        await tools.handoff('delivery_inquiry', 'Wanjiru asks about delivery to Nakuru');
        expect(await tools.reply('A member of our team will reply here shortly.')).toBe(true);
      } else {
        await server.app.services.conversations.setStatus(turn.conversationId, 'admin_takeover');
        expect(await tools.reply('Too late')).toBe(false);
        // Nor does the bot's hand-over undo staff's takeover.
        await tools.handoff('unclear_request', 'nothing');
      }
    });
    const turn = await customer('Mnadeliver Nakuru?');
    const outcome = await run.turn(turn);
    expect(outcome).toMatchObject({
      ran: true,
      replies: ['A member of our team will reply here shortly.'],
      notification: { type: 'delivery_inquiry', conversationId: turn.conversationId },
    });
    const other = await customer('Hello', '+254700000003');
    expect(await run.turn(other)).toEqual({ ran: true, replies: [] });
    expect(await db().selectFrom('conversations').select(['id', 'status']).orderBy('id').execute()).toEqual([
      { id: turn.conversationId, status: 'admin_required' },
      { id: other.conversationId, status: 'admin_takeover' },
    ]);
    expect(await db().selectFrom('notifications').select('type').execute()).toEqual([{ type: 'delivery_inquiry' }]);
  });
});

describe('the queue', () => {
  it("runs one conversation's turns in order, conversations in parallel, and only while the bot has them", async () => {
    const log: string[] = [];
    const gates = new Map<string, () => void>();
    const run = runner(async (turn, tools) => {
      log.push(`start ${turn.content}`);
      if (turn.content.startsWith('slow')) await new Promise<void>((resolve) => gates.set(turn.content, resolve));
      if (turn.content === 'hand over') await tools.handoff('unclear_request', 'x');
      log.push(`end ${turn.content}`);
    });
    const a1 = await customer('slow a1', '+254700000010');
    const a2 = await customer('a2', '+254700000010');
    const b1 = await customer('b1', '+254700000011');
    const done = [run.turn(a1), run.turn(a2), run.turn(b1)];
    await new Promise((resolve) => setTimeout(resolve, 50));
    // b1 ran while a1 waited; a2 waits for a1.
    expect(log).toEqual(['start slow a1', 'start b1', 'end b1']);
    gates.get('slow a1')!();
    await Promise.all(done);
    expect(log).toEqual(['start slow a1', 'start b1', 'end b1', 'end slow a1', 'start a2', 'end a2']);

    // A hand-over: the next turn of that conversation does not run.
    log.length = 0;
    const c1 = await customer('hand over', '+254700000012');
    const c2 = await customer('c2', '+254700000012');
    void run.turn(c1);
    const skipped = run.turn(c2);
    await run.idle();
    expect(await skipped).toEqual({ ran: false, replies: [] });
    expect(log).toEqual(['start hand over', 'end hand over']);
  });

  it('a bot that throws is logged; the next turn runs', async () => {
    errors.length = 0;
    let calls = 0;
    const run = runner(async (turn) => {
      calls++;
      if (turn.content === 'boom') throw new Error('the bot fell over');
    });
    const first = await customer('boom');
    expect(await run.turn(first)).toEqual({ ran: true, replies: [], failed: true });
    await run.turn(await customer('again'));
    expect(calls).toBe(2);
    expect(errors).toEqual([
      {
        object: expect.objectContaining({ conversationId: first.conversationId, messageId: first.messageId }),
        message: 'the bot failed on a customer message (the message is kept)',
      },
    ]);
  });
});
