// The catalogue bot in whole conversations (server/bot/catalogue/index.ts),
// played with in-memory tools that record every call and keep the
// conversation's state as the runner does (server/test/bot/fixtures/chat-harness.ts): asking, prices,
// bargaining to a sale, every kind of hand-over, Swahili and Sheng answered
// in Swahili, settings (off, business hours, fixed prices), pictures and the
// words of notifications.
import { describe, expect, it } from 'vitest';
import { catalogueBot, createCatalogueBot } from '../../bot/catalogue';
import { Chat, defaultSettings, demoCatalogue, type ToolCall } from './fixtures/chat-harness';
import type { BotSettings, BotTools, BotTurn } from '../../bot/interface';

const HANDOVER_EN = 'I am passing you to a member of our team; they will reply here shortly.';
const HANDOVER_SW = 'Nakupitisha kwa mmoja wa wafanyakazi wetu; atakujibu hapa hivi punde.';
// 2026-11-24 is a Tuesday: 10:00 in Nairobi is open, 21:00 is closed.
const OPEN = new Date('2026-11-24T07:00:00Z');
const CLOSED = new Date('2026-11-24T18:00:00Z');

const settingsWith = (change: (s: BotSettings) => void) => {
  const settings = defaultSettings();
  change(settings);
  return settings;
};
const withHours = settingsWith((s) => {
  s.businessHours.enabled = true;
});
const pictureLines = (text: string) => text.split('\n').filter((line) => line.startsWith('Picture: '));
const only = (replies: string[]) => {
  expect(replies).toHaveLength(1);
  return replies[0]!;
};

describe('the catalogue bot', () => {
  it('is named and made fresh by createCatalogueBot', () => {
    expect(catalogueBot.name).toBe('catalogue bot');
    expect(createCatalogueBot().name).toBe('catalogue bot');
  });

  it('sells in English: ask → list → product → price → three rounds → deal → converted → payment hand-over', async () => {
    const chat = new Chat({ bot: catalogueBot });

    const hello = await chat.send('Hello');
    expect(hello.replies).toEqual([defaultSettings().greeting]);

    // Two products match: both listed with prices, a view each, no picture, which one?
    const list = await chat.send('Do you have black granite?');
    const listed = only(list.replies);
    expect(listed).toContain('1. Absolute Black Granite: KES 8,500 per slab');
    expect(listed).toContain('2. Galaxy Black Granite: KES 11,000 per slab');
    expect(listed).toContain('Which one');
    expect(pictureLines(listed)).toEqual([]);
    expect(list.interests).toEqual([
      { productId: 1, kind: 'view' },
      { productId: 2, kind: 'view' },
    ]);

    // One product: an inquiry and a view, the price per slab, and exactly one picture line, last.
    const galaxy = await chat.send('the galaxy one');
    const card = only(galaxy.replies);
    expect(card).toMatch(/^Galaxy Black Granite is KES 11,000 per slab\./);
    expect(card).toContain('3000 x 1800 x 20 mm');
    expect(pictureLines(card)).toEqual(['Picture: /uploads/products/galaxy-black-granite.svg']);
    expect(card.split('\n').at(-1)).toBe('Picture: /uploads/products/galaxy-black-granite.svg');
    expect(galaxy.interests).toEqual([
      { productId: 2, kind: 'inquiry' },
      { productId: 2, kind: 'view' },
    ]);

    // "How much?" about the product in focus.
    expect(only((await chat.send('how much?')).replies)).toMatch(/^Galaxy Black Granite is KES 11,000 per slab/);

    // Floor 9,900 (90 %, up to 50); three rounds; each offer met halfway, rounded up to 50.
    const first = await chat.send('can you do 9k');
    expect(first.offers).toEqual([{ price: 10000, round: 1 }]);
    expect(only(first.replies)).toBe("I can do KES 10,000 per slab for Galaxy Black Granite. Reply 'deal' to confirm.");
    const second = await chat.send('9,900?');
    expect(second.offers).toEqual([{ price: 9950, round: 2 }]);
    // An offer of the bot's price is the sale: converted, and the price confirmed.
    const third = await chat.send('ok 9950 then');
    expect(third.offers).toEqual([]);
    expect(third.converted).toBe(true);
    const confirmed =
      'Great, thank you! Galaxy Black Granite at KES 9,950 per slab. How would you like to pay, and where should we deliver?';
    expect(only(third.replies)).toBe(confirmed);

    // A yes after it confirms the same sale.
    const deal = await chat.send('deal');
    expect(deal.converted).toBe(true);
    expect(only(deal.replies)).toBe(confirmed);
    expect(chat.conversation).toMatchObject({ converted: true, currentOfferPrice: 9950, bargainingRound: 2 });

    const pay = await chat.send('M-Pesa or bank?');
    expect(only(pay.replies)).toBe(`Our team will give you the payment details. ${HANDOVER_EN}`);
    expect(pay.handoffs).toEqual([
      {
        type: 'payment_inquiry',
        message: 'Brian Otieno asks about payment: "M-Pesa or bank?" (product: Galaxy Black Granite)',
      },
    ]);
    // Handed over: the bot is no longer called.
    expect((await chat.send('hello?')).calls).toEqual([]);
  });

  it('sells in Swahili: prices, "punguza kidogo" steps, the best price, "sawa", and a delivery hand-over in Swahili', async () => {
    const chat = new Chat({ bot: catalogueBot });
    expect((await chat.send('Habari')).replies).toEqual([defaultSettings().greetingSw]);

    const price = only((await chat.send('bei ya absolute black ni ngapi?')).replies);
    expect(price).toMatch(/^Absolute Black Granite ni KES 8,500 kwa slab\./);
    expect(pictureLines(price)).toEqual(['Picture: /uploads/products/absolute-black-granite.svg']);

    // Floor 7,650; steps of 300.
    const step1 = await chat.send('punguza kidogo');
    expect(step1.offers).toEqual([{ price: 8200, round: 1 }]);
    expect(only(step1.replies)).toBe(
      "Naweza kukupa Absolute Black Granite kwa KES 8,200 kwa slab. Jibu 'deal' kuthibitisha.",
    );
    expect((await chat.send('bado ni ghali, punguza')).offers).toEqual([{ price: 7900, round: 2 }]);
    const best = await chat.send('elfu saba');
    expect(best.offers).toEqual([{ price: 7650, round: 3 }]);
    expect(only(best.replies)).toContain('Hiyo ndiyo bei yangu ya mwisho');
    // The rounds are spent: the same price again, no new offer.
    const again = await chat.send('elfu saba na mia tano?');
    expect(again.offers).toEqual([]);
    expect(only(again.replies)).toContain('KES 7,650 kwa slab');

    const sawa = await chat.send('sawa');
    expect(sawa.converted).toBe(true);
    expect(only(sawa.replies)).toBe(
      'Asante! Absolute Black Granite kwa KES 7,650 kwa slab. Ungependa kulipa vipi, na tukuletee wapi?',
    );

    const delivery = await chat.send('mnadeliver Nakuru?');
    expect(only(delivery.replies)).toBe(`Timu yetu hupanga usafiri na inaweza kukuelekeza tulipo. ${HANDOVER_SW}`);
    expect(delivery.handoffs).toEqual([
      {
        type: 'delivery_inquiry',
        message: 'Brian Otieno asks about delivery: "mnadeliver Nakuru?" (product: Absolute Black Granite)',
      },
    ]);
  });

  it('answers Sheng in Swahili, and keeps Swahili for a neutral "10k"', async () => {
    const chat = new Chat({ bot: catalogueBot });
    await chat.send('Niaje boss');
    expect(only((await chat.send('Galaxy ni ngapi maze')).replies)).toMatch(
      /^Galaxy Black Granite ni KES 11,000 kwa slab/,
    );
    const offer = await chat.send('10k');
    expect(only(offer.replies)).toContain('kwa slab');
    expect(offer.offers).toEqual([{ price: 10500, round: 1 }]);
    const deal = await chat.send('Poa, deal');
    expect(deal.converted).toBe(true);
    expect(only(deal.replies)).toContain('Ungependa kulipa vipi');
  });

  it('describes a product in Swahili to a Swahili customer when it has a Swahili description, else in English', async () => {
    const catalogue = demoCatalogue().map((p) =>
      p.name === 'Galaxy Black Granite' ? { ...p, descriptionSw: 'Granite nyeusi yenye madoa ya dhahabu.' } : p,
    );
    const swahili = new Chat({ bot: catalogueBot, catalogue });
    const galaxy = only((await swahili.send('Nataka kuona galaxy black granite')).replies);
    expect(galaxy).toContain('\nGranite nyeusi yenye madoa ya dhahabu.\n');
    expect(galaxy).not.toContain('golden flecks');
    // Absolute Black has no Swahili description: the English one, rather than none.
    expect(only((await swahili.send('Nataka kuona absolute black granite')).replies)).toContain(
      '\nDeep black granite for kitchen tops and vanities.\n',
    );
    const english = new Chat({ bot: catalogueBot, catalogue });
    const card = only((await english.send('Show me the galaxy black granite please')).replies);
    expect(card).toContain('\nBlack granite with golden flecks.\n');
    expect(card).not.toContain('madoa');
  });

  it('prices a sink "each", and a counter-offer on it starts again at round 1', async () => {
    const chat = new Chat({ bot: catalogueBot });
    await chat.send('galaxy black');
    // Met halfway: (11,000 + 10,800) / 2.
    expect((await chat.send('10,800')).offers).toEqual([{ price: 10900, round: 1 }]);
    const sink = only((await chat.send('how much is the franke sink')).replies);
    expect(sink).toMatch(/^Franke Stainless Steel Double Bowl Sink is KES 18,500 each\./);
    expect(pictureLines(sink)).toEqual(['Picture: /uploads/products/franke-double-bowl.svg']);
    const counter = await chat.send('17000?');
    expect(counter.offers).toEqual([{ price: 17750, round: 1 }]);
    expect(only(counter.replies)).toContain('KES 17,750 each');
  });

  it('keeps prices fixed when bargaining is off', async () => {
    const chat = new Chat({ bot: catalogueBot, settings: settingsWith((s) => (s.bargaining.maxRounds = 0)) });
    await chat.send('absolute black');
    const fixed = await chat.send('can you do 8000?');
    expect(fixed.offers).toEqual([]);
    expect(only(fixed.replies)).toBe('The price of Absolute Black Granite is fixed at KES 8,500 per slab.');
  });

  it("holds a product's own lowest price", async () => {
    const chat = new Chat({
      bot: catalogueBot,
      settings: settingsWith(
        (s) =>
          (s.bargaining = {
            maxRounds: 1,
            lowestPricePercent: 50,
            productLimits: [{ productId: 1, lowestPrice: 8200 }],
          }),
      ),
    });
    await chat.send('absolute black');
    expect((await chat.send('5000')).offers).toEqual([{ price: 8200, round: 1 }]);
  });

  it('asks which product for an offer or a yes with none in focus', async () => {
    const chat = new Chat({ bot: catalogueBot });
    const offer = await chat.send('9k');
    expect(offer.offers).toEqual([]);
    expect(only(offer.replies)).toContain('Which product do you mean?');
    const yes = await chat.send('deal');
    expect(yes.converted).toBe(false);
    expect(only(yes.replies)).toContain('Which product do you mean?');
  });

  // A buyer bargains Tan Brown (KES 7,800, floor 7,050) down to the bot's best price, offers more than it, and says yes.
  it.each([
    {
      language: 'Swahili',
      messages: [
        'Habari',
        'bei ya tan brown',
        'Nitakupa 5000',
        'Nitakupa 6000',
        'Punguza zaidi',
        '7500 basi',
        'Sawa, deal',
      ],
      best: 'Hiyo ndiyo bei yangu ya mwisho: Tan Brown Granite kwa KES 7,050 kwa slab.',
      sold: 'Asante! Tan Brown Granite kwa KES 7,050 kwa slab. Ungependa kulipa vipi, na tukuletee wapi?',
    },
    {
      language: 'English',
      messages: ['Hello', 'tan brown price', "I'll give you 5000", '6000', 'lower more', '7500 then', 'ok deal'],
      best: 'That is my best price: KES 7,050 per slab for Tan Brown Granite.',
      sold: 'Great, thank you! Tan Brown Granite at KES 7,050 per slab. How would you like to pay, and where should we deliver?',
    },
  ])(
    'keeps a buyer who offers more than its last price ($language): a sale at its own price',
    async ({ messages, best, sold }) => {
      const chat = new Chat({ bot: catalogueBot });
      const [hello, price, first, second, lower, more, yes] = messages as [string, ...string[]];
      await chat.send(hello);
      expect(only((await chat.send(price!)).replies)).toContain('Tan Brown Granite');
      // Halfway to 5,000 is below the floor: the floor, its best, at once.
      const low = await chat.send(first!);
      expect(low.offers).toEqual([{ price: 7050, round: 1 }]);
      expect(only(low.replies)).toContain(best);
      // Lower again, with or without an amount: the best stands, with no new offer.
      for (const again of [second!, lower!]) {
        const held = await chat.send(again);
        expect(held.offers).toEqual([]);
        expect(only(held.replies)).toContain(best);
      }
      // More than the last price: the sale, at the bot's price (not the customer's).
      const deal = await chat.send(more!);
      expect(deal.converted).toBe(true);
      expect(deal.offers).toEqual([]);
      expect(only(deal.replies)).toBe(sold);
      // The yes after it confirms the same sale about the same product, in the customer's language.
      const again = await chat.send(yes!);
      expect(again.handoffs).toEqual([]);
      expect(only(again.replies)).toBe(sold);
      expect(chat.conversation).toMatchObject({ currentProductId: 4, currentOfferPrice: 7050, converted: true });
    },
  );

  it.each(['sawa', 'deal', 'poa', 'nitachukua', '👍', 'Sawa basi', 'Haya, nitaichukua', 'ok'])(
    'takes "%s" after a price as a yes to the product in focus',
    async (yes) => {
      const chat = new Chat({ bot: catalogueBot });
      await chat.send('bei ya tan brown');
      await chat.send('nitakupa 7000');
      const sold = await chat.send(yes);
      expect(sold.converted).toBe(true);
      expect(only(sold.replies)).toBe(
        'Asante! Tan Brown Granite kwa KES 7,400 kwa slab. Ungependa kulipa vipi, na tukuletee wapi?',
      );
    },
  );

  it('takes a yes after a list as a yes to the standing offer', async () => {
    const chat = new Chat({ bot: catalogueBot });
    await chat.send('bei ya tan brown');
    await chat.send('nitakupa 7000');
    await chat.send('mna sinki?');
    const sold = await chat.send('sawa deal');
    expect(sold.converted).toBe(true);
    expect(only(sold.replies)).toContain('Tan Brown Granite kwa KES 7,400 kwa slab');
  });

  it('sells at the starting price when offered as much with prices fixed', async () => {
    const chat = new Chat({
      bot: catalogueBot,
      settings: settingsWith((s) => {
        s.bargaining.maxRounds = 0;
      }),
    });
    await chat.send('tan brown price');
    const sold = await chat.send('I can pay 8000');
    expect(sold.converted).toBe(true);
    expect(only(sold.replies)).toContain('Tan Brown Granite at KES 7,800 per slab');
  });

  it('takes the product named with the yes', async () => {
    const chat = new Chat({ bot: catalogueBot });
    const yes = await chat.send('Deal, nitachukua hiyo galaxy');
    expect(yes.converted).toBe(true);
    expect(only(yes.replies)).toContain('Galaxy Black Granite kwa KES 11,000 kwa slab');
  });

  it('hands over a product the catalogue does not have, with the words searched', async () => {
    const chat = new Chat({ bot: catalogueBot });
    const onyx = await chat.send('Do you have onyx countertops?');
    expect(only(onyx.replies)).toBe(`Sorry, we do not have "onyx countertops" in our catalogue. ${HANDOVER_EN}`);
    expect(onyx.handoffs).toEqual([
      {
        type: 'product_not_found',
        message: 'Brian Otieno asked for "onyx countertops", which is not in the catalogue',
      },
    ]);

    const sw = new Chat({ bot: catalogueBot, customerName: null, phone: '+254700000001' });
    const tiles = await sw.send('Mnauza terrazzo tiles?');
    expect(only(tiles.replies)).toBe(`Samahani, hatuna "terrazzo tiles" kwenye katalogi yetu. ${HANDOVER_SW}`);
    expect(tiles.handoffs).toEqual([
      {
        type: 'product_not_found',
        message: 'Customer +254700000001 asked for "terrazzo tiles", which is not in the catalogue',
      },
    ]);
  });

  it('hands over after two messages in a row it cannot place, quoting the last', async () => {
    const chat = new Chat({ bot: catalogueBot });
    const first = await chat.send('hmm');
    expect(first.handoffs).toEqual([]);
    expect(only(first.replies)).toMatch(
      /^Sorry, I did not get that\. I can tell you about our granite, marble and quartz/,
    );
    // A message it places in between starts the count again.
    await chat.send('what do you sell?');
    expect((await chat.send('lol')).handoffs).toEqual([]);
    const second = await chat.send('My husband will call you');
    expect(only(second.replies)).toBe(`Sorry, I still did not get that. ${HANDOVER_EN}`);
    expect(second.handoffs).toEqual([
      { type: 'unclear_request', message: 'Unclear request from Brian Otieno: "My husband will call you"' },
    ]);
  });

  it.each(['Nipe mtu wa kuongea naye bana, si hii bot', 'Nataka kuongea na mtu, sio roboti', 'not a bot please'])(
    'hands "%s" to a person',
    async (text) => {
      const chat = new Chat({ bot: catalogueBot });
      expect((await chat.send(text)).handoffs.map((h) => h.type)).toEqual(['unclear_request']);
    },
  );

  it('hands over at once when the customer asks for a person, in English or Swahili', async () => {
    for (const [text, handover] of [
      ['Can I talk to a real person please', HANDOVER_EN],
      ['Nataka kuongea na mtu wa duka', HANDOVER_SW],
    ] as const) {
      const chat = new Chat({ bot: catalogueBot });
      const asked = await chat.send(text);
      expect(only(asked.replies)).toBe(handover);
      expect(asked.handoffs).toEqual([
        { type: 'unclear_request', message: `Brian Otieno asks to talk to a person: "${text}"` },
      ]);
    }
  });

  it('counts a photo without a caption as unplaceable, and reads a caption', async () => {
    const chat = new Chat({ bot: catalogueBot });
    const photo = {
      messageType: 'image',
      attachment: { kind: 'image' as const, mediaId: 'm1', state: 'pending' as const },
    };
    const first = await chat.send('Photo', photo);
    expect(only(first.replies)).toContain('I did not get that');
    const captioned = await chat.send('how much is this galaxy', {
      ...photo,
      attachment: { ...photo.attachment, caption: 'how much is this galaxy' },
    });
    expect(captioned.handoffs).toEqual([]);
    expect(only(captioned.replies)).toMatch(/^Galaxy Black Granite is KES 11,000/);
    await chat.send('Sticker', { messageType: 'sticker' });
    const last = await chat.send('Reacted 👍', { messageType: 'reaction' });
    expect(last.handoffs).toEqual([
      { type: 'unclear_request', message: 'Unclear request from Brian Otieno: "Reacted 👍"' },
    ]);
  });

  it('greets once, then says hello again', async () => {
    const chat = new Chat({ bot: catalogueBot });
    expect((await chat.send('hi')).replies).toEqual([defaultSettings().greeting]);
    expect((await chat.send('habari')).replies).toEqual(['Habari tena! Nikusaidie na nini?']);
    expect((await chat.send('hello')).replies).toEqual(['Hello again! What can I help you with?']);
    const custom = new Chat({
      bot: catalogueBot,
      settings: settingsWith((s) => (s.greeting = 'Welcome to Mawe Bora!')),
    });
    expect((await custom.send('Good morning')).replies).toEqual(['Welcome to Mawe Bora!']);
  });

  it.each(['Habari yako', 'Vipi msee', 'Habari za asubuhi', 'Mambo', 'Niaje boss', 'Sasa'])(
    'greets "%s" with the Swahili greeting from the first message',
    async (hello) => {
      const chat = new Chat({ bot: catalogueBot });
      expect((await chat.send(hello)).replies).toEqual([defaultSettings().greetingSw]);
    },
  );

  it('greets with the Swahili greeting of the settings, or its own when the settings have none', async () => {
    const custom = new Chat({ bot: catalogueBot, settings: settingsWith((s) => (s.greetingSw = 'Karibu Mawe Bora!')) });
    expect((await custom.send('Mambo')).replies).toEqual(['Karibu Mawe Bora!']);
    // Settings from a backend without the Swahili fields.
    const older = settingsWith((s) => {
      delete s.greetingSw;
      delete s.outOfHoursMessageSw;
    });
    expect((await new Chat({ bot: catalogueBot, settings: older }).send('Habari')).replies).toEqual([
      defaultSettings().greetingSw,
    ]);
    expect((await new Chat({ bot: catalogueBot, settings: older }).send('Hello')).replies).toEqual([
      defaultSettings().greeting,
    ]);
  });

  it('answers thanks, what it sells, size, stock and installation from the catalogue', async () => {
    const chat = new Chat({ bot: catalogueBot });
    expect(only((await chat.send('thanks')).replies)).toBe('You are welcome! Anything else I can help with?');
    expect(only((await chat.send('what do you sell?')).replies)).toBe(
      'We sell granite (from KES 7,800 per slab), marble (from KES 14,500 per slab), quartz (from KES 12,500 per slab) and kitchen sinks (from KES 14,000 each). What would you like to see? For example "black granite" or "double bowl sink".',
    );
    expect(only((await chat.send('what size is carrara')).replies)).toMatch(
      /^Carrara White Marble measures 2700 x 1600 x 20 mm\. Price: KES 14,500 per slab\./,
    );
    expect(only((await chat.send('is it in stock?')).replies)).toMatch(
      /^Yes, Carrara White Marble is in stock \(10 slabs\)\./,
    );
    expect(only((await chat.send('installation?')).replies)).toMatch(
      /^Installation of Carrara White Marble is KES 3,000 per slab, on top of KES 14,500 per slab\./,
    );
    // A sink has no installation price: the bot says so rather than invent one.
    expect(only((await chat.send('installation of the blanco sink')).replies)).toMatch(
      /^I do not have an installation price for Blanco Silgranit Single Bowl Sink/,
    );
    // Out of stock, plainly.
    const catalogue = demoCatalogue().map((p) => (p.id === 4 ? { ...p, stock: 0 } : p));
    const empty = new Chat({ bot: catalogueBot, catalogue });
    expect(only((await empty.send('iko stock tan brown?')).replies)).toMatch(
      /^Samahani, Tan Brown Granite imeisha kwa sasa\./,
    );
  });

  it('lists at most three matches and says how many there are', async () => {
    const chat = new Chat({ bot: catalogueBot });
    const sinks = await chat.send('what sinks do you have');
    const text = only(sinks.replies);
    expect(text.split('\n')).toEqual([
      'We have 4 that match; here are 3:',
      '1. Franke Stainless Steel Double Bowl Sink: KES 18,500 each',
      '2. Blanco Silgranit Single Bowl Sink: KES 21,000 each',
      '3. Fireclay Farmhouse Sink: KES 32,000 each',
      'Which one would you like?',
    ]);
    expect(sinks.interests.map((i) => i.kind)).toEqual(['view', 'view', 'view']);
    // After a list, "how much?" has no product in focus: which one?
    expect(only((await chat.send('how much?')).replies)).toContain('Which product do you mean?');
    // "the single bowl farmhouse" narrows the list it showed.
    expect(only((await chat.send('the single bowl farmhouse')).replies)).toMatch(
      /^Fireclay Farmhouse Sink is KES 32,000 each/,
    );
  });

  it('lists installation prices when asked about installation for several products', async () => {
    const chat = new Chat({ bot: catalogueBot });
    expect(only((await chat.send('Gharama ya kuweka marble ni ngapi?')).replies).split('\n')).toEqual([
      'Tuna 2 zinazolingana:',
      '1. Carrara White Marble: kuweka KES 3,000 kwa slab',
      '2. Emperador Dark Marble: kuweka KES 3,000 kwa slab',
      'Ungependa ipi?',
    ]);
  });

  it("takes the conversation's product as the focus when it has no memory of the conversation", async () => {
    const chat = new Chat({ bot: catalogueBot });
    chat.conversation = { ...chat.conversation, currentProductId: 5 };
    expect(only((await chat.send('bei gani?')).replies)).toMatch(/^Carrara White Marble ni KES 14,500 kwa slab/);
  });

  it('never shows a picture line for a product without a picture', async () => {
    const chat = new Chat({ bot: catalogueBot });
    expect(pictureLines(only((await chat.send('tan brown granite')).replies))).toEqual([]);
  });

  it('uses the out-of-hours message instead of the hand-over line when closed, and answers the catalogue as usual', async () => {
    const chat = new Chat({ bot: catalogueBot, settings: withHours, at: CLOSED });
    expect(only((await chat.send('how much is absolute black')).replies)).toMatch(
      /^Absolute Black Granite is KES 8,500/,
    );
    const delivery = await chat.send('do you deliver to Thika?');
    expect(only(delivery.replies)).toBe(
      `Our team arranges delivery and transport and can tell you where to find us. ${withHours.outOfHoursMessage}`,
    );
    expect(delivery.handoffs[0]?.type).toBe('delivery_inquiry');
    const open = new Chat({ bot: catalogueBot, settings: withHours, at: OPEN });
    expect(only((await open.send('do you deliver to Thika?')).replies)).toContain(HANDOVER_EN);
  });

  it('hands over in Swahili to a Swahili or Sheng customer, open or closed, with no English sentence added', async () => {
    const closed = new Chat({ bot: catalogueBot, settings: withHours, at: CLOSED });
    const delivery = await closed.send('mnaleta hadi Thika?');
    expect(only(delivery.replies)).toBe(
      `Timu yetu hupanga usafiri na inaweza kukuelekeza tulipo. ${withHours.outOfHoursMessageSw}`,
    );
    const sheng = new Chat({ bot: catalogueBot, settings: withHours, at: CLOSED });
    expect(only((await sheng.send('Niaje boss, nataka kuongea na mtu')).replies)).toBe(withHours.outOfHoursMessageSw);
    const open = new Chat({ bot: catalogueBot, settings: withHours, at: OPEN });
    expect(only((await open.send('mnadeliver Nakuru?')).replies)).toBe(
      `Timu yetu hupanga usafiri na inaweza kukuelekeza tulipo. ${HANDOVER_SW}`,
    );
    const configured = settingsWith((s) => {
      s.businessHours.enabled = true;
      s.outOfHoursMessageSw = 'Tumefunga; tutakujibu kesho.';
    });
    const custom = new Chat({ bot: catalogueBot, settings: configured, at: CLOSED });
    expect(only((await custom.send('nataka kuongea na mtu')).replies)).toBe('Tumefunga; tutakujibu kesho.');
  });

  it('tells the opening hours from the settings, and whether the business is open now or when it opens next', async () => {
    const week = 'Monday to Friday 08:00–18:00; Saturday 09:00–14:00; Sunday closed.';
    const anyTime = 'You can ask me about products and prices at any time.';
    const open = await new Chat({ bot: catalogueBot, settings: withHours, at: OPEN }).send('What time do you close?');
    expect(only(open.replies)).toBe(`Our opening hours: ${week} We are open now, until 18:00. ${anyTime}`);
    expect(open.handoffs).toEqual([]);
    const evening = await new Chat({ bot: catalogueBot, settings: withHours, at: CLOSED }).send('are you open?');
    expect(only(evening.replies)).toContain('We are closed now and open again tomorrow at 08:00.');
    // Tuesday 06:00 in Nairobi: later today. Saturday 15:00: Sunday is closed, so Monday.
    const early = await new Chat({ bot: catalogueBot, settings: withHours, at: new Date('2026-11-24T03:00:00Z') }).send(
      'opening hours?',
    );
    expect(only(early.replies)).toContain('We are closed now and open again today at 08:00.');
    const weekend = await new Chat({
      bot: catalogueBot,
      settings: withHours,
      at: new Date('2026-11-28T12:00:00Z'),
    }).send('Are you open on Sunday?');
    expect(only(weekend.replies)).toContain('We are closed now and open again on Monday at 08:00.');
  });

  it('tells the opening hours in Swahili, with the time zone when it is not Nairobi time', async () => {
    const chat = new Chat({ bot: catalogueBot, settings: withHours, at: CLOSED });
    expect(only((await chat.send('Mnafungua saa ngapi?')).replies)).toBe(
      'Saa zetu za kazi: Jumatatu hadi Ijumaa 08:00–18:00; Jumamosi 09:00–14:00; Jumapili tumefunga. ' +
        'Tumefunga sasa; tutafungua tena kesho saa 08:00. Unaweza kuniuliza kuhusu bidhaa na bei wakati wowote.',
    );
    const kampala = settingsWith((s) => {
      s.businessHours.enabled = true;
      s.businessHours.timezone = 'Africa/Kampala';
      // map keeps each day at its place, which the week's tuple type cannot see.
      s.businessHours.days = s.businessHours.days.map((d) => ({
        ...d,
        open: d.day === 'wednesday',
      })) as typeof s.businessHours.days;
    });
    const other = await new Chat({ bot: catalogueBot, settings: kampala, at: CLOSED }).send('what are your hours?');
    expect(only(other.replies)).toMatch(
      /^Our opening hours: Monday and Tuesday closed; Wednesday 08:00–18:00; Thursday to Sunday closed \(Africa\/Kampala time\)\. We are closed now and open again tomorrow at 08:00\./,
    );
  });

  it('hands an opening-hours question to staff when business hours are off (it does not know them)', async () => {
    const chat = new Chat({ bot: catalogueBot, at: CLOSED });
    const turn = await chat.send('Mko wazi Jumapili?');
    expect(only(turn.replies)).toBe(`Timu yetu itakuambia saa zetu za kazi. ${HANDOVER_SW}`);
    expect(turn.handoffs).toEqual([
      { type: 'unclear_request', message: 'Brian Otieno asks about opening hours: "Mko wazi Jumapili?"' },
    ]);
  });

  it('when switched off, answers nothing itself: every message goes to staff, with the out-of-hours message first when closed', async () => {
    const off = settingsWith((s) => {
      s.enabled = false;
      s.businessHours.enabled = true;
    });
    const open = await new Chat({ bot: catalogueBot, settings: off, at: OPEN }).send('How much is galaxy black?');
    expect(open.replies).toEqual([]);
    expect(open.calls.filter((c: ToolCall) => c.tool === 'productInterest' || c.tool === 'offer')).toEqual([]);
    expect(open.handoffs).toEqual([
      {
        type: 'unclear_request',
        message: 'Brian Otieno wrote on WhatsApp and is waiting for a reply: "How much is galaxy black?"',
      },
    ]);
    const closed = await new Chat({ bot: catalogueBot, settings: off, at: CLOSED }).send('hello');
    expect(closed.replies).toEqual([off.outOfHoursMessage]);
    const swahili = await new Chat({ bot: catalogueBot, settings: off, at: CLOSED }).send('Habari, bei ya sinki?');
    expect(swahili.replies).toEqual([off.outOfHoursMessageSw]);
    expect(closed.handoffs.map((h) => h.type)).toEqual(['unclear_request']);
    // The reply comes before the hand-over (after it, the conversation is no longer the bot's).
    expect(closed.calls.map((c) => c.tool)).toEqual(['reply', 'handoff']);
  });

  it('keeps notifications within 300 characters, clipping the quote with …', async () => {
    const chat = new Chat({ bot: catalogueBot, customerName: 'Wanjiru Kamau' });
    const long = `Do you deliver to Nakuru? ${'We are building a house near the lake and need the stone brought to site. '.repeat(8)}`;
    const handoff = (await chat.send(long)).handoffs[0]!;
    expect(handoff.type).toBe('delivery_inquiry');
    expect(handoff.message.length).toBeLessThanOrEqual(300);
    expect(handoff.message).toMatch(/^Wanjiru Kamau asks about delivery: "Do you deliver to Nakuru\? We are building/);
    expect(handoff.message).toMatch(/…"$/);
  });

  it('remembers little (language, focus, streak) and reads a memory it does not know as fresh', async () => {
    const chat = new Chat({ bot: catalogueBot });
    await chat.send('sinki ya bakuli mbili');
    expect(chat.memory).toMatchObject({ language: 'sw', focusProductId: 10, unclearStreak: 0 });
    chat.memory = 'something else';
    expect(only((await chat.send('hello')).replies)).toBe(defaultSettings().greeting);
  });

  it('finishes its turn and keeps its memory when staff took over meanwhile (reply answers false)', async () => {
    const remembered: unknown[] = [];
    const tools: BotTools = {
      reply: async () => false,
      handoff: async () => {},
      productInterest: async () => {},
      offer: async () => {},
      converted: async () => {},
      catalogue: async () => demoCatalogue(),
      remember: async (value) => {
        remembered.push(value);
      },
    };
    const turn: BotTurn = {
      conversationId: 1,
      messageId: 1,
      content: 'galaxy black',
      messageType: 'text',
      customerName: null,
      phone: '+254712345678',
      at: OPEN,
      conversation: { currentProductId: null, currentOfferPrice: null, bargainingRound: null, converted: false },
      memory: null,
      settings: defaultSettings(),
    };
    await expect(catalogueBot.onCustomerMessage(turn, tools)).resolves.toBeUndefined();
    expect(remembered).toEqual([expect.objectContaining({ focusProductId: 2 })]);
  });
});
