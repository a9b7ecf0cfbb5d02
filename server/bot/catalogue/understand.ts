// What a customer's message asks: its intent, its language, the catalogue
// products it names, the words of a product the catalogue does not have, and
// the amount of a counter-offer. Rules and word lists only (vocabulary.ts):
// the same message always reads the same way, and every reading can be
// explained by the words that caused it.
import type { CatalogueProduct } from '../interface';
import { findAmounts } from './amounts';
import { detectLanguage, isEnglishWord, shengStem, SWAHILI_VERB, type Language } from './language';
import { normalise, typoDistance, typosAllowed, undoubled, words as wordsOf } from './text';
import {
  BOWL_COUNTS,
  BOWL_WORDS,
  CATEGORY_WORDS,
  CHAT_SPELLINGS,
  COLOUR_WORDS,
  CUE_PHRASES,
  CUE_WORDS,
  GENERIC_NAME_WORDS,
  MATERIAL_WORDS,
  NAME_INTRODUCERS,
  NOT_SOLD,
  PLAIN_WORDS,
  PREFIXED_STEMS,
  STEM_CUES,
  STONE_WORDS,
  SWAHILI_COMMON,
  type Category,
  type Cue,
  type Intent,
} from './vocabulary';

export type { Intent } from './vocabulary';
export type { Language } from './language';

export type Understanding = {
  intent: Intent;
  language: Language;
  /** The catalogue products the message names (by name, or all that match its category/colour/material/bowl/size words). */
  products: CatalogueProduct[];
  /** The words of a product asked for that the catalogue does not have, else null. */
  searched: string | null;
  /** The KES amount of a counter-offer, else null. */
  amount: number | null;
};

/** What one word of the message is. */
type Reading =
  | { kind: 'cue'; cues: Cue[] }
  | { kind: 'category'; category: Category }
  | { kind: 'stone' }
  | { kind: 'colour'; colour: string }
  | { kind: 'material'; material: string }
  | { kind: 'bowl'; bowl: string }
  | { kind: 'name'; word: string }
  | { kind: 'not_sold' }
  | { kind: 'number' }
  | { kind: 'plain' }
  | { kind: 'unknown' };

/** The words of one catalogue's names, kept while the catalogue array is the same. */
type NameIndex = {
  /** Each product's name words and the ones that tell it from others (not a colour, category…). */
  names: Map<CatalogueProduct, { all: Set<string>; distinctive: Set<string> }>;
  distinctive: Set<string>;
  allNameWords: Set<string>;
  /** The things not sold that a typo may name (none of them a word of a product's name). */
  notSoldFuzzy: string[];
};
const indexes = new WeakMap<CatalogueProduct[], NameIndex>();

const isProductVocabulary = (word: string) =>
  word in CATEGORY_WORDS ||
  word in COLOUR_WORDS ||
  word in MATERIAL_WORDS ||
  word in BOWL_WORDS ||
  STONE_WORDS.has(word) ||
  GENERIC_NAME_WORDS.has(word);

function nameIndex(catalogue: CatalogueProduct[]): NameIndex {
  const cached = indexes.get(catalogue);
  if (cached) return cached;
  const names: NameIndex['names'] = new Map();
  const distinctive = new Set<string>();
  const allNameWords = new Set<string>();
  for (const product of catalogue) {
    const all = new Set(wordsOf(normalise(product.name)));
    const own = new Set(
      [...all].filter((w) => w.length >= 3 && !/^\d/.test(w) && !isProductVocabulary(w) && !PLAIN_WORDS.has(w)),
    );
    names.set(product, { all, distinctive: own });
    for (const w of own) distinctive.add(w);
    for (const w of all) allNameWords.add(w);
  }
  const notSoldFuzzy = [...NOT_SOLD].filter((w) => w.length >= 5 && !w.includes(' ') && !allNameWords.has(w));
  const index = { names, distinctive, allNameWords, notSoldFuzzy };
  indexes.set(catalogue, index);
  return index;
}

/** The closest word of `candidates` within the typos allowed (and at most `most`), or null. */
function closest(word: string, candidates: Iterable<string>, most = 2): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  if (word.length < 3 || /\d/.test(word)) return null;
  for (const candidate of candidates) {
    const allowed = Math.min(typosAllowed(candidate), most);
    if (allowed === 0) continue;
    // A short word keeps its first letter through a typo ("sinc" is "sink"; "told" is not "gold").
    if (word.length <= 5 && word[0] !== candidate[0]) continue;
    const distance = typoDistance(word, candidate, allowed);
    if (distance > allowed) continue;
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** How many distinct words of one message are checked for typos. */
const TYPO_WORDS = 60;

const FUZZY_PRODUCT_WORDS = [
  ...Object.keys(CATEGORY_WORDS),
  ...Object.keys(COLOUR_WORDS),
  ...Object.keys(MATERIAL_WORDS),
  ...STONE_WORDS,
];
const FUZZY_CUE_WORDS = [...CUE_WORDS.keys()].filter((w) => w.length >= 4);

/** Reads a word exactly as written (or with doubled letters made single). */
function exactReading(word: string, index: NameIndex): Reading | null {
  if (/^\d+(\.\d+)?$/.test(word) && word !== '1.5') return { kind: 'number' };
  if (index.distinctive.has(word)) return { kind: 'name', word };
  if (word in CATEGORY_WORDS) return { kind: 'category', category: CATEGORY_WORDS[word]! };
  if (word in COLOUR_WORDS) return { kind: 'colour', colour: COLOUR_WORDS[word]! };
  if (word in MATERIAL_WORDS) return { kind: 'material', material: MATERIAL_WORDS[word]! };
  if (word in BOWL_WORDS) return { kind: 'bowl', bowl: BOWL_WORDS[word]! };
  if (STONE_WORDS.has(word)) return { kind: 'stone' };
  const cues = CUE_WORDS.get(word);
  if (cues) return { kind: 'cue', cues };
  if (NOT_SOLD.has(word) && !index.allNameWords.has(word)) return { kind: 'not_sold' };
  // Everyday words of either language name no product, and are no typo of a product's word ("last" is not "list").
  if (PLAIN_WORDS.has(word) || GENERIC_NAME_WORDS.has(word) || SWAHILI_COMMON.has(word) || isEnglishWord(word))
    return { kind: 'plain' };
  return null;
}

function readWord(word: string, index: NameIndex, typos: boolean): Reading {
  const exact = exactReading(word, index) ?? (undoubled(word) !== word ? exactReading(undoubled(word), index) : null);
  if (exact) return exact;
  const stem = shengStem(word);
  if (stem) return { kind: 'cue', cues: [PREFIXED_STEMS[stem]!] };
  for (const [pattern, cue] of STEM_CUES) if (pattern.test(word)) return { kind: 'cue', cues: [cue] };
  // A plural of a known word: "sinks", "granites", "tiles".
  if (word.endsWith('s') && word.length > 4) {
    const singular = exactReading(word.slice(0, -1), index);
    if (singular && singular.kind !== 'plain') return singular;
  }
  // Typos: a product's own words first, then the product vocabulary, then the intent words.
  // A word shaped like a Swahili verb ("kujenga", "nitaleta") is no typo of a product word.
  if (!typos || /^\d/.test(word) || SWAHILI_VERB.test(word)) return { kind: 'unknown' };
  const name = closest(word, index.distinctive);
  if (name) return { kind: 'name', word: name };
  const productWord = closest(word, FUZZY_PRODUCT_WORDS);
  if (productWord) return exactReading(productWord, index)!;
  // Intent words allow one typo only: Swahili words are close to one another ("kujenga", "kufunga").
  const cueWord = closest(word, FUZZY_CUE_WORDS, 1);
  if (cueWord) return { kind: 'cue', cues: CUE_WORDS.get(cueWord)! };
  const notSold = closest(word, index.notSoldFuzzy);
  if (notSold) return { kind: 'not_sold' };
  return { kind: 'unknown' };
}

/** Sizes the message gives, in mm: "3000 x 1800" → [3000, 1800]; "3m" → [3000]; "2.7 metres" → [2700]. */
function sizesIn(text: string): number[] {
  const sizes: number[] = [];
  for (const m of text.matchAll(/\b(\d{3,4}) (?:x|by) (\d{3,4})(?: (?:x|by) (\d{1,3}))?\b/g))
    sizes.push(Number(m[1]), Number(m[2]), ...(m[3] ? [Number(m[3])] : []));
  for (const m of text.matchAll(/\b(\d(?:\.\d+)?) ?(?:m|metres?|meters?|mita)\b/g))
    sizes.push(Math.round(Number(m[1]) * 1000));
  for (const m of text.matchAll(/\b(\d{2,4}) ?mm\b/g)) sizes.push(Number(m[1]));
  return sizes;
}

const dimensionNumbers = (product: CatalogueProduct) =>
  (product.dimensions ?? '').match(/\d+(?:\.\d+)?/g)?.map(Number) ?? [];

const lower = (value: string | null) => (value ?? '').toLowerCase();
const bowlOf = (product: CatalogueProduct) => lower(product.bowlConfiguration).split(' ')[0] ?? '';

type Attributes = {
  categories: Set<Category>;
  stone: boolean;
  colours: Set<string>;
  materials: Set<string>;
  bowls: Set<string>;
};

/** Whether the message says what kind of product; "slab" or "stone" alone does not (it only narrows). */
const hasAttributes = (a: Attributes) =>
  a.categories.size > 0 || a.colours.size > 0 || a.materials.size > 0 || a.bowls.size > 0;

/** A product matches when it has one of the values given for each kind of attribute given. */
function matches(product: CatalogueProduct, a: Attributes): boolean {
  if (a.categories.size > 0 && !a.categories.has(product.category)) return false;
  if (a.stone && a.categories.size === 0 && product.category === 'sink') return false;
  if (a.colours.size > 0 && !a.colours.has(lower(product.color))) return false;
  if (a.materials.size > 0 && !a.materials.has(lower(product.material))) return false;
  if (a.bowls.size > 0 && !a.bowls.has(bowlOf(product))) return false;
  return true;
}

/** Keeps the products `filter` keeps, unless it would keep none (a soft filter). */
const narrow = <T>(items: T[], filter: (item: T) => boolean) => {
  const kept = items.filter(filter);
  return kept.length > 0 ? kept : items;
};

/**
 * Intent precedence, first that applies (a message often carries several):
 *  1. an amount with an offering word ("nitalipa 28k cash")    → counter_offer
 *  2. payment method words (M-Pesa, bank, cash, deposit…)      → payment   ("can I pay on delivery?")
 *  3. delivery / transport / where words, or a place ("showroom",
 *     "location") without opening hours                       → delivery  ("sawa, mnadeliver Nakuru?")
 *  4. an amount (never a size or a count) or a lower-price ask → counter_offer ("can you do 9k", "punguza kidogo")
 *  5. "pay"/"lipa" words without an amount                     → payment
 *  6. installation words                                       → installation ("bei ya kuweka…")
 *  6a. opening-hours words ("saa ngapi", "are you open", "mko wazi") → hours ("mnafungua saa ngapi?")
 *  7. price words                                              → price     ("bei ya black granite ni ngapi")
 *  8. size words                                               → size
 *  9. stock words, or "ngapi" with "mna"/"mko na"              → stock     ("mna slab ngapi za quartz?")
 * 10. "ngapi" alone                                            → price     ("galaxy ni ngapi?")
 * 11. strong acceptance ("deal", "nitachukua", "I'll take it")  → accept
 * 12. thanks words                                             → thanks    ("ok thanks" closes, it does not buy)
 * 13. weak acceptance ("ok", "sawa", "poa") with no product    → accept
 * 14. products named                                           → product
 * 15. "what do you sell" words                                 → catalogue
 * 16. greeting words                                           → greeting
 * 17. nothing of the above                                     → unclear
 * A product asked for that the catalogue does not have (with no question
 * beyond price, size or stock) is 'product' with the words searched.
 */
/** Words that make a message a question even without a question mark. */
const QUESTION_WORDS = new Set([
  'how',
  'what',
  'which',
  'when',
  'where',
  'why',
  'gani',
  'ngapi',
  'je',
  'wapi',
  'lini',
  'aje',
]);

/** A message's words as the rules read them. */
const tokensOf = (text: string) =>
  wordsOf(normalise(text))
    // Chat spellings ("u", "wat", "pls") are read as the words they stand for.
    .map((w) => CHAT_SPELLINGS[w] ?? w)
    // "fedha" is money, and the colour silver only in "rangi ya fedha".
    .map((w, i, all) => (w === 'fedha' && all[i - 1] === 'ya' && all[i - 2] === 'rangi' ? 'silver' : w));

/** The language of a message as understand() reads it (a message in neither keeps `previousLanguage`). */
export const messageLanguage = (text: string, previousLanguage?: Language): Language =>
  detectLanguage(tokensOf(text), previousLanguage);

/** What the words of a message say about products and what it asks, before products are matched. */
type Recognised = {
  /** The intent cues found (phrases first, then words). */
  cues: Set<Cue>;
  attributes: Attributes;
  /** The distinctive name words read (typos corrected). */
  nameWords: Set<string>;
  /** Positions of the words that may name a product. */
  productish: number[];
  /** Positions of words read as nothing known (the words of a product the catalogue may not have). */
  unknown: number[];
  /** A word names something the shop does not sell. */
  notSold: boolean;
};

/** Cue phrases found in the message, and the positions of their words, which are spent (they name no product). */
function phraseCues(normalised: string): { cues: Set<Cue>; spent: Set<number> } {
  const cues = new Set<Cue>();
  const spent = new Set<number>();
  const padded = ` ${normalised} `;
  for (const [phrase, cue] of CUE_PHRASES) {
    const at = padded.indexOf(` ${phrase} `);
    if (at < 0) continue;
    cues.add(cue);
    const first = padded.slice(0, at).trim() ? padded.slice(0, at).trim().split(' ').length : 0;
    for (let i = 0; i < phrase.split(' ').length; i++) spent.add(first + i);
  }
  return { cues, spent };
}

/**
 * Each word's reading. Each distinct word is read once (a long message
 * repeats many), and typos are looked for in the first TYPO_WORDS distinct
 * words only (an essay stays fast).
 */
function readTokens(tokens: string[], index: NameIndex): Reading[] {
  const seen = new Map<string, Reading>();
  return tokens.map((word) => {
    let reading = seen.get(word);
    if (!reading) seen.set(word, (reading = readWord(word, index, seen.size < TYPO_WORDS)));
    return reading;
  });
}

/** The intents, products, attributes and unknown words the readings add up to, in the message's order. */
function recognise(tokens: string[], readings: Reading[], phrases: { cues: Set<Cue>; spent: Set<number> }): Recognised {
  const { cues, spent } = phrases;
  const attributes: Attributes = {
    categories: new Set(),
    stone: false,
    colours: new Set(),
    materials: new Set(),
    bowls: new Set(),
  };
  const nameWords = new Set<string>();
  const productish: number[] = [];
  const unknown: number[] = [];
  let notSold = false;
  const bowlNoun = tokens.some((w) => /^(bowls?|bakuli)$/.test(w));
  const sinkWord = readings.some((r) => r.kind === 'category' && r.category === 'sink') || bowlNoun;

  readings.forEach((reading, i) => {
    const word = tokens[i]!;
    const previous = tokens[i - 1];
    switch (reading.kind) {
      case 'cue':
        if (!spent.has(i))
          for (const cue of reading.cues)
            if (cue !== 'greeting_first' || i === 0) cues.add(cue === 'greeting_first' ? 'greeting' : cue);
        return;
      case 'name':
        nameWords.add(reading.word);
        productish.push(i);
        return;
      case 'category':
        // "granite sink", "quartz sink": the sink's material, not a stone.
        if (sinkWord && reading.category !== 'sink')
          attributes.materials.add(reading.category === 'granite' ? 'granite composite' : 'quartz');
        else attributes.categories.add(reading.category);
        productish.push(i);
        return;
      case 'stone':
        attributes.stone = true;
        productish.push(i);
        return;
      case 'colour':
        attributes.colours.add(reading.colour);
        productish.push(i);
        return;
      case 'material':
        attributes.materials.add(reading.material);
        productish.push(i);
        return;
      case 'bowl':
        // "single" or "double" is a bowl only when bowls or sinks are the subject ("a single slab" is not).
        if (sinkWord || reading.bowl === '1.5') {
          attributes.bowls.add(reading.bowl);
          productish.push(i);
        }
        return;
      case 'not_sold':
        notSold = true;
        productish.push(i);
        return;
      case 'unknown':
        // A person's name: "naitwa Wanjiru", "I'm Brian", "my name is Brian", "jina langu ni Otieno".
        if (previous && NAME_INTRODUCERS.has(previous)) return;
        if (tokens.slice(Math.max(0, i - 3), i).some((w) => w === 'name' || w === 'jina')) return;
        // A Swahili verb ("nataka kujenga") is no product asked for.
        if (!spent.has(i) && word.length >= 3 && !SWAHILI_VERB.test(word)) unknown.push(i);
        return;
      default:
        // "10% off" (the % is gone by now): a discount asked for.
        if (word === 'off' && previous !== undefined && /^\d+$|^percent$/.test(previous)) cues.add('bargain');
        // A count of bowls: "two bowls", "bakuli mbili", "2 bowl", "one and a half bowl".
        if (BOWL_COUNTS[word] && (/^bowls?$/.test(tokens[i + 1] ?? '') || previous === 'bakuli'))
          // "bakuli moja na nusu": one and a half bowls.
          attributes.bowls.add(
            word === 'moja' && tokens[i + 1] === 'na' && tokens[i + 2] === 'nusu' ? '1.5' : BOWL_COUNTS[word],
          );
        if (word === 'half' && sinkWord) attributes.bowls.add('1.5');
    }
  });
  // A material alone ("stainless steel") is a sink's.
  if (attributes.materials.size > 0 && attributes.categories.size === 0 && !attributes.stone)
    attributes.categories.add('sink');
  return { cues, attributes, nameWords, productish, unknown, notSold };
}

/**
 * The catalogue products the message names: a name beats attributes;
 * attributes select every product that has them all; sizes narrow either
 * (or, alone, select the products of those dimensions).
 */
function matchProducts(
  catalogue: CatalogueProduct[],
  index: NameIndex,
  tokens: string[],
  normalised: string,
  { attributes, nameWords, notSold }: Recognised,
): CatalogueProduct[] {
  let products: CatalogueProduct[] = [];
  if (nameWords.size > 0) {
    const scored = catalogue
      .map((product) => {
        const name = index.names.get(product)!;
        const own = [...nameWords].filter((w) => name.distinctive.has(w)).length;
        const other = tokens.filter((w) => name.all.has(w) && !name.distinctive.has(w)).length;
        return { product, own, score: own * 10 + other };
      })
      .filter((s) => s.own > 0);
    const best = Math.max(...scored.map((s) => s.score));
    products = scored.filter((s) => s.score === best).map((s) => s.product);
    if (hasAttributes(attributes)) products = narrow(products, (p) => matches(p, attributes));
  } else if (hasAttributes(attributes) && !notSold) {
    products = catalogue.filter((p) => matches(p, attributes));
  }
  const sizes = sizesIn(normalised);
  if (sizes.length > 0) {
    const bySize = (p: CatalogueProduct) => sizes.every((s) => dimensionNumbers(p).includes(s));
    products = products.length > 0 ? narrow(products, bySize) : catalogue.filter(bySize);
  }
  return products;
}

/** What the customer asks about products (the precedence above, steps 1 to 12), before the product words are weighed; null when nothing. */
function askedAbout(cues: Set<Cue>, amount: number | null, asks: boolean): Intent | null {
  const offers = amount !== null && (cues.has('offer_verb') || cues.has('bargain'));
  const sendsMoney = cues.has('money') && cues.has('send');
  if (offers) return 'counter_offer'; // "nitalipa 28k cash": a price of their own, however they pay
  if (cues.has('payment_method') || sendsMoney) return 'payment';
  if (cues.has('delivery') || (cues.has('place') && !cues.has('time'))) return 'delivery';
  if (amount !== null || cues.has('bargain')) return 'counter_offer';
  // "Sawa, nimeridhika na hiyo bei. Nitachukua", "funga hiyo deal": a yes that mentions the
  // price or a verb of fitting is still a yes, unless the message asks something.
  if (cues.has('accept_strong') && !asks) return 'accept';
  if (cues.has('payment')) return 'payment';
  if (cues.has('installation')) return 'installation';
  if (cues.has('time')) return 'hours';
  if (cues.has('price')) return 'price';
  if (cues.has('size')) return 'size';
  // "ngapi" with "mna"/"mko na" asks how many there are.
  if (cues.has('stock') || (cues.has('how_many') && cues.has('ask'))) return 'stock';
  if (cues.has('how_many')) return 'price';
  if (cues.has('accept_strong')) return 'accept';
  if (cues.has('thanks')) return 'thanks';
  return null;
}

/** A product asked for that is not in the catalogue: the words that named it, else null. */
function searchedWords(
  tokens: string[],
  recognised: Recognised,
  products: CatalogueProduct[],
  question: Intent | null,
): string | null {
  const { cues, attributes, productish, unknown, notSold } = recognised;
  const aboutProducts = question === null || question === 'price' || question === 'size' || question === 'stock';
  const askedFor = cues.has('ask') && !cues.has('catalogue') && unknown.length > 0;
  if (products.length === 0 && aboutProducts && (notSold || hasAttributes(attributes) || askedFor)) {
    const positions = [...productish, ...(notSold || cues.has('ask') ? unknown : [])].sort((a, b) => a - b);
    return positions.map((i) => tokens[i]).join(' ') || null;
  }
  return null;
}

/** The message's intent (the precedence above, steps 13 to 17, after the question and a product searched for). */
function intentOf(
  cues: Set<Cue>,
  question: Intent | null,
  searched: string | null,
  products: CatalogueProduct[],
): Intent {
  if (searched !== null) return 'product';
  if (question) return question;
  if (cues.has('accept_weak') && products.length === 0 && !cues.has('hold')) return 'accept';
  if (products.length > 0) return 'product';
  if (cues.has('catalogue')) return 'catalogue';
  if (cues.has('greeting')) return 'greeting';
  return 'unclear';
}

/**
 * Reads a message in phases: its words normalised (tokensOf), its language
 * (in neither language, `previousLanguage`), the intents, products and
 * amounts its phrases and words recognise, the catalogue products they
 * match, then the intent that takes precedence.
 */
export function understand(text: string, catalogue: CatalogueProduct[], previousLanguage?: Language): Understanding {
  const tokens = tokensOf(text);
  const normalised = tokens.join(' ');
  const language = detectLanguage(tokens, previousLanguage);
  const index = nameIndex(catalogue);
  const recognised = recognise(tokens, readTokens(tokens, index), phraseCues(normalised));
  const products = matchProducts(catalogue, index, tokens, normalised, recognised);
  const amounts = findAmounts(tokens);
  const amount = amounts.length > 0 ? Math.min(...amounts) : null;
  // Whether the message asks something ("?", "how", "gani", "ngapi"…), not just says it.
  const asks = /\?/.test(text) || tokens.some((w) => QUESTION_WORDS.has(w));
  const question = askedAbout(recognised.cues, amount, asks);
  const searched = searchedWords(tokens, recognised, products, question);
  const intent = intentOf(recognised.cues, question, searched, products);
  return { intent, language, products, searched, amount: intent === 'counter_offer' ? amount : null };
}

/** Kinds of reading that say something about a product (the rest are intent cues, numbers and plain words). */
const PRODUCT_KINDS = new Set<Reading['kind']>(['name', 'category', 'stone', 'colour', 'material', 'bowl', 'not_sold']);

/**
 * What one word alone reads as, when it is a word about products ("granit" →
 * "category granite", "basi" → null): for tests that hold common words
 * clear of the product vocabulary.
 */
export function productWordReading(word: string, catalogue: CatalogueProduct[]): string | null {
  const reading = readWord(word, nameIndex(catalogue), true);
  if (!PRODUCT_KINDS.has(reading.kind)) return null;
  const detail = Object.entries(reading)
    .filter(([key]) => key !== 'kind')
    .map(([, value]) => String(value));
  return [reading.kind, ...detail].join(' ');
}
