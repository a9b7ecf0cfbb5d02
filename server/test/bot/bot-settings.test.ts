// Settings → Chatbot (GET and PUT /api/bot/settings): the defaults
// until staff save, what openapi.yaml refuses (422), the rules beyond it
// (400 with a plain message), a save seen by the bot at once, and the
// session and Origin checks every state-changing route has.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { BotSettings } from '../../bot/interface';
import { BOT_SETTINGS_DEFAULTS, botSettingsDefaults } from '../../modules/bot-settings/defaults';
import { knownTimeZone } from '../../modules/bot-settings/service';
import { CONTRACT_FILE } from '../../../common/contract';
import { startTestServer, type TestServer } from '../helpers';

let server: TestServer;
let productId: number;
beforeAll(async () => {
  server = await startTestServer();
  ({ id: productId } = await server.database.db
    .insertInto('products')
    .values({
      name: 'Absolute Black Granite',
      category: 'granite',
      starting_price: 8500,
      ending_price: 12000,
      stock: 10,
      is_active: true,
      installation_image_urls: [],
    })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterAll(() => server?.close());
beforeEach(async () => {
  await sql`delete from bot_settings`.execute(server.database.db);
});

const get = () => server.app.inject({ method: 'GET', url: '/api/bot/settings', headers: { cookie: server.cookie } });
const put = (body: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/bot/settings',
    headers: { cookie: server.cookie, ...headers },
    payload: body as object,
  });

type Day = BotSettings['businessHours']['days'][number];
/** The defaults with a week the contract's types cannot hold (out of order, a day twice…). */
const withWeek = (change: (days: Day[]) => Day[]) => {
  const s = botSettingsDefaults();
  return { ...s, businessHours: { ...s.businessHours, days: change([...s.businessHours.days]) } };
};

/** The defaults with some changes. */
const settings = (change: (s: BotSettings) => void = () => {}) => {
  const s = botSettingsDefaults();
  change(s);
  return s;
};

describe('GET /api/bot/settings', () => {
  it("answers the defaults until staff save: openapi.yaml's BotSettingsDefaults example", async () => {
    const contract = parse(readFileSync(CONTRACT_FILE, 'utf8')) as {
      components: { examples: Record<string, { value: unknown }> };
    };
    expect(BOT_SETTINGS_DEFAULTS).toEqual(contract.components.examples.BotSettingsDefaults.value);
    const answer = await get();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(BOT_SETTINGS_DEFAULTS);
    expect(server.app.contractViolations.splice(0)).toEqual([]);
  });

  it('needs a session', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/bot/settings' });
    expect(answer.statusCode).toBe(401);
  });
});

describe('PUT /api/bot/settings', () => {
  it('saves and answers the saved settings; GET and the bot see them at once', async () => {
    const current = server.app.services.botSettings.current;
    expect(await current()).toEqual(BOT_SETTINGS_DEFAULTS);
    const saved = settings((s) => {
      s.enabled = false;
      s.greeting = 'Karibu Stone & Sinks!';
      // 8000.23: two decimals, which a binary multipleOf: 0.01 would refuse.
      s.bargaining = { maxRounds: 2, lowestPricePercent: 92, productLimits: [{ productId, lowestPrice: 8000.23 }] };
      s.businessHours.enabled = true;
      s.businessHours.timezone = 'Europe/London';
      s.businessHours.days[6] = { day: 'sunday', open: true, from: '10:00', to: '12:30' };
      s.outOfHoursMessage = 'We are closed.';
    });
    const answer = await put(saved);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual(saved);
    expect((await get()).json()).toEqual(saved);
    expect(await current()).toEqual(saved);
    // Saving again replaces (one row).
    expect((await put(BOT_SETTINGS_DEFAULTS)).json()).toEqual(BOT_SETTINGS_DEFAULTS);
    expect(await server.database.db.selectFrom('bot_settings').select('id').execute()).toEqual([{ id: 1 }]);
    expect(await current()).toEqual(BOT_SETTINGS_DEFAULTS);
    expect(server.app.contractViolations.splice(0)).toEqual([]);
  });

  it('keeps the Swahili greeting and out-of-hours message; settings saved without them read the defaults', async () => {
    const swahili = settings((s) => {
      s.greetingSw = 'Karibu Stone & Sinks!';
      s.outOfHoursMessageSw = 'Tumefunga kwa sasa.';
    });
    expect((await put(swahili)).json()).toEqual(swahili);
    expect(await server.app.services.botSettings.current()).toEqual(swahili);
    // A dashboard that does not know the Swahili fields saves without them.
    const {
      greetingSw: _greeting,
      outOfHoursMessageSw: _outOfHours,
      ...english
    } = settings((s) => (s.greeting = 'Welcome!'));
    const answer = await put(english);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      ...english,
      greetingSw: BOT_SETTINGS_DEFAULTS.greetingSw,
      outOfHoursMessageSw: BOT_SETTINGS_DEFAULTS.outOfHoursMessageSw,
    });
    expect(server.app.contractViolations.splice(0)).toEqual([]);
  });

  it('drops the lowest price of a product deleted since, so what GET answers saves back as it is', async () => {
    const { id: gone } = await server.database.db
      .insertInto('products')
      .values({
        name: 'Onyx Honey Slab',
        category: 'marble',
        starting_price: 30000,
        ending_price: 36000,
        stock: 1,
        is_active: true,
        installation_image_urls: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const both = settings((s) => {
      s.bargaining.productLimits = [
        { productId, lowestPrice: 8000 },
        { productId: gone, lowestPrice: 28000 },
      ];
    });
    expect((await put(both)).statusCode).toBe(200);
    await server.database.db.deleteFrom('products').where('id', '=', gone).execute();
    const read = (await get()).json() as BotSettings;
    expect(read.bargaining.productLimits).toEqual([{ productId, lowestPrice: 8000 }]);
    const saved = await put(read);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(server.app.contractViolations.splice(0)).toEqual([]);
  });

  it('refuses what breaks the rules with 400 and a plain message, saving nothing', async () => {
    const cases: [BotSettings, string][] = [
      [settings((s) => (s.businessHours.timezone = 'Africa/Atlantis')), 'Unknown time zone: Africa/Atlantis'],
      [settings((s) => (s.businessHours.timezone = '+03:00')), 'Unknown time zone: +03:00'],
      [
        settings((s) => (s.businessHours.days[0] = { day: 'monday', open: true, from: '18:00', to: '08:00' })),
        'Closing time must be after opening time on Monday',
      ],
      [
        settings((s) => (s.businessHours.days[4] = { day: 'friday', open: true, from: '09:00', to: '09:00' })),
        'Closing time must be after opening time on Friday',
      ],
      [
        settings(
          (s) =>
            (s.bargaining.productLimits = [
              { productId, lowestPrice: 8000 },
              { productId, lowestPrice: 7000 },
            ]),
        ),
        `Product ${productId} has more than one lowest price`,
      ],
      [
        settings((s) => (s.bargaining.productLimits = [{ productId, lowestPrice: 8000.001 }])),
        `The lowest price of product ${productId} must have at most two decimals (cents)`,
      ],
      [
        settings((s) => (s.bargaining.productLimits = [{ productId: 123456, lowestPrice: 8000 }])),
        'Product 123456 does not exist',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await put(body);
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json()).toEqual({ message });
    }
    // A closed day's hours are not checked.
    const closed = settings(
      (s) => (s.businessHours.days[6] = { day: 'sunday', open: false, from: '13:00', to: '09:00' }),
    );
    expect((await put(closed)).statusCode).toBe(200);
    await sql`delete from bot_settings`.execute(server.database.db);
    expect((await get()).json()).toEqual(BOT_SETTINGS_DEFAULTS);
    expect(server.app.contractViolations.splice(0)).toEqual([]);
  });

  it("refuses what openapi.yaml's BotSettings does not allow with 422", async () => {
    const bodies: unknown[] = [
      {},
      { ...BOT_SETTINGS_DEFAULTS, extra: true },
      { ...BOT_SETTINGS_DEFAULTS, greeting: '   ' },
      { ...BOT_SETTINGS_DEFAULTS, greeting: 'x'.repeat(501) },
      // The Swahili texts have the English ones' limits.
      { ...BOT_SETTINGS_DEFAULTS, greetingSw: '' },
      { ...BOT_SETTINGS_DEFAULTS, greetingSw: 'x'.repeat(501) },
      { ...BOT_SETTINGS_DEFAULTS, outOfHoursMessageSw: ' ' },
      { ...BOT_SETTINGS_DEFAULTS, outOfHoursMessageSw: 'x'.repeat(501) },
      { ...BOT_SETTINGS_DEFAULTS, enabled: 'yes' },
      settings((s) => (s.bargaining.maxRounds = 11)),
      settings((s) => (s.bargaining.lowestPricePercent = 49)),
      settings((s) => s.businessHours.days.pop()),
      settings((s) => (s.businessHours.days[0].from = '8:00')),
      settings((s) => (s.businessHours.days[0].to = '24:00')),
      // The week's order is the contract's (prefixItems): each position has its day.
      withWeek((days) => days.map((day) => ({ ...day, day: 'friday' }))),
      withWeek((days) => days.reverse()),
      withWeek((days) => [days[0], { ...days[1], day: 'monday' }, ...days.slice(2)]),
      withWeek((days) => [...days, { day: 'monday', open: false, from: '09:00', to: '17:00' }]),
    ];
    for (const [i, body] of bodies.entries()) {
      const answer = await put(body);
      expect(answer.statusCode, `body ${i}`).toBe(422);
      expect(answer.json().message).toMatch(/^Invalid request/);
    }
    expect(await server.database.db.selectFrom('bot_settings').select('id').execute()).toEqual([]);
  });

  it('refuses a product id beyond 2147483647 with 422 (the contract bounds it as every id), not 500', async () => {
    for (const big of [2 ** 31, 2 ** 53]) {
      const answer = await put(settings((s) => (s.bargaining.productLimits = [{ productId: big, lowestPrice: 8000 }])));
      expect(answer.statusCode, String(big)).toBe(422);
      expect(answer.json().message).toMatch(/^Invalid request: .*productId/);
    }
    // The largest id the contract allows is well-formed: a product that does not exist.
    const largest = await put(
      settings((s) => (s.bargaining.productLimits = [{ productId: 2147483647, lowestPrice: 8000 }])),
    );
    expect(largest.statusCode).toBe(400);
    expect(largest.json()).toEqual({ message: 'Product 2147483647 does not exist' });
    expect(await server.database.db.selectFrom('bot_settings').select('id').execute()).toEqual([]);
    expect(server.app.contractViolations.splice(0)).toEqual([]);
  });

  it("without the route's schema, the service refuses such an id and a week out of order with 400, not a database error", async () => {
    const { save } = server.app.services.botSettings;
    for (const big of [2 ** 31, 2 ** 53])
      await expect(
        save(settings((s) => (s.bargaining.productLimits = [{ productId: big, lowestPrice: 8000 }]))),
      ).rejects.toMatchObject({ status: 400, message: `Product ${big} does not exist` });
    await expect(
      save(withWeek((days) => days.map((day) => ({ ...day, day: 'friday' }))) as BotSettings),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Business hours must list the days from Monday to Sunday, each once',
    });
    expect(await server.database.db.selectFrom('bot_settings').select('id').execute()).toEqual([]);
  });

  it('needs a session and a page of its own origin', async () => {
    const anonymous = await server.app.inject({
      method: 'PUT',
      url: '/api/bot/settings',
      payload: BOT_SETTINGS_DEFAULTS,
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await put(BOT_SETTINGS_DEFAULTS, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(await server.database.db.selectFrom('bot_settings').select('id').execute()).toEqual([]);
  });
});

describe('time zones', () => {
  it('knows IANA names, not offsets or nonsense', () => {
    for (const zone of ['Africa/Nairobi', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+3'])
      expect(knownTimeZone(zone), zone).toBe(true);
    for (const zone of ['Africa/Atlantis', '+03:00', '', 'Nairobi', '../etc/passwd'])
      expect(knownTimeZone(zone), zone).toBe(false);
  });
});
