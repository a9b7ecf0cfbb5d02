// The catalogue bot's understanding against what customers really write
// (server/test/bot/fixtures/corpus/messages.ts): the corpus keeps its mix of languages,
// intents, typos and products the shop does not have, and understand() gets
// at least 95 % of it right overall and 90 % in each language. Every miss is
// printed, one line each. `npm run bench:bot` prints the same figures per
// intent, with timings.
import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../../../common/demo-data/catalogue';
import { understand, type Intent } from '../../bot/catalogue/understand';
import { CORPUS, corpusCatalogue, type CorpusEntry, type CorpusIntent } from './fixtures/corpus/messages';
import { INTENTS, LANGUAGES, percent, score } from './fixtures/corpus/score';
import { HELD_OUT } from './fixtures/held-out/messages';

const catalogue = corpusCatalogue();
const read = (text: string) => understand(text, catalogue);

/** true when the corpus and the engine name the same intents (a compile error otherwise). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const intentsAgree: Same<CorpusIntent, Intent> = true;

describe('the bot corpus', () => {
  it('holds at least 220 messages in the agreed mix', () => {
    const count = (keep: (entry: CorpusEntry) => boolean) => CORPUS.filter(keep).length;
    expect(CORPUS.length).toBeGreaterThanOrEqual(220);
    expect(count((e) => e.language === 'en')).toBeGreaterThanOrEqual(60);
    expect(count((e) => e.language === 'sw')).toBeGreaterThanOrEqual(50);
    expect(count((e) => e.language === 'sheng')).toBeGreaterThanOrEqual(50);
    expect(count((e) => e.language === 'mixed')).toBeGreaterThanOrEqual(30);
    expect(count((e) => e.typos === true)).toBeGreaterThanOrEqual(25);
    for (const intent of INTENTS)
      expect(
        count((e) => e.intent === intent),
        intent,
      ).toBeGreaterThanOrEqual(10);
    expect(count((e) => e.intent === 'unclear')).toBeGreaterThanOrEqual(15);
    expect(count((e) => e.intent === 'product' && e.notFound !== undefined)).toBeGreaterThanOrEqual(12);
  });

  it("is well formed: the engine's intents, known products, amounts only in counter-offers, no message twice", () => {
    expect(intentsAgree).toBe(true);
    const names = new Set(DEMO_PRODUCTS.map((p) => p.name));
    const texts = new Set<string>();
    for (const entry of CORPUS) {
      const where = JSON.stringify(entry.text);
      const key = entry.text.trim().toLowerCase();
      expect(texts.has(key), `${where} appears twice`).toBe(false);
      texts.add(key);
      const products = entry.products ?? [];
      for (const name of products) expect(names.has(name), `${where}: "${name}"`).toBe(true);
      expect(new Set(products).size, where).toBe(products.length);
      if (entry.amount !== undefined) expect(entry.intent, where).toBe('counter_offer');
      if (entry.notFound !== undefined) {
        expect(entry.intent, where).toBe('product');
        expect(products, where).toEqual([]);
        expect(entry.text.toLowerCase(), where).toContain(entry.notFound.toLowerCase());
      }
    }
  });

  it('is written against the demo catalogue: ids 1…13 in order, 10 of each in stock, the demo pictures', () => {
    expect(catalogue.map((p) => p.id)).toEqual(DEMO_PRODUCTS.map((_, i) => i + 1));
    expect(catalogue.map((p) => p.name)).toEqual(DEMO_PRODUCTS.map((p) => p.name));
    expect(catalogue.every((p) => p.stock === 10)).toBe(true);
    const pictures = Object.fromEntries(catalogue.map((p) => [p.name, p.productImageUrl]));
    expect(pictures['Absolute Black Granite']).toBe('/uploads/products/absolute-black-granite.svg');
    expect(pictures['Galaxy Black Granite']).toBe('/uploads/products/galaxy-black-granite.svg');
    expect(pictures['Calacatta Gold Quartz']).toBe('/uploads/products/calacatta-gold-quartz.svg');
    expect(pictures['Franke Stainless Steel Double Bowl Sink']).toBe('/uploads/products/franke-double-bowl.svg');
    expect(pictures['Tan Brown Granite']).toBeNull();
    expect(catalogue.filter((p) => p.productImageUrl !== null)).toHaveLength(6);
  });
});

describe('understand() on the corpus', () => {
  it('gets at least 95 % of all the messages right', () => {
    const { right, total, misses } = score(CORPUS, read);
    const summary = `${right} of ${total} right (${percent(right, total).toFixed(1)} %)`;
    console.log(`bot corpus: ${summary}${misses.length ? `; ${misses.length} misses:\n${misses.join('\n')}` : ''}`);
    expect(percent(right, total), `${summary}; misses:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(95);
  });

  // A template literal: it.each's printf-style title garbled the "%" of "90 %".
  for (const language of LANGUAGES)
    it(`gets at least 90 % of the messages in ${language} right`, () => {
      const { right, total, misses } = score(
        CORPUS.filter((entry) => entry.language === language),
        read,
      );
      const summary = `${language}: ${right} of ${total} right (${percent(right, total).toFixed(1)} %)`;
      expect(percent(right, total), `${summary}; misses:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(90);
    });
});

describe('understand() on messages it was never tuned on (server/test/bot/fixtures/held-out)', () => {
  // A floor against regressions, below the 87.5 % first measured: these messages are for measuring
  // (npm run bench:bot prints the figure), and the bot is not tuned to them.
  it('gets at least 85 % right', () => {
    const { right, total, misses } = score(HELD_OUT, read);
    const summary = `${right} of ${total} right (${percent(right, total).toFixed(1)} %)`;
    expect(percent(right, total), `${summary}; misses:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(85);
  });
});
