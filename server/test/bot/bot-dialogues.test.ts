// The catalogue bot on whole dialogues: each dialogue one conversation,
// every turn judged on what the bot did, the language of its answer, the
// product and the price (server/test/bot/fixtures/corpus/dialogue-score.ts). The
// dialogues (server/test/bot/fixtures/corpus/dialogues.ts) were written by someone who had
// not read the bot; the bot passes at least 95 % of them, and every missed
// turn is printed. `npm run bench:bot` prints the same per language.
import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../../../common/demo-data/catalogue';
import {
  missLines,
  playDialogue,
  scoreDialogues,
  swahiliOrEnglish,
  kesAmounts,
} from './fixtures/corpus/dialogue-score';
import type { Dialogue } from './fixtures/corpus/dialogue-types';
import { DIALOGUES } from './fixtures/corpus/dialogues';

const TAN = 'Tan Brown Granite';

describe('the dialogue judge', () => {
  it("tells a Swahili reply from an English one by its words, the products' names and pictures aside", () => {
    expect(swahiliOrEnglish('Tan Brown Granite ni KES 7,800 kwa slab. Ungependa hii?')).toBe('sw');
    expect(swahiliOrEnglish('Tan Brown Granite is KES 7,800 per slab. Would you like it?')).toBe('en');
    expect(swahiliOrEnglish('Asante! Franke Stainless Steel Double Bowl Sink kwa KES 18,500 kila moja.')).toBe('sw');
    expect(swahiliOrEnglish('Karibu sana!\nPicture: /uploads/products/a-picture-of-the-sink.svg')).toBe('sw');
  });

  it('reads KES amounts with their thousands separators', () => {
    expect(kesAmounts('I can do KES 7,450 per slab; was KES 7,800.')).toEqual([7450, 7800]);
  });

  it('plays a dialogue as one conversation and judges each turn', async () => {
    const dialogue: Dialogue = {
      id: 'judge-sw-bargain',
      language: 'sw',
      kind: 'bargain',
      story: 'A buyer bargains Tan Brown down and takes it.',
      turns: [
        { customer: 'bei ya tan brown', expect: { does: 'quotes', replyLanguage: 'sw', product: TAN, price: 7800 } },
        {
          customer: 'Nitakupa 5000',
          expect: { does: 'counters', replyLanguage: 'sw', product: TAN, priceAtLeast: 7050, priceAtMost: 7800 },
        },
        { customer: 'Punguza zaidi', expect: { does: 'counters', replyLanguage: 'sw', priceAtLeast: 7050 } },
        { customer: 'poa, deal', expect: { does: 'accepts', replyLanguage: 'sw', product: TAN, price: 7050 } },
        { customer: 'mnadeliver Nakuru?', expect: { does: 'hands_over', replyLanguage: 'sw' } },
        // Staff handed back: the dialogue goes on with the bot.
        { customer: 'asante sana', expect: { does: 'answers', replyLanguage: 'sw' } },
      ],
    };
    const result = await playDialogue(dialogue);
    expect(missLines(result)).toEqual([]);
    expect(result.pass).toBe(true);
  });

  it('prints a miss with the dialogue, the turn, what was expected and what happened', async () => {
    const result = await playDialogue({
      id: 'judge-wrong',
      language: 'en',
      kind: 'enquiry',
      story: 'An expectation the bot does not meet.',
      turns: [
        { customer: 'tan brown price', expect: { does: 'quotes', replyLanguage: 'en', product: TAN } },
        { customer: 'Do you deliver to Nakuru?', expect: { does: 'answers', replyLanguage: 'sw', price: 100 } },
      ],
    });
    expect(result.pass).toBe(false);
    const lines = missLines(result);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^judge-wrong \[en\] turn 2 "Do you deliver to Nakuru\?": expected answers sw KES 100 vs got hands_over en Tan Brown Granite \(wrong: does answers, replyLanguage sw, price 100\)/,
    );
  });
});

describe('the dialogues', () => {
  it('are at least 64, in every language and kind, well formed against the demo catalogue', () => {
    expect(DIALOGUES.length).toBeGreaterThanOrEqual(64);
    for (const language of ['en', 'sw', 'sheng', 'mixed'] as const)
      expect(DIALOGUES.filter((d) => d.language === language).length, language).toBeGreaterThanOrEqual(10);
    for (const kind of ['purchase', 'bargain', 'handover', 'enquiry'] as const)
      expect(DIALOGUES.filter((d) => d.kind === kind).length, kind).toBeGreaterThan(0);
    const names = new Set(DEMO_PRODUCTS.map((p) => p.name));
    const ids = new Set<string>();
    for (const dialogue of DIALOGUES) {
      expect(ids.has(dialogue.id), `${dialogue.id} twice`).toBe(false);
      ids.add(dialogue.id);
      expect(dialogue.turns.length, dialogue.id).toBeGreaterThan(0);
      for (const { expect: e } of dialogue.turns)
        if (e.product !== undefined) expect(names.has(e.product), `${dialogue.id}: ${e.product}`).toBe(true);
    }
  });

  it('the bot passes at least 95 % of them, each played as one conversation', async () => {
    const { results, passed, total, byLanguage } = await scoreDialogues(DIALOGUES);
    const misses = results.flatMap(missLines);
    const languages = Object.entries(byLanguage)
      .map(([language, n]) => `${language} ${n.passed}/${n.total}`)
      .join(', ');
    console.log(
      `bot dialogues: ${passed} of ${total} pass (${((100 * passed) / total).toFixed(1)} %; ${languages}); ` +
        `${misses.length} missed turns${misses.length ? `:\n${misses.join('\n')}` : ''}`,
    );
    expect(passed / total).toBeGreaterThanOrEqual(0.95);
  });
});
