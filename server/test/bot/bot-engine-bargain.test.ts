// The catalogue bot's bargaining policy (server/bot/catalogue/bargain.ts):
// the floor, each kind of answer, and a property test over random prices,
// settings and offers: never below the floor, never above the starting
// price, never a round beyond the rounds allowed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerCounterOffer,
  ceil50,
  floorPrice,
  type BargainState,
  type BargainTerms,
} from '../../bot/catalogue/bargain';

const bargaining = (
  maxRounds = 3,
  lowestPricePercent = 90,
  productLimits: { productId: number; lowestPrice: number }[] = [],
) => ({
  maxRounds,
  lowestPricePercent,
  productLimits,
});

describe('the floor', () => {
  it('is the starting price × percent, rounded up to the next 50 KES', () => {
    expect(ceil50(7650)).toBe(7650);
    expect(ceil50(7651)).toBe(7700);
    expect(floorPrice({ id: 1, startingPrice: 8500 }, bargaining(3, 90))).toBe(7650);
    expect(floorPrice({ id: 1, startingPrice: 9800 }, bargaining(3, 90))).toBe(8850); // 8820 → 8850
    expect(floorPrice({ id: 1, startingPrice: 8500 }, bargaining(3, 100))).toBe(8500);
  });

  it("is the product's own limit when one is set, never above the starting price", () => {
    expect(floorPrice({ id: 2, startingPrice: 11000 }, bargaining(3, 90, [{ productId: 2, lowestPrice: 9000 }]))).toBe(
      9000,
    );
    expect(floorPrice({ id: 2, startingPrice: 11000 }, bargaining(3, 90, [{ productId: 2, lowestPrice: 12000 }]))).toBe(
      11000,
    );
    // Another product's limit does not count.
    expect(floorPrice({ id: 1, startingPrice: 8500 }, bargaining(3, 90, [{ productId: 2, lowestPrice: 100 }]))).toBe(
      7650,
    );
  });
});

describe('answers to a counter-offer', () => {
  // Absolute Black: KES 8,500, floor 7,650, three rounds.
  const terms: BargainTerms = { startingPrice: 8500, floor: 7650, maxRounds: 3 };
  const fresh: BargainState = { current: 8500, round: 0 };

  it('keeps prices fixed with no rounds of bargaining', () => {
    expect(answerCounterOffer({ ...terms, maxRounds: 0 }, fresh, 8000)).toEqual({
      kind: 'fixed',
      price: 8500,
      round: null,
    });
    expect(answerCounterOffer({ ...terms, maxRounds: 0 }, fresh, null)).toEqual({
      kind: 'fixed',
      price: 8500,
      round: null,
    });
    // Offered the price or more: a sale at the price.
    expect(answerCounterOffer({ ...terms, maxRounds: 0 }, fresh, 9000)).toEqual({
      kind: 'agree',
      price: 8500,
      round: null,
    });
  });

  it('agrees at its own price when offered as much or more, with no new round', () => {
    expect(answerCounterOffer(terms, fresh, 9000)).toEqual({ kind: 'agree', price: 8500, round: null });
    expect(answerCounterOffer(terms, { current: 8200, round: 1 }, 8200)).toEqual({
      kind: 'agree',
      price: 8200,
      round: null,
    });
  });

  it('meets halfway (rounded up to 50) above the floor', () => {
    expect(answerCounterOffer(terms, fresh, 8000)).toEqual({ kind: 'counter', price: 8250, round: 1 });
  });

  it('meets an offer close to its price halfway too, and takes one whose halfway rounds back to its own price', () => {
    // (8500 + 8350) / 2 = 8425 → 8450.
    expect(answerCounterOffer(terms, fresh, 8350)).toEqual({ kind: 'counter', price: 8450, round: 1 });
    // (8500 + 8450) / 2 = 8475 → 8500, its own price: the offer is taken.
    expect(answerCounterOffer(terms, fresh, 8450)).toEqual({ kind: 'agree', price: 8450, round: 1 });
  });

  it('agrees to an offer at or above the floor in the last round', () => {
    expect(answerCounterOffer(terms, { current: 8250, round: 2 }, 7700)).toEqual({
      kind: 'agree',
      price: 7700,
      round: 3,
    });
  });

  it('meets a low offer halfway but never below the floor, and offers the floor in the last round', () => {
    // (8500 + 7000) / 2 = 7750, above the floor 7,650.
    expect(answerCounterOffer(terms, fresh, 7000)).toEqual({ kind: 'counter', price: 7750, round: 1 });
    // (8500 + 6000) / 2 = 7250, below the floor: the floor, its best.
    expect(answerCounterOffer(terms, fresh, 6000)).toEqual({ kind: 'best', price: 7650, round: 1 });
    expect(answerCounterOffer(terms, { current: 8100, round: 2 }, 6000)).toEqual({
      kind: 'best',
      price: 7650,
      round: 3,
    });
  });

  it('steps down without an amount by (starting − floor) / rounds, rounded up to 50', () => {
    // (8500 − 7650) / 3 = 283.3 → 300.
    expect(answerCounterOffer(terms, fresh, null)).toEqual({ kind: 'counter', price: 8200, round: 1 });
    expect(answerCounterOffer(terms, { current: 8200, round: 1 }, null)).toEqual({
      kind: 'counter',
      price: 7900,
      round: 2,
    });
    expect(answerCounterOffer(terms, { current: 7900, round: 2 }, null)).toEqual({
      kind: 'best',
      price: 7650,
      round: 3,
    });
  });

  it('repeats its last offer once the rounds are spent, with no new round', () => {
    expect(answerCounterOffer(terms, { current: 7650, round: 3 }, 7000)).toEqual({
      kind: 'best',
      price: 7650,
      round: null,
    });
    expect(answerCounterOffer(terms, { current: 7800, round: 3 }, null)).toEqual({
      kind: 'best',
      price: 7800,
      round: null,
    });
    expect(answerCounterOffer(terms, { current: 7800, round: 3 }, 7800)).toEqual({
      kind: 'agree',
      price: 7800,
      round: null,
    });
  });

  it('says the floor is its best when already there', () => {
    expect(answerCounterOffer(terms, { current: 7650, round: 1 }, null)).toEqual({
      kind: 'best',
      price: 7650,
      round: null,
    });
    expect(answerCounterOffer(terms, { current: 7650, round: 1 }, 5000)).toEqual({
      kind: 'best',
      price: 7650,
      round: null,
    });
  });

  it('holds to a floor raised since its last offer', () => {
    expect(answerCounterOffer({ ...terms, floor: 8000 }, { current: 7700, round: 1 }, 7700)).toEqual({
      kind: 'best',
      price: 8000,
      round: null,
    });
  });
});

describe('bargaining, property-tested', () => {
  const settings = fc.record({
    startingPrice: fc.oneof(
      fc.integer({ min: 1, max: 2_000_000 }),
      fc.integer({ min: 1, max: 400 }).map((n) => n * 50),
    ),
    percent: fc.integer({ min: 50, max: 100 }),
    limit: fc.option(
      fc.oneof(fc.integer({ min: 0, max: 3_000_000 }), fc.double({ min: 0, max: 100_000, noNaN: true })),
      {
        nil: null,
      },
    ),
    maxRounds: fc.integer({ min: 0, max: 10 }),
  });
  // What a customer says each turn: an amount (often near the price), or "punguza" with none.
  const offers = fc.array(
    fc.option(fc.oneof(fc.integer({ min: 1, max: 3_000_000 }), fc.double({ min: 0.5, max: 1.2, noNaN: true })), {
      nil: null,
      freq: 4,
    }),
    { minLength: 1, maxLength: 15 },
  );

  it('never offers below the floor or above the starting price, nor beyond the rounds allowed', () => {
    fc.assert(
      fc.property(settings, offers, (s, said) => {
        const limits = s.limit === null ? [] : [{ productId: 1, lowestPrice: Math.round(s.limit * 100) / 100 }];
        const floor = floorPrice({ id: 1, startingPrice: s.startingPrice }, bargaining(s.maxRounds, s.percent, limits));
        expect(floor).toBeLessThanOrEqual(s.startingPrice);
        const terms = { startingPrice: s.startingPrice, floor, maxRounds: s.maxRounds };
        let state: BargainState = { current: s.startingPrice, round: 0 };
        for (const x of said) {
          // A fraction is an offer relative to the bot's current price.
          const offer = x === null ? null : x < 2 ? Math.round(state.current * x) : x;
          const answer = answerCounterOffer(terms, state, offer);
          expect(answer.price).toBeGreaterThanOrEqual(floor);
          expect(answer.price).toBeLessThanOrEqual(s.startingPrice);
          // Never worse for the customer than the bot's standing offer, nor above what they offered to pay.
          expect(answer.price).toBeLessThanOrEqual(state.current);
          if (answer.kind === 'counter' && offer !== null) expect(answer.price).toBeGreaterThanOrEqual(offer);
          // An agreed price is never more than the customer offered.
          if (answer.kind === 'agree' && offer !== null) expect(answer.price).toBeLessThanOrEqual(offer);
          if (s.maxRounds === 0)
            expect(answer).toEqual({
              kind: offer !== null && offer >= s.startingPrice ? 'agree' : 'fixed',
              price: s.startingPrice,
              round: null,
            });
          if (answer.round !== null) {
            expect(answer.round).toBe(state.round + 1);
            expect(answer.round).toBeLessThanOrEqual(s.maxRounds);
            state = { current: answer.price, round: answer.round };
          } else {
            expect(answer.price).toBe(s.maxRounds === 0 ? s.startingPrice : state.current);
          }
        }
      }),
      { numRuns: 2000, seed: 32 },
    );
  });
});
