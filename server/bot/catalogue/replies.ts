// What the catalogue bot says, in English and Swahili. Short, friendly and
// the same every time; every product and price comes from the catalogue.
// A reply about one product ends with one "Picture: <url>" line when the
// product has a picture (the WhatsApp sender sends it as the image and the
// rest as its caption); a list of products has no picture.
import type { BotSettings, CatalogueProduct, CustomerOrder, DeliveryQuote, PickupInfo } from '../interface';
import type { BargainAnswer } from './bargain';
import { openNow, openingSpans, type OpeningSpan } from './hours';
import type { Language } from './language';
import { kes } from './text';

type Product = CatalogueProduct;

const isStone = (p: Product) => p.category !== 'sink';

/** "KES 8,500 per slab" / "KES 18,500 each" (Swahili: "kwa slab" / "kila moja"). */
export const priceWithUnit = (p: Product, price: number, lang: Language) =>
  `${kes(price)} ${isStone(p) ? (lang === 'sw' ? 'kwa slab' : 'per slab') : lang === 'sw' ? 'kila moja' : 'each'}`;

/** "3000 x 1800 x 20 mm"; dimensions already written with a unit stay as they are. */
const size = (p: Product) =>
  p.dimensions ? (/[a-wyz]/i.test(p.dimensions) ? p.dimensions : `${p.dimensions} mm`) : null;

const picture = (p: Product) => (p.productImageUrl ? `\nPicture: ${p.productImageUrl}` : '');

const stockLine = (p: Product, lang: Language) => {
  const unit = isStone(p)
    ? lang === 'sw'
      ? 'slab'
      : p.stock === 1
        ? 'slab'
        : 'slabs'
    : lang === 'sw'
      ? 'sinki'
      : p.stock === 1
        ? 'sink'
        : 'sinks';
  if (lang === 'sw') return p.stock > 0 ? `Iko stock (${unit} ${p.stock}).` : 'Imeisha stock kwa sasa.';
  return p.stock > 0 ? `In stock (${p.stock} ${unit}).` : 'Out of stock right now.';
};

const NEXT = {
  en: 'Would you like it? You can also ask about size, stock, installation or delivery.',
  sw: 'Ungependa hii? Unaweza pia kuuliza kuhusu vipimo, stock, kuweka au usafiri.',
};

/** What the customer asked about one product. */
export type Aspect = 'product' | 'price' | 'size' | 'stock' | 'installation';

/** The answer about one product: the asked-for fact first, then the card's other facts and the picture. */
export function productReply(p: Product, aspect: Aspect, lang: Language): string {
  const sw = lang === 'sw';
  const price = priceWithUnit(p, p.startingPrice, lang);
  const dims = size(p);
  let first: string;
  switch (aspect) {
    case 'size':
      first = dims
        ? sw
          ? `${p.name} ina vipimo ${dims}.`
          : `${p.name} measures ${dims}.`
        : sw
          ? `Sina vipimo vya ${p.name}; mmoja wa timu yetu anaweza kukuambia.`
          : `I do not have the size of ${p.name}; our team can tell you.`;
      break;
    case 'stock':
      first = sw
        ? p.stock > 0
          ? `Ndiyo, ${p.name} iko (${isStone(p) ? 'slab' : 'sinki'} ${p.stock}).`
          : `Samahani, ${p.name} imeisha kwa sasa.`
        : p.stock > 0
          ? `Yes, ${p.name} is in stock (${p.stock} ${isStone(p) ? (p.stock === 1 ? 'slab' : 'slabs') : p.stock === 1 ? 'sink' : 'sinks'}).`
          : `Sorry, ${p.name} is out of stock right now.`;
      break;
    case 'installation':
      first =
        p.installationPricePerSlab !== null
          ? sw
            ? `Kuweka (installation) ${p.name} ni ${kes(p.installationPricePerSlab)} kwa slab, juu ya bei ya ${price}.`
            : `Installation of ${p.name} is ${kes(p.installationPricePerSlab)} per slab, on top of ${price}.`
          : sw
            ? `Sina bei ya kuweka ${p.name}; mmoja wa timu yetu anaweza kukuambia. ${p.name} ni ${price}.`
            : `I do not have an installation price for ${p.name}; our team can tell you. ${p.name} is ${price}.`;
      break;
    default:
      first = sw ? `${p.name} ni ${price}.` : `${p.name} is ${price}.`;
  }
  const facts: string[] = [];
  if (aspect !== 'price' && aspect !== 'installation' && aspect !== 'product')
    facts.push(sw ? `Bei: ${price}.` : `Price: ${price}.`);
  if (aspect !== 'size' && dims) facts.push(sw ? `Vipimo: ${dims}.` : `Size: ${dims}.`);
  if (aspect !== 'stock') facts.push(stockLine(p, lang));
  // A customer writing Swahili reads the Swahili description when the product has one.
  const described = (sw && p.descriptionSw) || p.description;
  const description = aspect === 'product' && described ? `\n${described}` : '';
  return `${first} ${facts.join(' ')}${description}\n${NEXT[lang]}${picture(p)}`;
}

const installationPrice = (p: Product, lang: Language) =>
  p.installationPricePerSlab === null
    ? lang === 'sw'
      ? 'bei ya kuweka: uliza timu yetu'
      : 'installation: ask our team'
    : lang === 'sw'
      ? `kuweka ${kes(p.installationPricePerSlab)} kwa slab`
      : `installation ${kes(p.installationPricePerSlab)} per slab`;

/** Several products match: up to three with prices (or installation prices), and which one? */
export function listReply(products: Product[], lang: Language, show: 'price' | 'installation' = 'price'): string {
  const shown = products.slice(0, 3);
  const lines = shown.map(
    (p, i) =>
      `${i + 1}. ${p.name}: ${show === 'installation' ? installationPrice(p, lang) : priceWithUnit(p, p.startingPrice, lang)}`,
  );
  const more = products.length - shown.length;
  if (lang === 'sw')
    return [
      `Tuna ${products.length} zinazolingana${more > 0 ? `; hizi ni ${shown.length} kati yake` : ''}:`,
      ...lines,
      'Ungependa ipi?',
    ].join('\n');
  return [
    `We have ${products.length} that match${more > 0 ? `; here are ${shown.length}` : ''}:`,
    ...lines,
    'Which one would you like?',
  ].join('\n');
}

const CATEGORY_NAMES = {
  en: { granite: 'granite', marble: 'marble', quartz: 'quartz', sink: 'kitchen sinks' },
  sw: { granite: 'granite', marble: 'marble', quartz: 'quartz', sink: 'sinki za jikoni' },
};

/** What the business sells, from the catalogue: each category with its lowest price. */
export function catalogueReply(catalogue: Product[], lang: Language): string {
  const parts: string[] = [];
  for (const category of ['granite', 'marble', 'quartz', 'sink'] as const) {
    const items = catalogue.filter((p) => p.category === category);
    if (items.length === 0) continue;
    const cheapest = items.reduce((a, b) => (b.startingPrice < a.startingPrice ? b : a));
    const from = priceWithUnit(cheapest, cheapest.startingPrice, lang);
    parts.push(`${CATEGORY_NAMES[lang][category]} (${lang === 'sw' ? 'kuanzia' : 'from'} ${from})`);
  }
  if (parts.length === 0)
    return lang === 'sw'
      ? 'Samahani, katalogi yetu haina bidhaa kwa sasa.'
      : 'Sorry, our catalogue has no products right now.';
  const list =
    parts.length > 1 ? `${parts.slice(0, -1).join(', ')} ${lang === 'sw' ? 'na' : 'and'} ${parts.at(-1)}` : parts[0];
  return lang === 'sw'
    ? `Tunauza ${list}. Ungependa kuona nini? Kwa mfano "black granite" au "sinki ya bakuli mbili".`
    : `We sell ${list}. What would you like to see? For example "black granite" or "double bowl sink".`;
}

export const WHICH_PRODUCT = {
  en: 'Which product do you mean? For example "Absolute Black Granite" or "double bowl sink"; or ask "what do you sell?".',
  sw: 'Unamaanisha bidhaa gani? Kwa mfano "Absolute Black Granite" au "sinki ya bakuli mbili"; au uliza "mnauza nini?".',
};

/** A person takes over. */
export const HANDOVER = {
  en: 'I am passing you to a member of our team; they will reply here shortly.',
  sw: 'Nakupitisha kwa mmoja wa wafanyakazi wetu; atakujibu hapa hivi punde.',
};

export const NOT_FOUND = {
  en: (searched: string) => `Sorry, we do not have "${searched}" in our catalogue.`,
  sw: (searched: string) => `Samahani, hatuna "${searched}" kwenye katalogi yetu.`,
};

export const DELIVERY = {
  en: 'Our team arranges delivery and transport and can tell you where to find us.',
  sw: 'Timu yetu hupanga usafiri na inaweza kukuelekeza tulipo.',
};

export const PAYMENT = {
  en: 'Our team will give you the payment details.',
  sw: 'Timu yetu itakupa maelezo ya malipo.',
};

export const UNCLEAR = {
  en: 'Sorry, I did not get that. I can tell you about our granite, marble and quartz slabs and kitchen sinks: prices, sizes, stock and installation. For example "black granite price" or "double bowl sink".',
  sw: 'Samahani, sijaelewa. Naweza kukueleza kuhusu slab za granite, marble na quartz na sinki za jikoni: bei, vipimo, stock na kuweka. Kwa mfano "bei ya black granite" au "sinki ya bakuli mbili".',
};

export const STILL_UNCLEAR = {
  en: 'Sorry, I still did not get that.',
  sw: 'Samahani, bado sijaelewa.',
};

export const HELLO_AGAIN = {
  en: 'Hello again! What can I help you with?',
  sw: 'Habari tena! Nikusaidie na nini?',
};

export const WELCOME = {
  en: 'You are welcome! Anything else I can help with?',
  sw: 'Karibu sana! Kuna kingine naweza kukusaidia?',
};

const CONFIRM = { en: "Reply 'deal' to confirm.", sw: "Jibu 'deal' kuthibitisha." };

/** The bot's answer in bargaining. */
export function bargainReply(p: Product, answer: BargainAnswer, lang: Language): string {
  const price = priceWithUnit(p, answer.price, lang);
  const sw = lang === 'sw';
  switch (answer.kind) {
    case 'fixed':
      return sw ? `Bei ya ${p.name} haibadiliki: ${price}.` : `The price of ${p.name} is fixed at ${price}.`;
    case 'agree':
      return sw ? `Sawa, ${p.name} kwa ${price}. ${CONFIRM.sw}` : `OK, ${p.name} at ${price}. ${CONFIRM.en}`;
    case 'counter':
      return sw
        ? `Naweza kukupa ${p.name} kwa ${price}. ${CONFIRM.sw}`
        : `I can do ${price} for ${p.name}. ${CONFIRM.en}`;
    case 'best':
      return sw
        ? `Hiyo ndiyo bei yangu ya mwisho: ${p.name} kwa ${price}. ${CONFIRM.sw}`
        : `That is my best price: ${price} for ${p.name}. ${CONFIRM.en}`;
  }
}

/** The customer bought: the product, the price and what happens next. */
export const convertedReply = (p: Product, price: number, lang: Language) =>
  lang === 'sw'
    ? `Asante! ${p.name} kwa ${priceWithUnit(p, price, lang)}. Ungependa kulipa vipi, na tukuletee wapi?`
    : `Great, thank you! ${p.name} at ${priceWithUnit(p, price, lang)}. How would you like to pay, and where should we deliver?`;

/** "How many slabs…?" words: slabs for stone, sinks for sinks. */
const unitsOf = (p: Product, lang: Language) =>
  (isStone(p) ? 'slab' : lang === 'sw' ? 'sinki' : 'sinks') + (lang === 'en' && isStone(p) ? 's' : '');

/** What the bot still needs after a deal: how many, where it goes, or both. */
export type Missing = { quantity: boolean; delivery: boolean };

/** Asks for what is missing of a deal: how many, and delivery (to which town) or collection. */
export function detailsQuestion(p: Product, missing: Missing, lang: Language): string {
  const units = unitsOf(p, lang);
  if (lang === 'sw') {
    if (missing.quantity && missing.delivery)
      return `Unahitaji ${units} ngapi, na tukuletee (mji gani) au utakuja kuchukua?`;
    if (missing.quantity) return `Unahitaji ${units} ngapi?`;
    return 'Tukuletee (mji gani) au utakuja kuchukua?';
  }
  if (missing.quantity && missing.delivery)
    return `How many ${units} do you need, and should we deliver (to which town) or will you pick up?`;
  if (missing.quantity) return `How many ${units} do you need?`;
  return 'Should we deliver (to which town) or will you pick up?';
}

/** The customer bought, and the bot knows delivery zones: the product, the price, then what it still needs (else how to pay). */
export const dealReply = (p: Product, price: number, missing: Missing | null, lang: Language) => {
  const next = missing ? detailsQuestion(p, missing, lang) : HOW_TO_PAY[lang];
  return lang === 'sw'
    ? `Asante! ${p.name} kwa ${priceWithUnit(p, price, lang)}. ${next}`
    : `Great, thank you! ${p.name} at ${priceWithUnit(p, price, lang)}. ${next}`;
};

/** "about 3 days", "about 1 day", "the same day" (Swahili: "takriban siku 3", "siku hiyo hiyo"). */
const leadTime = (days: number, lang: Language) =>
  lang === 'sw'
    ? days === 0
      ? 'siku hiyo hiyo'
      : `takriban siku ${days}`
    : days === 0
      ? 'the same day'
      : `about ${days} ${days === 1 ? 'day' : 'days'}`;

const fee = (zone: DeliveryQuote, lang: Language) =>
  zone.fee === 0 ? (lang === 'sw' ? 'bure' : 'free') : kes(zone.fee);

/** "Delivery to Nakuru is KES 9,500 and takes about 3 days." (Swahili: "Usafiri hadi Nakuru ni KES 9,500, inachukua takriban siku 3."). */
export function zoneReply(zone: DeliveryQuote, lang: Language): string {
  if (lang === 'sw')
    return zone.leadDays === 0
      ? `Usafiri hadi ${zone.name} ni ${fee(zone, lang)}, tunaleta siku hiyo hiyo.`
      : `Usafiri hadi ${zone.name} ni ${fee(zone, lang)}, inachukua ${leadTime(zone.leadDays, lang)}.`;
  return zone.leadDays === 0
    ? `Delivery to ${zone.name} is ${fee(zone, lang)}, the same day.`
    : `Delivery to ${zone.name} is ${fee(zone, lang)} and takes ${leadTime(zone.leadDays, lang)}.`;
}

/** Where customers collect, and when the order is ready. */
export const pickupReply = (pickup: PickupInfo, lang: Language) =>
  lang === 'sw'
    ? `Unaweza kuchukua oda yako mwenyewe: ${pickup.location}. Huwa tayari ${pickup.leadDays === 0 ? 'siku hiyo hiyo' : `baada ya ${leadTime(pickup.leadDays, lang)}`}.`
    : `You can collect your order yourself: ${pickup.location}. It is ready ${pickup.leadDays === 0 ? 'the same day' : `in ${leadTime(pickup.leadDays, lang)}`}.`;

/** Collection asked for when the business does not offer it. */
export const PICKUP_OFF = {
  en: 'Sorry, we do not offer collection; we deliver.',
  sw: 'Samahani, hatuna huduma ya kuchukua mwenyewe; tunaleta.',
};

/** What the customer said about the deal, noted: how many, and the delivery or collection. */
export function detailsNoted(
  p: Product,
  quantity: number | null,
  delivery: DeliveryQuote | PickupInfo | null,
  lang: Language,
): string {
  const sw = lang === 'sw';
  const parts: string[] = [];
  if (quantity !== null) {
    const unit = isStone(p)
      ? sw
        ? 'slab'
        : quantity === 1
          ? 'slab'
          : 'slabs'
      : sw
        ? 'sinki'
        : quantity === 1
          ? 'sink'
          : 'sinks';
    parts.push(sw ? `${unit} ${quantity}` : `${quantity} ${unit}`);
  }
  if (delivery && 'name' in delivery)
    parts.push(
      sw
        ? `usafiri hadi ${delivery.name} (${fee(delivery, lang)}, ${leadTime(delivery.leadDays, lang)})`
        : `delivery to ${delivery.name} (${fee(delivery, lang)}, ${leadTime(delivery.leadDays, lang)})`,
    );
  else if (delivery)
    parts.push(
      sw
        ? `utachukua mwenyewe: ${delivery.location} (tayari ${delivery.leadDays === 0 ? 'siku hiyo hiyo' : `baada ya ${leadTime(delivery.leadDays, lang)}`})`
        : `you collect from ${delivery.location} (ready ${delivery.leadDays === 0 ? 'the same day' : `in ${leadTime(delivery.leadDays, lang)}`})`,
    );
  return sw ? `Sawa, nimeandika: ${parts.join(', ')}.` : `Noted: ${parts.join(', ')}.`;
}

/** Everything of the deal is known: payment is next. */
export const HOW_TO_PAY = {
  en: 'How would you like to pay?',
  sw: 'Ungependa kulipa vipi?',
};

const DAY_NAMES = {
  en: {
    monday: 'Monday',
    tuesday: 'Tuesday',
    wednesday: 'Wednesday',
    thursday: 'Thursday',
    friday: 'Friday',
    saturday: 'Saturday',
    sunday: 'Sunday',
  },
  sw: {
    monday: 'Jumatatu',
    tuesday: 'Jumanne',
    wednesday: 'Jumatano',
    thursday: 'Alhamisi',
    friday: 'Ijumaa',
    saturday: 'Jumamosi',
    sunday: 'Jumapili',
  },
};

/** "Monday to Friday 08:00–17:00", "Saturday and Sunday closed" (Swahili: "Jumatatu hadi Ijumaa 08:00–17:00", "Jumapili tumefunga"). */
function spanLine(span: OpeningSpan, lang: Language): string {
  const names = DAY_NAMES[lang];
  const order = Object.keys(names);
  const length = order.indexOf(span.last) - order.indexOf(span.first) + 1;
  const join = length === 2 ? (lang === 'sw' ? 'na' : 'and') : lang === 'sw' ? 'hadi' : 'to';
  const days = length === 1 ? names[span.first] : `${names[span.first]} ${join} ${names[span.last]}`;
  if (!span.open) return `${days} ${lang === 'sw' ? 'tumefunga' : 'closed'}`;
  return `${days} ${span.from}–${span.to}`;
}

/**
 * The answer to "what time do you open?": the week's hours from Settings →
 * Chatbot and whether the business is open now (until when) or when it opens
 * next. Null when business hours are off or no day is open: then the bot
 * does not know them and a person answers.
 */
export function openingHoursReply(hours: BotSettings['businessHours'], at: Date, lang: Language): string | null {
  const now = openNow(hours, at);
  if (!now) return null;
  const sw = lang === 'sw';
  const zone =
    hours.timezone === 'Africa/Nairobi' ? '' : sw ? ` (saa za ${hours.timezone})` : ` (${hours.timezone} time)`;
  const week = `${sw ? 'Saa zetu za kazi' : 'Our opening hours'}: ${openingSpans(hours)
    .map((span) => spanLine(span, lang))
    .join('; ')}${zone}.`;
  let status: string;
  if (now.open) status = sw ? `Tuko wazi sasa, hadi ${now.until}.` : `We are open now, until ${now.until}.`;
  else {
    const when =
      now.inDays === 0
        ? sw
          ? 'leo'
          : 'today'
        : now.inDays === 1
          ? sw
            ? 'kesho'
            : 'tomorrow'
          : sw
            ? DAY_NAMES.sw[now.day]
            : `on ${DAY_NAMES.en[now.day]}`;
    status = sw
      ? `Tumefunga sasa; tutafungua tena ${when} saa ${now.at}.`
      : `We are closed now and open again ${when} at ${now.at}.`;
  }
  const anyTime = sw
    ? 'Unaweza kuniuliza kuhusu bidhaa na bei wakati wowote.'
    : 'You can ask me about products and prices at any time.';
  return `${week} ${status} ${anyTime}`;
}

/** Asked for opening hours the bot does not know (business hours are off). */
export const HOURS_UNKNOWN = {
  en: 'Our team will tell you our opening hours.',
  sw: 'Timu yetu itakuambia saa zetu za kazi.',
};

const MONTHS = {
  en: 'January February March April May June July August September October November December'.split(' '),
  sw: 'Januari Februari Machi Aprili Mei Juni Julai Agosti Septemba Oktoba Novemba Desemba'.split(' '),
};

/**
 * A calendar day as a person says it after a verb: "on Thursday 3 December"
 * (Swahili: "Alhamisi 3 Desemba"), with the year when it is not this year's,
 * and "today, …" or "tomorrow, …" ("leo, …", "kesho, …") when it is. `today`
 * is the business's day (YYYY-MM-DD, hours.ts localDate).
 */
function dayText(date: string, today: string, lang: Language): string {
  const at = new Date(`${date}T00:00:00Z`);
  const weekday = Object.keys(DAY_NAMES.en)[(at.getUTCDay() + 6) % 7] as keyof (typeof DAY_NAMES)['en'];
  const year = at.getUTCFullYear() === Number(today.slice(0, 4)) ? '' : ` ${at.getUTCFullYear()}`;
  const day = `${DAY_NAMES[lang][weekday]} ${at.getUTCDate()} ${MONTHS[lang][at.getUTCMonth()]}${year}`;
  const days = Math.round((at.getTime() - new Date(`${today}T00:00:00Z`).getTime()) / 86_400_000);
  if (days === 0) return `${lang === 'sw' ? 'leo' : 'today'}, ${day}`;
  if (days === 1) return `${lang === 'sw' ? 'kesho' : 'tomorrow'}, ${day}`;
  return lang === 'sw' ? day : `on ${day}`;
}

/** Where an order stands, in words: "Scheduled for delivery to Nakuru on Thursday 3 December" (Swahili: "Imepangiwa kuletwa hadi Nakuru Alhamisi 3 Desemba"). */
function orderState(o: CustomerOrder, today: string, lang: Language): string {
  const day = o.deliveryDate ? dayText(o.deliveryDate, today, lang) : null;
  if (lang === 'sw') {
    const to = o.deliveryTown ? ` hadi ${o.deliveryTown}` : '';
    const dest = o.pickup ? 'utaichukua mwenyewe' : `kuletwa${to}`;
    switch (o.status) {
      case 'confirmed':
        return day ? `Imethibitishwa, ${dest} ${day}` : `Imethibitishwa, ${dest}; tarehe bado haijapangwa`;
      case 'scheduled':
        if (o.pickup) return day ? `Tayari kwa kuchukuliwa ${day}` : 'Imepangwa, utaichukua mwenyewe';
        return day ? `Imepangiwa kuletwa${to} ${day}` : `Imepangiwa kuletwa${to}; tarehe bado haijapangwa`;
      case 'out_for_delivery':
        return `Iko njiani kuletwa${to}`;
      case 'delivered':
        return o.pickup ? 'Imechukuliwa. Asante kwa kununua kwetu' : 'Imefikishwa. Asante kwa kununua kwetu';
      case 'cancelled':
        return 'Imesitishwa; ukiwa na swali, jibu hapa';
    }
  }
  const dest = o.pickup ? 'for collection' : `for delivery${o.deliveryTown ? ` to ${o.deliveryTown}` : ''}`;
  switch (o.status) {
    case 'confirmed':
      return day ? `Confirmed, ${dest} ${day}` : `Confirmed, ${dest}; the date is not set yet`;
    case 'scheduled':
      return day ? `Scheduled ${dest} ${day}` : `Scheduled ${dest}; the date is not set yet`;
    case 'out_for_delivery':
      return `Out for delivery${o.deliveryTown ? ` to ${o.deliveryTown}` : ''}`;
    case 'delivered':
      return o.pickup ? 'Collected. Thank you for buying from us' : 'Delivered. Thank you for buying from us';
    case 'cancelled':
      return 'Cancelled; if you have a question, reply here';
  }
}

/** What is left to pay, or that it is paid (or refunded); nothing for an unpaid cancelled order. */
function orderPayment(o: CustomerOrder, lang: Language): string {
  const sw = lang === 'sw';
  if (o.paymentStatus === 'refunded') return sw ? ' Malipo yamerudishwa.' : ' Your payment was refunded.';
  if (o.status === 'cancelled') return '';
  if (o.balance > 0) return sw ? ` Salio: ${kes(o.balance)}.` : ` Balance: ${kes(o.balance)}.`;
  return o.paymentStatus === 'paid' ? (sw ? ' Imelipwa yote.' : ' Paid in full.') : '';
}

const orderLine = (o: CustomerOrder, today: string, lang: Language) =>
  `${o.number}: ${orderState(o, today, lang)}.${orderPayment(o, lang)}`;

/**
 * The answer to "where is my order?": each order (at most 3) with its number,
 * where it stands and what is left to pay; every figure is the order's own.
 */
export function orderStatusReply(orders: CustomerOrder[], today: string, lang: Language): string {
  const shown = orders.slice(0, 3);
  if (shown.length === 1) return `${lang === 'sw' ? 'Oda yako' : 'Your order'} ${orderLine(shown[0]!, today, lang)}`;
  const lines = shown.map((o, i) => `${i + 1}. ${orderLine(o, today, lang)}`);
  const head = lang === 'sw' ? `Una oda ${shown.length} zinazoendelea:` : `You have ${shown.length} open orders:`;
  return [head, ...lines].join('\n');
}

/** Asked after an order when the conversation has none. */
export const NO_ORDER = {
  en: 'I cannot find an order from this chat.',
  sw: 'Sioni oda kutoka kwenye mazungumzo haya.',
};
