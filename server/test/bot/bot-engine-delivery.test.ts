// The catalogue bot on delivery, with Settings → Delivery's zones and pickup
// (tools.delivery): the fee and lead time of a town it knows, in the
// customer's language (English, Swahili, Sheng), where to collect, a person
// for a town it does not know, and after a deal, how many and where it goes.
import { describe, expect, it } from 'vitest';
import { catalogueBot } from '../../bot/catalogue';
import { quantityIn, saysPickup } from '../../bot/catalogue/delivery';
import { Chat, DEMO_DELIVERY } from './fixtures/chat-harness';

const HANDOVER_EN = 'I am passing you to a member of our team; they will reply here shortly.';
const HANDOVER_SW = 'Nakupitisha kwa mmoja wa wafanyakazi wetu; atakujibu hapa hivi punde.';

const only = (replies: string[]) => {
  expect(replies).toHaveLength(1);
  return replies[0]!;
};
const chat = (delivery = DEMO_DELIVERY) => new Chat({ bot: catalogueBot, delivery });

describe('delivery questions answered from the zones', () => {
  it.each([
    ['Do you deliver to Nakuru?', 'Delivery to Nakuru is KES 9,500 and takes about 3 days.'],
    ['how much is transport to Thika', 'Delivery to Thika is KES 4,500 and takes about 2 days.'],
    ['Can you deliver to Makongeni?', 'Delivery to Thika is KES 4,500 and takes about 2 days.'],
    ['mnadeliver Nakuru?', 'Usafiri hadi Nakuru ni KES 9,500, inachukua takriban siku 3.'],
    ['tuletee Kitengela', 'Usafiri hadi Kitengela ni KES 3,500, inachukua takriban siku 2.'],
    ['Mnaleta hadi nakurú? Bei ya usafiri ni ngapi', 'Usafiri hadi Nakuru ni KES 9,500, inachukua takriban siku 3.'],
    ['Msee, mnadeliver town?', 'Usafiri hadi Nairobi CBD ni KES 1,500, inachukua takriban siku 1.'],
  ])('"%s" → %s (no hand-over)', async (message, answer) => {
    const turn = await chat().send(message);
    expect(only(turn.replies)).toBe(answer);
    expect(turn.handoffs).toEqual([]);
  });

  it('says "the same day" and "free" when the zone says so', async () => {
    const zones = [{ id: 9, name: 'Westlands', places: [], fee: 0, leadDays: 0 }];
    const c = chat({ ...DEMO_DELIVERY, zones });
    expect(only((await c.send('do you deliver to Westlands?')).replies)).toBe(
      'Delivery to Westlands is free, the same day.',
    );
    expect(only((await c.send('mnaleta Westlands?')).replies)).toBe(
      'Usafiri hadi Westlands ni bure, tunaleta siku hiyo hiyo.',
    );
  });

  it('hands a town it does not know to staff, as without zones, in each language', async () => {
    const english = await chat().send('Do you deliver to Kakamega?');
    expect(only(english.replies)).toBe(
      `Our team arranges delivery and transport and can tell you where to find us. ${HANDOVER_EN}`,
    );
    expect(english.handoffs).toEqual([
      { type: 'delivery_inquiry', message: 'Brian Otieno asks about delivery: "Do you deliver to Kakamega?"' },
    ]);
    const swahili = await chat().send('mnaleta Kakamega?');
    expect(only(swahili.replies)).toBe(`Timu yetu hupanga usafiri na inaweza kukuelekeza tulipo. ${HANDOVER_SW}`);
    expect(swahili.handoffs.map((h) => h.type)).toEqual(['delivery_inquiry']);
    const sheng = await chat().send('Msee, mnadeliver Kakamega?');
    expect(sheng.handoffs.map((h) => h.type)).toEqual(['delivery_inquiry']);
    // No zone at all: every delivery question goes to staff.
    const none = await chat({ ...DEMO_DELIVERY, zones: [] }).send('Do you deliver to Nakuru?');
    expect(none.handoffs.map((h) => h.type)).toEqual(['delivery_inquiry']);
  });

  it('without delivery tools (a host without zones) hands over as before', async () => {
    const turn = await new Chat({ bot: catalogueBot }).send('Do you deliver to Nakuru?');
    expect(turn.handoffs.map((h) => h.type)).toEqual(['delivery_inquiry']);
  });

  it('tells where to collect when pickup is on, and hands over when it is off', async () => {
    expect(only((await chat().send('Can I pick up from your yard?')).replies)).toBe(
      'You can collect your order yourself: Our yard on Mombasa Road, Nairobi. It is ready in about 1 day.',
    );
    const swahili = await chat().send('nitakuja kuchukua mwenyewe, mko wapi?');
    expect(only(swahili.replies)).toBe(
      'Unaweza kuchukua oda yako mwenyewe: Our yard on Mombasa Road, Nairobi. Huwa tayari baada ya takriban siku 1.',
    );
    expect(swahili.handoffs).toEqual([]);
    const off = await chat({ ...DEMO_DELIVERY, pickup: { ...DEMO_DELIVERY.pickup, enabled: false } }).send(
      'Can I pick up?',
    );
    expect(off.handoffs.map((h) => h.type)).toEqual(['delivery_inquiry']);
  });
});

describe('after a deal: how many, and where it goes', () => {
  it('English: asks for both, notes "3 slabs, Nakuru", then asks how to pay', async () => {
    const c = chat();
    await c.send('Galaxy Black Granite price?');
    const deal = await c.send('deal');
    expect(deal.converted).toBe(true);
    expect(only(deal.replies)).toBe(
      'Great, thank you! Galaxy Black Granite at KES 11,000 per slab. How many slabs do you need, and should we deliver (to which town) or will you pick up?',
    );
    const details = await c.send('3 slabs, Nakuru');
    expect(only(details.replies)).toBe(
      'Noted: 3 slabs, delivery to Nakuru (KES 9,500, about 3 days). How would you like to pay?',
    );
    expect(details.handoffs).toEqual([]);
    expect(details.offers).toEqual([]);
    expect(c.dealDetails).toEqual({ quantity: 3, zone: { id: 4, name: 'Nakuru' } });
    // Then payment goes to staff as before.
    expect((await c.send('M-Pesa or bank?')).handoffs.map((h) => h.type)).toEqual(['payment_inquiry']);
  });

  it('Swahili: "nataka 3, mniletee Kitengela"', async () => {
    const c = chat();
    await c.send('Habari, bei ya absolute black ni ngapi?');
    const sawa = await c.send('sawa nitachukua');
    expect(only(sawa.replies)).toBe(
      'Asante! Absolute Black Granite kwa KES 8,500 kwa slab. Unahitaji slab ngapi, na tukuletee (mji gani) au utakuja kuchukua?',
    );
    const details = await c.send('nataka 3, mniletee Kitengela');
    expect(only(details.replies)).toBe(
      'Sawa, nimeandika: slab 3, usafiri hadi Kitengela (KES 3,500, takriban siku 2). Ungependa kulipa vipi?',
    );
    expect(c.dealDetails).toEqual({ quantity: 3, zone: { id: 2, name: 'Kitengela' } });
  });

  it('Sheng: "2 pcs, nitapick", and one detail at a time', async () => {
    const c = chat();
    await c.send('Niaje msee, Franke sink ni ngapi?');
    await c.send('poa, deal');
    const details = await c.send('2 pcs, nitapick');
    expect(only(details.replies)).toBe(
      'Sawa, nimeandika: sinki 2, utachukua mwenyewe: Our yard on Mombasa Road, Nairobi (tayari baada ya takriban siku 1). Ungependa kulipa vipi?',
    );
    expect(c.dealDetails).toEqual({ quantity: 2, pickup: true });

    const e = chat();
    await e.send('Galaxy Black Granite price?');
    await e.send('deal');
    expect(only((await e.send('Thika please')).replies)).toBe(
      'Noted: delivery to Thika (KES 4,500, about 2 days). How many slabs do you need?',
    );
    expect(only((await e.send('4')).replies)).toBe('Noted: 4 slabs. How would you like to pay?');
    expect(e.dealDetails).toEqual({ quantity: 4, zone: { id: 3, name: 'Thika' } });
  });

  it('keeps the count and hands over for a town it does not know; pickup off is said', async () => {
    const c = chat();
    await c.send('Galaxy Black Granite price?');
    await c.send('deal');
    const unknown = await c.send('3 slabs, deliver to Kakamega');
    expect(unknown.handoffs.map((h) => h.type)).toEqual(['delivery_inquiry']);
    expect(c.dealDetails).toEqual({ quantity: 3 });

    const off = chat({ ...DEMO_DELIVERY, pickup: { ...DEMO_DELIVERY.pickup, enabled: false } });
    await off.send('Galaxy Black Granite price?');
    await off.send('deal');
    expect(only((await off.send('2 slabs, I will pick up')).replies)).toBe(
      'Sorry, we do not offer collection; we deliver. Noted: 2 slabs. Should we deliver (to which town) or will you pick up?',
    );
  });

  it('an answer it cannot place where it asked for the town goes to a person as a delivery question', async () => {
    const c = chat();
    await c.send('Galaxy Black Granite price?');
    await c.send('deal');
    expect(only((await c.send('3 slabs')).replies)).toBe(
      'Noted: 3 slabs. Should we deliver (to which town) or will you pick up?',
    );
    const town = await c.send('Kakamega');
    expect(only(town.replies)).toBe(
      `Our team arranges delivery and transport and can tell you where to find us. ${HANDOVER_EN}`,
    );
    expect(town.handoffs).toEqual([
      {
        type: 'delivery_inquiry',
        message: 'Brian Otieno asks about delivery: "Kakamega" (product: Galaxy Black Granite)',
      },
    ]);
    expect(c.dealDetails).toEqual({ quantity: 3 });

    const sw = chat();
    await sw.send('Habari, bei ya absolute black ni ngapi?');
    await sw.send('sawa nitachukua');
    const kakamega = await sw.send('Kakamega');
    expect(only(kakamega.replies)).toBe(`Timu yetu hupanga usafiri na inaweza kukuelekeza tulipo. ${HANDOVER_SW}`);
    expect(kakamega.handoffs.map((h) => h.type)).toEqual(['delivery_inquiry']);
  });

  it('a message without a count or a place is answered as any other', async () => {
    const c = chat();
    await c.send('Galaxy Black Granite price?');
    await c.send('deal');
    const thanks = await c.send('thank you');
    expect(only(thanks.replies)).toBe('You are welcome! Anything else I can help with?');
  });
});

describe('reading a count and collection', () => {
  it.each([
    ['3 slabs, Nakuru', 3],
    ['nataka 3, mniletee Kitengela', 3],
    ['2 pcs, nitapick', 2],
    ['slab 4 tafadhali', 4],
    ['I need 5', 5],
    ['three sinks', 3],
    ['vipande 2', 2],
    ['6', 6],
    ['9000', null],
    ['nipe 9000', null],
    ['nataka 9 thao', null],
    ['nataka 3', 3],
    ['can you do 9k', null],
    ['3000 x 1800', null],
    ['Nakuru', null],
  ])('"%s" → %s', (text, count) => {
    expect(quantityIn(text)).toBe(count);
  });

  it.each([
    ['2 pcs, nitapick', true],
    ['I will pick up', true],
    ['pickup', true],
    ['nitakuja kuchukua', true],
    ['we will collect them', true],
    ['deliver to Nakuru', false],
    ['nitachukua', false],
  ])('"%s" collects: %s', (text, pickup) => {
    expect(saysPickup(text)).toBe(pickup);
  });
});
