// The catalogue bot on whole dialogues: each dialogue one conversation,
// every turn judged on what the bot did, the language of its answer, the
// product and the price (server/bot/corpus/dialogue-score.ts).
import { describe, expect, it } from 'vitest';
import { missLines, playDialogue, swahiliOrEnglish, kesAmounts } from '../bot/corpus/dialogue-score';
import type { Dialogue } from '../bot/corpus/dialogue-types';

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
        { customer: 'poa, deal', expect: { does: 'accepts', replyLanguage: 'sw', product: TAN, price: 7200 } },
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
