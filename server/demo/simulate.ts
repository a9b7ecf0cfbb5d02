// The customer side, played against the real bot: customers write in
// English, Swahili or Sheng along scripted journeys chosen at random (greet,
// ask for a product by name or by what it is, ask the price, bargain a round
// or three around the lowest price, sometimes take it), or bring one of the
// four cases the bot hands to a person (a product the shop does not stock,
// delivery to a town, paying by M-Pesa or a deposit, two messages it cannot
// place). Each message goes in through customerMessage
// (server/modules/conversations/inbound.ts), as WhatsApp's do, and the
// services' one bot runner answers it, except that its replies are stored,
// not sent. Used by the demo seed (past conversations, the bot answering a few
// seconds after each message), `npm run simulate` and the end-to-end tests'
// handoff trigger.
import { randomUUID } from 'node:crypto';
import { faker } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import { kenyanName, kenyanPhone, quoteLine } from '../../common/demo-data';
import type { CatalogueProduct } from '../bot/interface';
import type { DB } from '../db/schema';
import { toCatalogueProducts } from '../modules/products/mapper';
import { productsRepository } from '../modules/products/repository';
import { HANDOFF_TYPES, type HandoffType } from '../realtime/events';
import type { Services } from '../app/services';

/** The simulator's channel name (server/channels/simulator.ts): conversations.channel of the customers it plays. */
export const SIMULATOR_CHANNEL = 'simulator';

type Product = CatalogueProduct;
type Language = 'en' | 'sw' | 'sheng';
type Customer = { phone: string; name: string | null; language: Language; id?: number };

export type SimulatorOptions = {
  /** Where a case the bot did not hand over is told; default: nowhere. (The bot's failures go to the services' log.) */
  log?: (line: string) => void;
};

const pick = <T>(items: readonly T[]): T => faker.helpers.arrayElement(items);
const chance = (probability: number) => faker.datatype.boolean(probability);
const seconds = (min: number, max: number) => faker.number.int({ min, max }) * 1000;

const SW_COLOURS: Record<string, string> = {
  Black: 'nyeusi',
  White: 'nyeupe',
  Grey: 'kijivu',
  Brown: 'kahawia',
  Gold: 'ya dhahabu',
  Green: 'kijani',
  Blue: 'bluu',
  Red: 'nyekundu',
  Beige: 'beige',
};
const SW_CATEGORIES: Record<string, string> = { granite: 'granite', marble: 'marble', quartz: 'quartz', sink: 'sinki' };
const SW_UNITS = ['', 'moja', 'mbili', 'tatu', 'nne', 'tano', 'sita', 'saba', 'nane', 'tisa'];

/** 1 to 99 in Swahili words ("kumi na tano", "ishirini"). */
function swahiliNumber(n: number): string {
  const tens = ['', 'kumi', 'ishirini', 'thelathini', 'arobaini', 'hamsini', 'sitini', 'sabini', 'themanini', 'tisini'];
  const t = Math.floor(n / 10);
  const u = n % 10;
  if (t === 0) return SW_UNITS[u];
  return u === 0 ? tens[t] : `${tens[t]} na ${SW_UNITS[u]}`;
}

/** A KES amount as customers write it: "9,000", "9000", "9k", "9.5k", "ksh 9000", "elfu tisa". */
function amountWords(amount: number, language: Language): string {
  const thousands = amount / 1000;
  const forms = [amount.toLocaleString('en-KE'), String(amount), `ksh ${amount}`];
  if (Number.isInteger(thousands * 2)) forms.push(`${thousands}k`);
  if (language !== 'en' && Number.isInteger(thousands) && thousands < 100) {
    forms.push(`elfu ${swahiliNumber(thousands)}`, `elfu ${swahiliNumber(thousands)}`);
    if (language === 'sheng') forms.push(`${thousands} thao`);
  }
  return pick(forms);
}

const ceil50 = (value: number) => Math.ceil(value / 50) * 50;

/** What a customer writes, by step and language. */
const LINES = {
  greet: {
    en: ['Hi', 'Hello', 'Good morning', 'Hello, good afternoon', 'Hi there'],
    sw: ['Habari', 'Habari yako', 'Hujambo', 'Salamu', 'Habari za asubuhi'],
    sheng: ['Niaje', 'Sasa boss', 'Mambo', 'Vipi msee', 'Niaje, mko?'],
  },
  byName: {
    en: (p: Product) => [`Do you have ${p.name}?`, `Hi, I'm interested in ${p.name}`, `Can I see ${p.name}?`],
    sw: (p: Product) => [`Mna ${p.name}?`, `Naomba picha ya ${p.name}`, `Nataka ${p.name}`],
    sheng: (p: Product) => [`Mko na ${p.name}?`, `Nionyeshe ${p.name} boss`, `Niko interested na ${p.name}`],
  },
  byKind: {
    en: (p: Product) =>
      p.category === 'sink'
        ? [`Do you have a ${p.bowlConfiguration?.toLowerCase()} sink?`, `I need a ${p.material?.toLowerCase()} sink`]
        : [
            `Do you have ${p.color?.toLowerCase()} ${p.category}?`,
            `I'm looking for ${p.color?.toLowerCase()} ${p.category}`,
          ],
    sw: (p: Product) =>
      p.category === 'sink'
        ? [`Mna sinki ya ${p.bowlConfiguration?.toLowerCase()}?`, `Natafuta sinki ya ${p.material?.toLowerCase()}`]
        : [`Mna ${SW_CATEGORIES[p.category]} ${SW_COLOURS[p.color ?? ''] ?? p.color?.toLowerCase()}?`],
    sheng: (p: Product) =>
      p.category === 'sink'
        ? [`Mko na sink ya ${p.bowlConfiguration?.toLowerCase()}?`]
        : [`Boss, mko na ${p.category} ${SW_COLOURS[p.color ?? ''] ?? p.color?.toLowerCase()}?`],
  },
  price: {
    en: (p: Product) => [`How much is ${p.name}?`, `What is the price of ${p.name}?`, `How much for ${p.name}?`],
    sw: (p: Product) => [`Bei ya ${p.name} ni ngapi?`, `${p.name} ni bei gani?`],
    sheng: (p: Product) => [`${p.name} ni how much?`, `Bei ya ${p.name} ni ngapi boss?`],
  },
  counter: {
    en: (a: string) => [`Can you do ${a}?`, `I can pay ${a}`, `Would you take ${a}?`, `${a} is my budget`],
    sw: (a: string) => [`Nitalipa ${a}`, `Naweza kulipa ${a}`, `Punguza hadi ${a}`],
    sheng: (a: string) => [`Fanya ${a} boss`, `Nikupe ${a}`, `Wacha iwe ${a}`],
  },
  lower: {
    en: ['Can you lower the price a bit?', 'What is your last price?', 'Any discount?'],
    sw: ['Punguza kidogo', 'Bei ya mwisho ni ngapi?', 'Naomba upunguze kidogo'],
    sheng: ['Punguza kiasi boss', 'Last price ni ngapi?', 'Niwekee bei poa'],
  },
  accept: {
    en: ['Deal', "Ok I'll take it", 'Deal, I will take it', 'Ok, deal'],
    sw: ['Sawa, nitachukua', 'Sawa', 'Nitachukua'],
    sheng: ['Poa, deal', 'Sawa boss, nitachukua', 'Deal'],
  },
  thanks: {
    en: ['Thank you', 'Thanks, I will get back to you'],
    sw: ['Asante sana', 'Asante'],
    sheng: ['Asante boss', 'Poa, asante'],
  },
} as const;

/** Towns the demo's delivery zones (seed.ts) do not name: the bot hands a delivery question about them to staff. */
const FAR_TOWNS = ['Nyeri', 'Kitale', 'Kakamega', 'Garissa', 'Lodwar'];

/** The four hand-over cases, in the words of each language. */
const CASES: Record<HandoffType, Record<Language, () => string[]>> = {
  product_not_found: {
    en: () => [
      pick([
        'Do you have onyx countertops?',
        'Do you sell travertine floor tiles?',
        'Do you have onyx vanity tops?',
        'Do you have terrazzo slabs?',
      ]),
    ],
    sw: () => [pick(['Mna vigae vya travertine?', 'Mna onyx?', 'Mnauza terrazzo?'])],
    sheng: () => [pick(['Mko na onyx countertop?', 'Boss mko na terrazzo?', 'Mnauza copper sink?'])],
  },
  delivery_inquiry: {
    en: () => [pick([`Do you deliver to ${pick(FAR_TOWNS)}?`, `How much is transport to ${pick(FAR_TOWNS)}?`])],
    sw: () => [pick([`Mnaleta mpaka ${pick(FAR_TOWNS)}?`, `Usafiri hadi ${pick(FAR_TOWNS)} ni bei gani?`])],
    sheng: () => [pick([`Mnadeliver ${pick(FAR_TOWNS)}?`, `Mnaweza deliver ${pick(FAR_TOWNS)} boss?`])],
  },
  payment_inquiry: {
    en: () => [
      pick(['Can I pay by M-Pesa?', 'Can I pay a deposit and the rest on delivery?', 'Do you take bank transfer?']),
    ],
    sw: () => [pick(['Naweza kulipa kwa M-Pesa?', 'Nilipe deposit kwanza?', 'Mnapokea malipo ya benki?'])],
    sheng: () => [pick(['Naeza lipa na M-Pesa?', 'Niko na deposit, nilipe aje?', 'Paybill yenu ni gani?'])],
  },
  // Two messages in a row the bot cannot place (the first gets "I did not get that").
  unclear_request: {
    en: () => [
      pick(['The thing from before', "Is it the same one as my neighbour's?", 'Remember me?']),
      pick(['You know the one I mean', 'What about the other thing?', 'My cousin said you know']),
    ],
    sw: () => [
      pick(['Ile ya jirani yangu', 'Kitu kama ile ya jirani', 'Uliniambia ile siku']),
      pick(['Ile ile', 'Ile ingine je?']),
    ],
    sheng: () => [
      pick(['Ile ya juzi boss', 'Ile ya cousin yangu', 'Zile za juzi']),
      pick(['Unajua ile', 'Ile ingine?']),
    ],
  },
};

export function createSimulator(db: Kysely<DB>, services: Services, options: SimulatorOptions = {}) {
  const inbound = services.inbound;
  const customers = services.customers;
  let nextType = 0;

  const products = async (): Promise<Product[]> => toCatalogueProducts(await productsRepository(db).active());

  /**
   * A customer's conversation on a clock of its own: `at` is the first
   * message's time (the seed's past), or a few minutes ago for one played now.
   */
  function newCustomer(at?: Date) {
    const customer: Customer = {
      phone: kenyanPhone(faker),
      name: chance(0.85) ? kenyanName(faker) : null,
      language: pick(['en', 'en', 'sw', 'sheng'] as const),
    };
    // Played now (no `at`): every message at the moment it is written, so the conversation is
    // the newest; played in the past (the seed): the bot answers a few seconds after each message.
    const live = at === undefined;
    let time = at?.getTime() ?? 0;
    /** The customer writes; the bot answers. */
    async function say(text: string) {
      const at = live ? services.now() : new Date(time);
      time += seconds(2, 40);
      const answerAt = live ? undefined : new Date(time);
      // The customer reads the answer and writes again.
      time += seconds(15, 240);
      const received = await customers.customerMessage({
        channel: SIMULATOR_CHANNEL,
        address: customer.phone,
        externalId: randomUUID(),
        type: 'text',
        name: customer.name,
        content: text,
        at,
        answerAt,
        botReplies: 'store',
      });
      // A simulated message is always stored (its id is new each time).
      customer.id = received!.conversationId;
      return received!.turn;
    }
    return { customer, say };
  }

  /** The lowest price the bot may go to for a product (openapi.yaml's BotSettings). */
  async function floorOf(product: Product) {
    const { bargaining } = await services.botSettings.current();
    const limit = bargaining.productLimits.find((l) => l.productId === product.id)?.lowestPrice;
    return Math.min(
      product.startingPrice,
      limit ?? ceil50((product.startingPrice * bargaining.lowestPricePercent) / 100),
    );
  }

  /**
   * A customer who shops: greets (most), asks for a product by name or by
   * what it is, asks the price, bargains (some) and takes it (some). The
   * conversation stays the bot's unless the bot itself hands it over.
   */
  async function exchange(at?: Date) {
    const { customer, say } = newCustomer(at);
    const lang = customer.language;
    const list = await products();
    if (chance(0.6) || list.length === 0) await say(pick(LINES.greet[lang]));
    if (list.length === 0) {
      await say(pick(LINES.thanks[lang]));
      return { id: customer.id!, phone: customer.phone, name: customer.name };
    }
    const product = pick(list);
    if (chance(0.6)) await say(pick(LINES.byName[lang](product)));
    else await say(pick(LINES.byKind[lang](product)));
    if (chance(0.75)) {
      await say(pick(LINES.price[lang](product)));
      let bargained = false;
      if (chance(0.6)) {
        bargained = true;
        const floor = await floorOf(product);
        const rounds = faker.number.int({ min: 1, max: 3 });
        for (let round = 0; round < rounds; round++) {
          if (chance(0.2)) {
            await say(pick(LINES.lower[lang]));
            continue;
          }
          // Around the lowest price: below it at first, nearer the price later.
          const low = floor * (0.8 + round * 0.07);
          const high = Math.max(low, Math.min(product.startingPrice, floor * (1.02 + round * 0.03)));
          const amount = Math.round(faker.number.float({ min: low, max: high }) / 500) * 500 || floor;
          await say(pick(LINES.counter[lang](amountWords(amount, lang))));
        }
      }
      if (chance(bargained ? 0.5 : 0.25)) await say(pick(LINES.accept[lang]));
      else if (chance(0.5)) await say(pick(LINES.thanks[lang]));
    } else if (chance(0.4)) await say(pick(LINES.thanks[lang]));
    return { id: customer.id!, phone: customer.phone, name: customer.name };
  }

  /**
   * A conversation the bot hands to a person, cycling through the
   * notification types: the customer may first greet or ask about a
   * product, then brings the case. Gives the hand-over's notification (were
   * another bot not to hand over, the conversation is handed over as the
   * catalogue bot would have).
   */
  async function handoff(at?: Date) {
    const type = HANDOFF_TYPES[nextType++ % HANDOFF_TYPES.length];
    const { customer, say } = newCustomer(at);
    const lang = customer.language;
    const list = await products();
    const opening = pick(['greet', 'greet', 'product', 'none', 'none'] as const);
    if (opening === 'greet') await say(pick(LINES.greet[lang]));
    else if (opening === 'product' && list.length > 0 && type !== 'unclear_request')
      await say(pick(LINES.byName[lang](pick(list))));
    const lines = CASES[type][lang]();
    for (const line of lines) {
      const outcome = await say(line);
      if (outcome.notification) return outcome.notification;
    }
    options.log?.(`the bot (${customers.bot.name}) did not hand over a ${type} case: handed over by the simulator`);
    const quote = quoteLine(lines.at(-1)!);
    const message =
      type === 'unclear_request'
        ? `Unclear request from ${customer.name ?? customer.phone}: "${quote}"`
        : `${customer.name ?? `Customer ${customer.phone}`} wrote: "${quote}"`;
    return inbound.handoff(customer.id!, type, message, { customerText: lines.at(-1)! });
  }

  return {
    exchange,
    handoff,
    /** Resolves when every bot turn started so far has ended. */
    idle: () => customers.idle(),
    /** Random activity at about `perMinute` events a minute until stopped. */
    start(perMinute: number, log: (line: string) => void = () => {}) {
      let stopped = false;
      const tick = async () => {
        if (stopped) return;
        try {
          if (chance(0.25)) {
            const n = await handoff();
            log(`handoff: ${n.type} (conversation ${n.conversationId})`);
          } else {
            const c = await exchange();
            log(`a customer talked to the bot (conversation ${c.id})`);
          }
        } catch (error) {
          log(`simulation step failed: ${(error as Error).message}`);
        }
        if (!stopped) timer = setTimeout(tick, (60_000 / perMinute) * (0.5 + Math.random()));
      };
      let timer = setTimeout(tick, 60_000 / perMinute);
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    },
  };
}
