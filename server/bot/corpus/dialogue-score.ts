// How the catalogue bot is judged on whole dialogues (dialogue-types.ts,
// dialogues.ts), for server/test/bot-dialogues.test.ts and `npm run
// bench:bot` alike.
//
// Each dialogue is one conversation, played message by message through
// catalogueBot.onCustomerMessage with in-memory tools (chat-harness.ts): the
// conversation's current product, offer, round, converted flag and the bot's
// memory are carried from turn to turn as the server keeps them, with the
// default settings (server/modules/bot-settings/defaults.ts) and the demo
// catalogue. After a hand-over, staff hand the conversation back before the
// customer's next message (the server does not call the bot while staff
// have it), so that a dialogue may go on.
//
// Each turn is judged from what the bot did (its tool calls) and what it wrote:
//  - greets:     a reply that opens with a greeting (hello, hi, habari, karibu, jambo…), no hand-over;
//  - lists:      a reply naming two or more catalogue products, or two or more of the shop's
//                categories with prices (what the shop sells), no hand-over;
//  - quotes:     a reply with a KES amount, no offer recorded, no sale, no hand-over;
//  - counters:   an offer recorded this turn (tools.offer), or the standing offer repeated
//                (the rounds are spent), no sale, no hand-over;
//  - accepts:    the sale: converted() called this turn (or the conversation already converted
//                and the reply confirming it again), and a KES amount in the reply, no hand-over;
//  - hands_over: handoff() called;
//  - answers:    a reply, and no hand-over.
// The reply's language is judged by swahiliOrEnglish() below. The product is
// the one the turn asked about (its productInterest inquiry, else its only
// view), else the conversation's current product after the turn. The price
// is the first KES amount of the reply.
import { catalogueBot } from '../catalogue';
import { Chat, demoCatalogue, type TurnResult } from '../catalogue/chat-harness';
import { botSettingsDefaults } from '../../modules/bot-settings/defaults';
import type { Bot, BotSettings, CatalogueProduct } from '../interface';
import type { Dialogue, DialogueAction, DialogueExpectation, DialogueLanguage } from './dialogue-types';

/** Words found in the bot's Swahili replies and not in its English ones, and the reverse. */
const SWAHILI_MARKERS = new Set(
  `ni na kwa ya za wa la hii hiyo hizi tuna yetu wetu asante karibu samahani habari ungependa naweza nakupitisha
  atakujibu timu bei kila moja tafadhali sijaelewa bado kuhusu au sana tena iko vipimo kuweka nikusaidie hapa
  hatuna kwenye katalogi tunauza kuanzia jibu kuthibitisha sawa mwisho yangu itakupa maelezo malipo usafiri
  tumefunga tuko wazi saa zetu hadi leo kesho imeisha slab sinki`
    .split(/\s+/)
    .filter(Boolean),
);
const ENGLISH_MARKERS = new Set(
  `the is and you your we our per of to a i it would like can will for at that with in thank thanks sorry hello
  which what how please reply team each have do not am passing they shortly give details arranges where find
  open closed sell from price size stock`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * The language of a reply: Swahili when more of its distinct words are
 * Swahili markers than English ones (product names and prices count for
 * neither; "Picture:" lines are left out), else English.
 */
export function swahiliOrEnglish(text: string): 'en' | 'sw' {
  const words = new Set(
    text
      .split('\n')
      .filter((line) => !line.startsWith('Picture: '))
      .join(' ')
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter(Boolean),
  );
  let sw = 0;
  let en = 0;
  for (const word of words) {
    if (SWAHILI_MARKERS.has(word)) sw++;
    else if (ENGLISH_MARKERS.has(word)) en++;
  }
  return sw > en ? 'sw' : 'en';
}

/** The KES amounts of a text, in order: "KES 7,050" → 7050. */
export const kesAmounts = (text: string): number[] =>
  [...text.matchAll(/\bKES\s?(\d[\d,]*(?:\.\d+)?)/g)].map((m) => Number(m[1]!.replace(/,/g, '')));

const GREETING_OPENERS =
  /^\s*(hello|hi|hey|habari|karibu|jambo|hujambo|mambo|niaje|sasa|salaam|good (morning|afternoon|evening))\b/i;
const CATEGORY_WORDS = [/\bgranite\b/i, /\bmarble\b/i, /\bquartz\b/i, /\bsinks?\b|\bsinki\b/i];

/** What the bot did on one turn, as the judge sees it. */
export type Observed = {
  /** Every action the turn qualifies for (a reply may both quote and answer). */
  actions: DialogueAction[];
  replyLanguage: 'en' | 'sw' | null;
  product: string | null;
  price: number | null;
  /** The bot's replies, joined. */
  reply: string;
};

export type TurnVerdict = {
  /** 1-based. */
  turn: number;
  customer: string;
  expected: DialogueExpectation;
  observed: Observed;
  /** What did not match; empty when the turn passes. */
  wrong: string[];
};

export type DialogueResult = { dialogue: Dialogue; pass: boolean; turns: TurnVerdict[] };

/** Judges what one turn did against its expectation. */
function observe(
  result: TurnResult,
  chat: Chat,
  before: { converted: boolean; offer: number | null },
  catalogue: CatalogueProduct[],
): Observed {
  const reply = result.replies.join('\n');
  const text = reply
    .split('\n')
    .filter((line) => !line.startsWith('Picture: '))
    .join('\n');
  const amounts = kesAmounts(text);
  const price = amounts[0] ?? null;
  const handedOver = result.handoffs.length > 0;
  const named = catalogue.filter((p) => text.includes(p.name));
  const categoriesPriced = CATEGORY_WORDS.filter((re) => re.test(text)).length >= 2 && amounts.length >= 2;
  const sold =
    result.converted || (before.converted && chat.conversation.converted && price !== null && !result.offers.length);
  const repeatsOffer = before.offer !== null && price === before.offer;

  const actions: DialogueAction[] = [];
  if (handedOver) actions.push('hands_over');
  else if (reply) {
    if (sold && price !== null) actions.push('accepts');
    else {
      if (result.offers.length > 0 || repeatsOffer) actions.push('counters');
      if (price !== null && result.offers.length === 0) actions.push('quotes');
    }
    if (GREETING_OPENERS.test(text)) actions.push('greets');
    if (named.length >= 2 || categoriesPriced) actions.push('lists');
    actions.push('answers');
  }

  const inquiries = result.interests.filter((i) => i.kind === 'inquiry');
  const views = result.interests.filter((i) => i.kind === 'view');
  const productId =
    inquiries.length === 1
      ? inquiries[0]!.productId
      : inquiries.length === 0 && views.length === 1
        ? views[0]!.productId
        : chat.conversation.currentProductId;
  const product = catalogue.find((p) => p.id === productId)?.name ?? null;
  return { actions, replyLanguage: reply ? swahiliOrEnglish(text) : null, product, price, reply };
}

function judge(expected: DialogueExpectation, observed: Observed): string[] {
  const wrong: string[] = [];
  if (!observed.actions.includes(expected.does)) wrong.push(`does ${expected.does}`);
  if (observed.replyLanguage !== null && observed.replyLanguage !== expected.replyLanguage)
    wrong.push(`replyLanguage ${expected.replyLanguage}`);
  if (expected.product !== undefined && observed.product !== expected.product)
    wrong.push(`product ${expected.product}`);
  const { price } = observed;
  if (expected.priceAtLeast !== undefined && (price === null || price < expected.priceAtLeast))
    wrong.push(`price ≥ ${expected.priceAtLeast}`);
  if (expected.priceAtMost !== undefined && (price === null || price > expected.priceAtMost))
    wrong.push(`price ≤ ${expected.priceAtMost}`);
  if (expected.price !== undefined && price !== expected.price) wrong.push(`price ${expected.price}`);
  return wrong;
}

export type PlayOptions = { bot?: Bot; settings?: BotSettings; catalogue?: CatalogueProduct[] };

/** Plays one dialogue as one conversation and judges every turn. */
export async function playDialogue(dialogue: Dialogue, options: PlayOptions = {}): Promise<DialogueResult> {
  const catalogue = options.catalogue ?? demoCatalogue();
  const chat = new Chat({
    bot: options.bot ?? catalogueBot,
    catalogue,
    settings: options.settings ?? botSettingsDefaults(),
    customerName: 'Wanjiru Kamau',
  });
  const turns: TurnVerdict[] = [];
  for (const [i, turn] of dialogue.turns.entries()) {
    // Staff answered the hand-over and handed the conversation back.
    if (chat.status !== 'bot_active') chat.handBack();
    const before = { converted: chat.conversation.converted, offer: chat.conversation.currentOfferPrice };
    const result = await chat.send(turn.customer);
    const observed = observe(result, chat, before, catalogue);
    turns.push({
      turn: i + 1,
      customer: turn.customer,
      expected: turn.expect,
      observed,
      wrong: judge(turn.expect, observed),
    });
  }
  return { dialogue, pass: turns.every((t) => t.wrong.length === 0), turns };
}

const describeExpected = (e: DialogueExpectation) =>
  [
    e.does,
    e.replyLanguage,
    e.product,
    e.price !== undefined ? `KES ${e.price}` : '',
    e.priceAtLeast !== undefined ? `≥ ${e.priceAtLeast}` : '',
    e.priceAtMost !== undefined ? `≤ ${e.priceAtMost}` : '',
  ]
    .filter(Boolean)
    .join(' ');

const describeObserved = (o: Observed) =>
  [
    o.actions.length ? o.actions.join('/') : 'nothing',
    o.replyLanguage ?? 'no reply',
    o.product ?? '',
    o.price !== null ? `KES ${o.price}` : '',
  ]
    .filter(Boolean)
    .join(' ');

/** Each failing turn of a dialogue in one line: id, turn, what the customer wrote, expected vs what happened, and the reply. */
export function missLines(result: DialogueResult): string[] {
  return result.turns
    .filter((t) => t.wrong.length > 0)
    .map(
      (t) =>
        `${result.dialogue.id} [${result.dialogue.language}] turn ${t.turn} ${JSON.stringify(t.customer)}: ` +
        `expected ${describeExpected(t.expected)} vs got ${describeObserved(t.observed)} ` +
        `(wrong: ${t.wrong.join(', ')}) — bot: ${JSON.stringify(t.observed.reply.split('\n')[0] ?? '')}`,
    );
}

export type DialogueScore = {
  results: DialogueResult[];
  passed: number;
  total: number;
  byLanguage: Record<DialogueLanguage, { passed: number; total: number }>;
};

/** Plays every dialogue (each its own conversation) and counts the ones that pass, overall and per language. */
export async function scoreDialogues(
  dialogues: readonly Dialogue[],
  options: PlayOptions = {},
): Promise<DialogueScore> {
  const results: DialogueResult[] = [];
  for (const dialogue of dialogues) results.push(await playDialogue(dialogue, options));
  const byLanguage = {
    en: { passed: 0, total: 0 },
    sw: { passed: 0, total: 0 },
    sheng: { passed: 0, total: 0 },
    mixed: { passed: 0, total: 0 },
  };
  for (const r of results) {
    byLanguage[r.dialogue.language].total++;
    if (r.pass) byLanguage[r.dialogue.language].passed++;
  }
  const passed = results.filter((r) => r.pass).length;
  return { results, passed, total: results.length, byLanguage };
}
