// The chatbot end to end on the server: customers write through WhatsApp's
// webhook (signed deliveries, as Meta sends them) and the default bot, the
// catalogue bot, answers through the outbox: prices with the picture,
// bargaining within Settings → Chatbot, the sale, the four hand-overs, quiet
// while staff have the conversation, and the analytics it feeds.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../../../common/demo-data';
import { buildApp } from '../../app/app';
import type { BotSettings } from '../../bot/interface';
import { openDatabase, type Database } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { botSettingsDefaults } from '../../modules/bot-settings/defaults';
import type { RealtimeEvent } from '../../realtime/events';
import { ADMIN, TEST_NOW, runningClock } from '../helpers';

const APP_SECRET = 'bot-flow-app-secret-0123456789';

let app: FastifyInstance;
let database: Database;
let dataDir: string;
let cookie: string;
const events: RealtimeEvent[] = [];
const products = new Map<string, { id: number; startingPrice: number; image: string }>();
/** The server's clock: from a fixed date, at the real pace (customers write one after the other). */
const clock = runningClock(TEST_NOW);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bot-flow-test-'));
  database = await openDatabase({});
  await migrate(database);
  app = await buildApp({
    database,
    now: clock,
    validateResponses: true,
    config: {
      dataDir,
      sessionTtlMs: 3_600_000,
      loginRateLimit: 100,
      allowedOrigins: [],
      cookieSecure: false,
      trustProxy: false,
      maxImageBytes: 1024 * 1024,
      testControl: false,
    },
    // No bot given: the default, the catalogue bot.
    whatsapp: { appSecret: APP_SECRET, verifyToken: 'bot-flow-verify-token', retryMs: 50 },
  });
  await app.ready();
  await app.services.auth.ensureFirstAdmin(ADMIN.username, ADMIN.password);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
  for (const [i, p] of DEMO_PRODUCTS.entries()) {
    const image = `/uploads/demo-${i + 1}.png`;
    const row = await database.db
      .insertInto('products')
      .values({
        name: p.name,
        category: p.category,
        dimensions: p.dimensions,
        description: p.description,
        starting_price: p.startingPrice,
        ending_price: p.endingPrice,
        color: p.color ?? null,
        installation_price_per_slab: p.installationPricePerSlab ?? null,
        material: p.material ?? null,
        bowl_configuration: p.bowlConfiguration ?? null,
        stock: 10,
        is_active: true,
        product_image_url: image,
        installation_image_urls: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    products.set(p.name, { id: row.id, startingPrice: p.startingPrice, image });
  }
  const publish = app.hub.publish.bind(app.hub);
  app.hub.publish = (event) => {
    events.push(event);
    publish(event);
  };
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  events.length = 0;
  await saveSettings(botSettingsDefaults());
});

// --- WhatsApp's side ---

let nextNumber = 254722000000;
let nextId = 0;

/** A customer on WhatsApp: each `says` is a signed delivery; resolves when the bot has answered. */
function customer(name: string | null = 'Wanjiru Kamau') {
  const from = String(nextNumber++);
  return {
    phone: `+${from}`,
    async says(text: string) {
      const id = `wamid.FLOW${String(++nextId).padStart(6, '0')}=`;
      // Sent two seconds ago: the bot's response time is a real figure.
      const timestamp = String(Math.floor(clock().getTime() / 1000) - 2);
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '419561257915477',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
                  ...(name !== null && { contacts: [{ profile: { name }, wa_id: from }] }),
                  messages: [{ from, id, timestamp, type: 'text', text: { body: text } }],
                },
              },
            ],
          },
        ],
      });
      const answer = await app.inject({
        method: 'POST',
        url: '/webhooks/whatsapp',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`,
        },
      });
      expect(answer.statusCode).toBe(200);
      await app.whatsappWebhook!.idle();
    },
  };
}

// --- the dashboard's side ---

const api = async (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) => {
  const answer = await app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(200);
  return answer.json();
};
const saveSettings = (settings: BotSettings) => api('PUT', '/api/bot/settings', settings);

async function conversationOf(phone: string) {
  const row = await database.db
    .selectFrom('conversations')
    .select('id')
    .where('customer_address', '=', phone)
    .executeTakeFirstOrThrow();
  return api('GET', `/api/conversations/${row.id}`) as Promise<{
    id: number;
    status: string;
    currentProductId: number | null;
    currentOfferPrice: number | null;
    bargainingRound: number | null;
  }>;
}

/** What the bot queued for this customer, oldest first (the quote a complete deal gets is left out: quotesOf). */
const outboxOf = async (phone: string) =>
  (
    await database.db
      .selectFrom('outbox')
      .select(['content', 'kind', 'document'])
      .where('to_address', '=', phone)
      .orderBy('id')
      .execute()
  )
    .filter((row) => row.document === null)
    .map((row) => {
      expect(row.kind).toBe('bot_reply');
      return row.content;
    });

/** The quotes sent to this customer as documents: their captions. */
const quotesOf = async (phone: string) =>
  (
    await database.db
      .selectFrom('outbox')
      .select(['content'])
      .where('to_address', '=', phone)
      .where('document', 'is not', null)
      .orderBy('id')
      .execute()
  ).map((row) => row.content);

const notificationsOf = async (conversationId: number) =>
  ((await api('GET', '/api/notifications')) as { type: string; message: string; conversationId: number }[]).filter(
    (n) => n.conversationId === conversationId,
  );

describe('a customer who buys', () => {
  it('asks the price, bargains within the settings and takes it', async () => {
    const black = products.get('Absolute Black Granite')!;
    const c = customer();
    await c.says('Hi, how much is Absolute Black Granite?');
    const [priceReply] = await outboxOf(c.phone);
    expect(priceReply).toContain('Absolute Black Granite');
    expect(priceReply).toContain('KES 8,500');
    expect(priceReply.split('\n')).toContain(`Picture: ${black.image}`);
    let conversation = await conversationOf(c.phone);
    expect(conversation).toMatchObject({ status: 'bot_active', currentProductId: black.id, currentOfferPrice: null });
    const analytics = await api('GET', '/api/analytics/products');
    expect(analytics.mostInquired).toContainEqual({
      productId: black.id,
      productName: 'Absolute Black Granite',
      inquiryCount: 1,
    });

    // Floor with the defaults (90 %): 7,650. The bot meets each offer halfway, never below the
    // floor; once there, lower offers get the floor again without a new round.
    const floor = 7650;
    const offers: number[] = [];
    for (const [i, counter] of ['Can you do 7,000?', 'Nitalipa elfu saba', '6k last', '5000'].entries()) {
      await c.says(counter);
      conversation = await conversationOf(c.phone);
      offers.push(conversation.currentOfferPrice!);
      expect(conversation.currentOfferPrice!, counter).toBeGreaterThanOrEqual(floor);
      expect(conversation.currentOfferPrice!, counter).toBeLessThanOrEqual(black.startingPrice);
      expect(conversation.bargainingRound, counter).toBe(Math.min(i + 1, 2));
    }
    expect(offers[0]).toBeLessThan(black.startingPrice);
    expect(offers[2]).toBe(floor);
    expect(offers[3]).toBe(floor);
    const replies = await outboxOf(c.phone);
    expect(replies.at(-1)).toContain('KES 7,650');

    await c.says('Deal');
    conversation = await conversationOf(c.phone);
    const stored = await database.db
      .selectFrom('conversations')
      .select('converted')
      .where('id', '=', conversation.id)
      .executeTakeFirstOrThrow();
    expect(stored.converted).toBe(true);
    expect((await outboxOf(c.phone)).at(-1)).toMatch(/Absolute Black Granite at KES 7,650/);
    const overview = await api('GET', '/api/analytics/overview');
    expect(overview.conversionRate).toBeGreaterThan(0);
    expect(conversation.status).toBe('bot_active');
  });

  it("never goes below a product's own lowest price from the settings", async () => {
    const carrara = products.get('Carrara White Marble')!;
    const settings = botSettingsDefaults();
    settings.bargaining = {
      maxRounds: 2,
      lowestPricePercent: 50,
      productLimits: [{ productId: carrara.id, lowestPrice: 14000 }],
    };
    await saveSettings(settings);
    const c = customer(null);
    await c.says('Bei ya Carrara White Marble ni ngapi?');
    for (const counter of ['punguza kidogo', 'elfu kumi', '10k']) {
      await c.says(counter);
      const { currentOfferPrice } = await conversationOf(c.phone);
      expect(currentOfferPrice!, counter).toBeGreaterThanOrEqual(14000);
    }
    const { bargainingRound, currentOfferPrice } = await conversationOf(c.phone);
    expect(bargainingRound).toBe(2);
    expect(currentOfferPrice).toBe(14000);
  });
});

describe('hand-overs', () => {
  const cases: [string, string[], string, RegExp][] = [
    ['product_not_found', ['Do you have onyx countertops?'], 'onyx', /not in the catalogue/],
    ['delivery_inquiry', ['Mnadeliver Nakuru?'], 'Nakuru', /delivery/],
    ['payment_inquiry', ['Can I pay by M-Pesa?'], 'M-Pesa', /payment/],
    ['unclear_request', ['qwxz bbrrr', 'zzkq plmf'], 'zzkq plmf', /^Unclear request from Achieng Otieno: /],
  ];
  for (const [type, lines, quoted, says] of cases)
    it(`${type}: Admin Required, a ${type} notification saying what the customer wanted`, async () => {
      const c = customer('Achieng Otieno');
      for (const [i, line] of lines.entries()) {
        await c.says(line);
        if (i < lines.length - 1) {
          // The first message it cannot place: a friendly answer, still the bot's.
          expect((await conversationOf(c.phone)).status).toBe('bot_active');
          expect((await outboxOf(c.phone)).at(-1)).toMatch(/did not get that/);
        }
      }
      const conversation = await conversationOf(c.phone);
      expect(conversation.status).toBe('admin_required');
      const notifications = await notificationsOf(conversation.id);
      expect(notifications).toHaveLength(1);
      expect(notifications[0].type).toBe(type);
      expect(notifications[0].message).toContain('Achieng Otieno');
      expect(notifications[0].message).toContain(quoted);
      expect(notifications[0].message).toMatch(says);
      expect(events).toContainEqual({
        type: 'conversation_update',
        data: { id: conversation.id, status: 'admin_required' },
      });
      expect(events).toContainEqual({
        type: 'notification',
        data: expect.objectContaining({ type, conversationId: conversation.id }),
      });
      // The customer is told a person takes over (in English or Swahili).
      expect((await outboxOf(c.phone)).at(-1)).toMatch(/member of our team|wafanyakazi wetu/);
      // Writing on while staff are needed: no bot, no second notification.
      const queued = (await outboxOf(c.phone)).length;
      await c.says('Hello?');
      expect(await outboxOf(c.phone)).toHaveLength(queued);
      expect(await notificationsOf(conversation.id)).toHaveLength(1);
    });
});

describe('staff and the bot', () => {
  it('while staff have taken over the bot writes nothing; handed back, it answers again', async () => {
    const c = customer('Brian Otieno');
    await c.says('Habari');
    const { id } = await conversationOf(c.phone);
    expect(await outboxOf(c.phone)).toHaveLength(1);
    await api('PATCH', `/api/conversations/${id}`, { status: 'admin_takeover' });
    await c.says('How much is Tan Brown Granite?');
    await c.says('Can you do 7000?');
    expect(await outboxOf(c.phone)).toHaveLength(1);
    expect(await conversationOf(c.phone)).toMatchObject({ status: 'admin_takeover', currentOfferPrice: null });

    await api('PATCH', `/api/conversations/${id}`, { status: 'bot_active' });
    await c.says('How much is Tan Brown Granite?');
    const replies = await outboxOf(c.phone);
    expect(replies).toHaveLength(2);
    expect(replies[1]).toContain('KES 7,800');
  });

  it('with the bot switched off in the settings, every new message goes to staff', async () => {
    const settings = botSettingsDefaults();
    settings.enabled = false;
    await saveSettings(settings);
    const c = customer('Mary Wanjiku');
    await c.says('How much is Pure White Quartz?');
    const conversation = await conversationOf(c.phone);
    expect(conversation.status).toBe('admin_required');
    const [notification] = await notificationsOf(conversation.id);
    expect(notification).toMatchObject({ type: 'unclear_request' });
    expect(notification.message).toContain('How much is Pure White Quartz?');
    expect(await outboxOf(c.phone)).toEqual([]);
  });
});

describe('analytics', () => {
  it("the bot's average response time is a real figure", async () => {
    const overview = await api('GET', '/api/analytics/overview');
    // Customers wrote two seconds before the delivery; the bot answered at once.
    expect(overview.averageResponseTime).toBeGreaterThanOrEqual(1);
    expect(overview.averageResponseTime).toBeLessThan(30);
    expect(app.contractViolations).toEqual([]);
  });
});

// What a working day with the bot showed, replayed through the signed webhook as Meta delivers it.
describe('a day of real use, replayed', () => {
  it('keeps a Swahili buyer who offers more than the last price and says "Sawa, deal": a sale at its own price', async () => {
    const c = customer('Achieng Odhiambo');
    await c.says('Habari');
    await c.says('bei ya tan brown');
    for (const offer of ['Nitakupa 5000', 'Nitakupa 6000', 'Punguza zaidi']) await c.says(offer);
    const best = (await conversationOf(c.phone)).currentOfferPrice!;
    const bestText = `KES ${best.toLocaleString('en-US')}`;
    expect((await outboxOf(c.phone)).at(-1)).toContain(bestText);
    // More than the last price ("basi" is Swahili, not a basin): the sale at the bot's price.
    const before = (await outboxOf(c.phone)).length;
    await c.says('7500 basi');
    await c.says('Sawa, deal');
    const replies = await outboxOf(c.phone);
    expect(replies.slice(before).join('\n')).not.toMatch(/Unamaanisha bidhaa gani|sinki|[Ss]ink/);
    expect(replies.at(-1)).toContain(`Tan Brown Granite kwa ${bestText}`);
    const conversation = await conversationOf(c.phone);
    const stored = await database.db
      .selectFrom('conversations')
      .select('converted')
      .where('id', '=', conversation.id)
      .executeTakeFirstOrThrow();
    expect(stored.converted).toBe(true);
    expect(conversation).toMatchObject({ customerLanguage: 'sw' });
    // The sale is not silent: the conversation holds the deal, and staff were told once, though
    // the customer said yes twice ("7500 basi", then "Sawa, deal").
    expect((conversation as unknown as { deal: unknown }).deal).toEqual({
      productId: expect.any(Number),
      productName: 'Tan Brown Granite',
      unitPrice: best,
      quantity: null,
      deliveryTown: null,
      pickup: false,
      agreedBy: 'bot',
      agreedAt: expect.any(String),
    });
    const deals = (await notificationsOf(conversation.id)).filter((n) => n.type === 'deal_accepted');
    expect(deals.map((n) => n.message)).toEqual([`Achieng Odhiambo accepted Tan Brown Granite at ${bestText}`]);
    // It stays the bot's conversation: a deal is not a hand-over.
    expect(conversation).toMatchObject({ status: 'bot_active' });
  });

  it.each(['Habari yako', 'Vipi msee', 'Habari za asubuhi'])('greets "%s" in Swahili', async (hello) => {
    const c = customer(null);
    await c.says(hello);
    const [greeting] = await outboxOf(c.phone);
    expect(greeting).toBe(botSettingsDefaults().greetingSw);
  });

  it("a hand-off says why with the customer's words; only then is anything unread; a staff reply clears its notification and is timed from it", async () => {
    const c = customer('Kevin Mwangi');
    await c.says('bei ya absolute black');
    let conversation = (await conversationOf(c.phone)) as unknown as Record<string, unknown>;
    // The bot answered: nothing for a person to read.
    expect(conversation).toMatchObject({ status: 'bot_active', unreadCount: 0 });

    await c.says('Mnadeliver Kitengela?');
    conversation = (await conversationOf(c.phone)) as unknown as Record<string, unknown>;
    expect(conversation).toMatchObject({
      status: 'admin_required',
      handoffReason: 'delivery_inquiry',
      handoffCustomerText: 'Mnadeliver Kitengela?',
      unreadCount: 1,
    });
    const id = conversation.id as number;
    const [notification] = await notificationsOf(id);
    expect(notification).toMatchObject({ type: 'delivery_inquiry' });

    await api('PATCH', `/api/conversations/${id}`, { status: 'admin_takeover' });
    const reply = await app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers: { cookie },
      payload: { content: 'Ndio, tunadeliver Kitengela kesho.', messageType: 'text' },
    });
    expect(reply.statusCode).toBe(201);
    const unread = (await api('GET', '/api/notifications/unread')) as { conversationId: number }[];
    expect(unread.map((n) => n.conversationId)).not.toContain(id);
    const overview = await api('GET', '/api/analytics/overview');
    expect(overview.staffAverageResponseTime).toEqual(expect.any(Number));
  });
});

describe('delivery from Settings → Delivery', () => {
  it('answers a known town with its fee, hands over an unknown one, and keeps the deal’s count and town', async () => {
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const nakuru = (
      await post('/api/delivery-zones', { name: 'Nakuru', places: ['Lanet'], fee: 9500, leadDays: 3 })
    ).json();
    await api('PUT', '/api/delivery-pickup', {
      enabled: true,
      location: 'Our yard on Mombasa Road, Nairobi',
      leadDays: 1,
    });
    try {
      const c = customer('Otieno Ouma');
      await c.says('Mnadeliver Nakuru?');
      await c.says('Do you deliver to Garissa?');
      const replies = await outboxOf(c.phone);
      expect(replies[0]).toBe('Usafiri hadi Nakuru ni KES 9,500, inachukua takriban siku 3.');
      expect(replies[1]).toContain('Our team arranges delivery and transport');
      const asked = await conversationOf(c.phone);
      expect(asked.status).toBe('admin_required');
      expect((await notificationsOf(asked.id)).map((n) => n.type)).toEqual(['delivery_inquiry']);

      const buyer = customer('Akinyi Atieno');
      await buyer.says('Galaxy Black Granite price?');
      await buyer.says('deal');
      await buyer.says('3 slabs, Lanet');
      const sold = await outboxOf(buyer.phone);
      expect(sold[1]).toBe(
        'Great, thank you! Galaxy Black Granite at KES 11,000 per slab. How many slabs do you need, and should we deliver (to which town) or will you pick up?',
      );
      expect(sold[2]).toBe('Noted: 3 slabs, delivery to Nakuru (KES 9,500, about 3 days). How would you like to pay?');
      // A complete deal is quoted at once: 3 × 11,000 + 9,500 delivery.
      expect(await quotesOf(buyer.phone)).toEqual([
        expect.stringMatching(/^Quotation Q\d{5} – total KES 42,500\.00, valid until .+\. Reply YES to accept\.$/),
      ]);
      const conversation = (await conversationOf(buyer.phone)) as unknown as { status: string; deal: unknown };
      expect(conversation.status).toBe('bot_active');
      expect(conversation.deal).toMatchObject({ quantity: 3, deliveryTown: 'Nakuru', pickup: false });
      const stored = await database.db
        .selectFrom('conversations')
        .select('deal_delivery_zone_id')
        .where('customer_address', '=', buyer.phone)
        .executeTakeFirstOrThrow();
      expect(stored.deal_delivery_zone_id).toBe(nakuru.id);
    } finally {
      await database.db.deleteFrom('delivery_zones').execute();
      await database.db.deleteFrom('delivery_pickup').execute();
    }
  });
});
