// How an understanding of a corpus message is judged, for the corpus test
// (server/test/bot-corpus.test.ts) and `npm run bench:bot` alike: right when
// the intent, the set of product names, the words searched and the amount all
// match what the entry expects.
import type { CorpusEntry, CorpusIntent, CorpusLanguage } from './messages';

/** What understand() answers, as far as the corpus judges it. */
export type Understood = {
  intent: string;
  products: ReadonlyArray<{ name: string }>;
  searched: string | null;
  amount: number | null;
};

export const INTENTS: readonly CorpusIntent[] = [
  'greeting',
  'catalogue',
  'product',
  'price',
  'size',
  'stock',
  'installation',
  'counter_offer',
  'accept',
  'delivery',
  'payment',
  'hours',
  'thanks',
  'unclear',
];

export const LANGUAGES: readonly CorpusLanguage[] = ['en', 'sw', 'sheng', 'mixed'];

/**
 * Right when the intent matches, the products are the expected ones (order
 * aside), `searched` holds the entry's notFound word (case aside) or is null
 * when the entry has none, and the amount is the entry's (null when it has none).
 */
export function isRight(entry: CorpusEntry, got: Understood): boolean {
  const expected = [...(entry.products ?? [])].sort();
  const products = got.products.map((p) => p.name).sort();
  return (
    got.intent === entry.intent &&
    expected.length === products.length &&
    expected.every((name, i) => name === products[i]) &&
    (entry.notFound === undefined
      ? got.searched === null
      : got.searched !== null && got.searched.toLowerCase().includes(entry.notFound.toLowerCase())) &&
    got.amount === (entry.amount ?? null)
  );
}

const describe = (u: {
  intent: string;
  products: readonly string[];
  notFound?: string | null;
  searched?: string | null;
  amount: number | null;
}) =>
  [
    u.intent,
    u.products.length ? `[${[...u.products].sort().join(', ')}]` : '',
    u.notFound ? `notFound "${u.notFound}"` : '',
    u.searched ? `searched "${u.searched}"` : '',
    u.amount !== null ? `amount ${u.amount}` : '',
  ]
    .filter(Boolean)
    .join(' ');

/** A miss in one line: `[sw] "text" → expected … vs got …`. */
export function missLine(entry: CorpusEntry, got: Understood): string {
  return (
    `[${entry.language}] ${JSON.stringify(entry.text)} → expected ` +
    describe({
      intent: entry.intent,
      products: entry.products ?? [],
      notFound: entry.notFound,
      amount: entry.amount ?? null,
    }) +
    ` vs got ${describe({ intent: got.intent, products: got.products.map((p) => p.name), searched: got.searched, amount: got.amount })}`
  );
}

export type Score = { right: number; total: number; misses: string[] };

/** Judges each entry with `read` (understand() with the catalogue bound). */
export function score(entries: readonly CorpusEntry[], read: (text: string) => Understood): Score {
  const misses: string[] = [];
  for (const entry of entries) {
    const got = read(entry.text);
    if (!isRight(entry, got)) misses.push(missLine(entry, got));
  }
  return { right: entries.length - misses.length, total: entries.length, misses };
}

export const percent = (right: number, total: number) => (total === 0 ? 0 : (100 * right) / total);
