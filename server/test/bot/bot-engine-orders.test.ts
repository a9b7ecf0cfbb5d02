// The catalogue bot on "where is my order?", with the conversation's orders
// (tools.orders): the order's number, where it stands and its balance, in the
// customer's language (English, Swahili, Sheng); a person when the chat has
// no order; and the messages that only look like it (wanting to order, the
// delivery fee) left to the rest of the bot. The customers' questions of
// fixtures/corpus/order-questions.ts were written by someone who had not
// read the bot.
import { describe, expect, it } from 'vitest';
import { catalogueBot } from '../../bot/catalogue';
import { asksAfterOrder } from '../../bot/catalogue/orders';
import type { CustomerOrder } from '../../bot/interface';
import { Chat, DEMO_DELIVERY } from './fixtures/chat-harness';
import { swahiliOrEnglish } from './fixtures/corpus/dialogue-score';
import { DIALOGUES } from './fixtures/corpus/dialogues';
import { CORPUS } from './fixtures/corpus/messages';
import { NOT_ORDER_QUESTIONS, ORDER_QUESTIONS } from './fixtures/corpus/order-questions';
import { HELD_OUT } from './fixtures/held-out/messages';
import { HELD_OUT_NOT_ORDER_QUESTIONS, HELD_OUT_ORDER_QUESTIONS } from './fixtures/held-out/order-questions';

/**
 * The share of the held-out questions the bot must answer: it answered 39 of 45 (87 %) the first
 * time it saw them; the floor keeps that from falling. Raise it with the bot, never by tuning on them.
 */
const HELD_OUT_FLOOR = 0.85;

const HANDOVER_EN = 'I am passing you to a member of our team; they will reply here shortly.';
const HANDOVER_SW = 'Nakupitisha kwa mmoja wa wafanyakazi wetu; atakujibu hapa hivi punde.';

/** Scheduled for Thursday 3 December; the chat's messages are sent on Tuesday 24 November 2026. */
const ORDER: CustomerOrder = {
  number: 'SO00042',
  status: 'scheduled',
  paymentStatus: 'deposit_paid',
  total: 42500,
  balance: 12300,
  deliveryDate: '2026-12-03',
  deliveryTown: 'Nakuru',
  pickup: false,
};

const only = (replies: string[]) => {
  expect(replies).toHaveLength(1);
  return replies[0]!;
};
const chat = (orders: CustomerOrder[] = [ORDER]) => new Chat({ bot: catalogueBot, orders, delivery: DEMO_DELIVERY });
const ask = async (message: string, orders: CustomerOrder[] = [ORDER]) => {
  const turn = await chat(orders).send(message);
  expect(turn.handoffs).toEqual([]);
  return only(turn.replies);
};

describe('where the order stands, in the customer’s language', () => {
  it.each<[string, Partial<CustomerOrder>, string, string]>([
    [
      'scheduled',
      {},
      'Your order SO00042: Scheduled for delivery to Nakuru on Thursday 3 December. Balance: KES 12,300.',
      'Oda yako SO00042: Imepangiwa kuletwa hadi Nakuru Alhamisi 3 Desemba. Salio: KES 12,300.',
    ],
    [
      'confirmed, no date yet',
      { status: 'confirmed', deliveryDate: null },
      'Your order SO00042: Confirmed, for delivery to Nakuru; the date is not set yet. Balance: KES 12,300.',
      'Oda yako SO00042: Imethibitishwa, kuletwa hadi Nakuru; tarehe bado haijapangwa. Salio: KES 12,300.',
    ],
    [
      'out for delivery, paid',
      { status: 'out_for_delivery', paymentStatus: 'paid', balance: 0 },
      'Your order SO00042: Out for delivery to Nakuru. Paid in full.',
      'Oda yako SO00042: Iko njiani kuletwa hadi Nakuru. Imelipwa yote.',
    ],
    [
      'delivered, with a balance',
      { status: 'delivered' },
      'Your order SO00042: Delivered. Thank you for buying from us. Balance: KES 12,300.',
      'Oda yako SO00042: Imefikishwa. Asante kwa kununua kwetu. Salio: KES 12,300.',
    ],
    [
      'cancelled, unpaid',
      { status: 'cancelled', paymentStatus: 'unpaid', balance: 42500 },
      'Your order SO00042: Cancelled; if you have a question, reply here.',
      'Oda yako SO00042: Imesitishwa; ukiwa na swali, jibu hapa.',
    ],
    [
      'cancelled, refunded',
      { status: 'cancelled', paymentStatus: 'refunded', balance: 0 },
      'Your order SO00042: Cancelled; if you have a question, reply here. Your payment was refunded.',
      'Oda yako SO00042: Imesitishwa; ukiwa na swali, jibu hapa. Malipo yamerudishwa.',
    ],
    [
      'scheduled for tomorrow',
      { deliveryDate: '2026-11-25' },
      'Your order SO00042: Scheduled for delivery to Nakuru tomorrow, Wednesday 25 November. Balance: KES 12,300.',
      'Oda yako SO00042: Imepangiwa kuletwa hadi Nakuru kesho, Jumatano 25 Novemba. Salio: KES 12,300.',
    ],
    [
      'scheduled next year',
      { deliveryDate: '2027-01-05' },
      'Your order SO00042: Scheduled for delivery to Nakuru on Tuesday 5 January 2027. Balance: KES 12,300.',
      'Oda yako SO00042: Imepangiwa kuletwa hadi Nakuru Jumanne 5 Januari 2027. Salio: KES 12,300.',
    ],
    [
      'to collect',
      { pickup: true, deliveryTown: null },
      'Your order SO00042: Scheduled for collection on Thursday 3 December. Balance: KES 12,300.',
      'Oda yako SO00042: Tayari kwa kuchukuliwa Alhamisi 3 Desemba. Salio: KES 12,300.',
    ],
  ])('%s', async (_, change, english, swahili) => {
    const order = { ...ORDER, ...change };
    expect(await ask('Where is my order?', [order])).toBe(english);
    expect(await ask('order yangu iko wapi?', [order])).toBe(swahili);
    // Sheng is answered in Swahili.
    expect(await ask('msee, order imefika wapi bana', [order])).toBe(swahili);
  });

  it('names each open order, at most 3', async () => {
    const second: CustomerOrder = {
      ...ORDER,
      number: 'SO00051',
      status: 'confirmed',
      paymentStatus: 'unpaid',
      balance: 9800,
      deliveryDate: null,
      deliveryTown: null,
      pickup: true,
    };
    expect(await ask('has my order been dispatched?', [ORDER, second])).toBe(
      [
        'You have 2 open orders:',
        '1. SO00042: Scheduled for delivery to Nakuru on Thursday 3 December. Balance: KES 12,300.',
        '2. SO00051: Confirmed, for collection; the date is not set yet. Balance: KES 9,800.',
      ].join('\n'),
    );
    expect(await ask('mzigo wangu umefika wapi?', [ORDER, second])).toBe(
      [
        'Una oda 2 zinazoendelea:',
        '1. SO00042: Imepangiwa kuletwa hadi Nakuru Alhamisi 3 Desemba. Salio: KES 12,300.',
        '2. SO00051: Imethibitishwa, utaichukua mwenyewe; tarehe bado haijapangwa. Salio: KES 9,800.',
      ].join('\n'),
    );
    const many = [1, 2, 3, 4].map((n) => ({ ...ORDER, number: `SO0000${n}` }));
    const reply = await ask('where are my orders', many);
    expect(reply).toContain('SO00003');
    expect(reply).not.toContain('SO00004');
  });

  it.each([
    ['where is my order', 'en'],
    ['has my order been dispatched', 'en'],
    ['when will my slabs arrive?', 'en'],
    ['order yangu iko wapi?', 'sw'],
    ['mzigo wangu umefika wapi', 'sw'],
    ['lini mtaniletea?', 'sw'],
    ['order imefika wapi bana', 'sw'],
    ['status ya order yangu', 'sw'],
    ['Any update on SO00042?', 'en'],
  ])('"%s" is answered from the order (%s)', async (message, language) => {
    const reply = await ask(message);
    expect(reply).toContain('SO00042');
    expect(swahiliOrEnglish(reply)).toBe(language);
  });
});

describe('no order, or no order tools', () => {
  it('a chat without an order goes to staff, with a short reply in the customer’s language', async () => {
    const english = await chat([]).send('Where is my order?');
    expect(only(english.replies)).toBe(`I cannot find an order from this chat. ${HANDOVER_EN}`);
    expect(english.handoffs).toEqual([
      {
        type: 'unclear_request',
        message: 'Brian Otieno asks about an order, and none is on this chat: "Where is my order?"',
      },
    ]);
    const swahili = await chat([]).send('mzigo wangu umefika wapi?');
    expect(only(swahili.replies)).toBe(`Sioni oda kutoka kwenye mazungumzo haya. ${HANDOVER_SW}`);
    expect(swahili.handoffs.map((h) => h.type)).toEqual(['unclear_request']);
  });

  it('without order tools (a host without orders, another bot module) the question is handled as before', async () => {
    const withTools = new Chat({ bot: catalogueBot, delivery: DEMO_DELIVERY });
    const turn = await withTools.send('order yangu iko wapi?');
    expect(turn.calls.some((c) => c.tool === 'orders')).toBe(false);
    expect(turn.replies.join(' ')).not.toContain('Oda yako');
  });
});

describe('what only looks like it', () => {
  it.each([
    'I want to order 3 slabs',
    'nataka ku-order',
    'nataka kuorder sinki mbili',
    'How do I order?',
    'If I order today, when will it arrive in Nakuru?',
    'do you deliver to Nakuru',
    'where are you located?',
    'Ile marble nyeupe bado mnayo?',
    'bei ya ile sink iko aje',
  ])('"%s" is no order question', async (message) => {
    const turn = await chat().send(message);
    expect(turn.calls.some((c) => c.tool === 'orders')).toBe(false);
    expect(turn.replies.join(' ')).not.toContain('SO00042');
  });

  it('"mnadeliver Nakuru?" is still answered by the delivery zones', async () => {
    expect(await ask('mnadeliver Nakuru?')).toBe('Usafiri hadi Nakuru ni KES 9,500, inachukua takriban siku 3.');
  });

  it('after a deal, "3 slabs, Nakuru" still gives the deal its details', async () => {
    const c = chat();
    await c.send('Galaxy Black Granite price?');
    await c.send('deal');
    const details = await c.send('3 slabs, Nakuru');
    expect(only(details.replies)).toBe(
      'Noted: 3 slabs, delivery to Nakuru (KES 9,500, about 3 days). How would you like to pay?',
    );
  });

  it('no message of the product corpora, held-out messages or dialogues reads as an order question', () => {
    const customerTexts = [
      ...CORPUS.map((e) => e.text),
      ...HELD_OUT.map((e) => e.text),
      ...DIALOGUES.flatMap((d) => d.turns.map((t) => t.customer)),
    ];
    expect(customerTexts.filter(asksAfterOrder)).toEqual([]);
  });
});

/** The questions not answered from the order in the customer's language, each with why. */
async function missedQuestions(questions: readonly { text: string; language: 'en' | 'sw' | 'sheng' }[]) {
  const misses: string[] = [];
  for (const question of questions) {
    const turn = await chat().send(question.text);
    const reply = turn.replies.join('\n');
    const expected = question.language === 'en' ? 'en' : 'sw';
    const problem =
      turn.handoffs.length > 0
        ? 'handed over'
        : !reply.includes(ORDER.number)
          ? 'no order number'
          : swahiliOrEnglish(reply) !== expected
            ? `answered in ${swahiliOrEnglish(reply)}`
            : null;
    if (problem) misses.push(`${problem}: "${question.text}" → ${JSON.stringify(reply)}`);
  }
  return misses;
}

/** The messages that are not order questions but were answered with the order. */
async function answeredWithOrder(messages: readonly { text: string; means: string }[]) {
  const answered: string[] = [];
  for (const message of messages) {
    const turn = await chat().send(message.text);
    if (turn.calls.some((c) => c.tool === 'orders') || turn.replies.some((r) => r.includes(ORDER.number)))
      answered.push(`"${message.text}" (${message.means})`);
  }
  return answered;
}

describe('the second writer’s order questions', () => {
  it('answers at least 95 % of them from the order, in the customer’s language', async () => {
    const misses = await missedQuestions(ORDER_QUESTIONS);
    if (misses.length > 0) console.log(`order questions missed (${misses.length}):\n${misses.join('\n')}`);
    expect(ORDER_QUESTIONS.length).toBeGreaterThan(0);
    expect((ORDER_QUESTIONS.length - misses.length) / ORDER_QUESTIONS.length).toBeGreaterThanOrEqual(0.95);
  });

  it('answers none of the messages that are not order questions with an order', async () => {
    expect(await answeredWithOrder(NOT_ORDER_QUESTIONS)).toEqual([]);
  });
});

// A third writer's questions, written after the bot was tuned on the second writer's and never
// used to tune it: what the bot does with wording it has not seen. Its misses are printed.
describe('the held-out order questions', () => {
  it('answers at least HELD_OUT_FLOOR of them from the order, in the customer’s language', async () => {
    const misses = await missedQuestions(HELD_OUT_ORDER_QUESTIONS);
    const rate = (HELD_OUT_ORDER_QUESTIONS.length - misses.length) / HELD_OUT_ORDER_QUESTIONS.length;
    console.log(
      `held-out order questions: ${HELD_OUT_ORDER_QUESTIONS.length - misses.length}/${HELD_OUT_ORDER_QUESTIONS.length}` +
        (misses.length > 0 ? `, missed:\n${misses.join('\n')}` : ''),
    );
    expect(HELD_OUT_ORDER_QUESTIONS.length).toBeGreaterThanOrEqual(45);
    expect(rate).toBeGreaterThanOrEqual(HELD_OUT_FLOOR);
  });

  it('answers none of its messages that are not order questions with an order', async () => {
    expect(await answeredWithOrder(HELD_OUT_NOT_ORDER_QUESTIONS)).toEqual([]);
  });
});
