// The bargaining policy (the design's "Bargaining (engine)", as docs/chatbot.md
// documents it), as pure functions: given the product's starting price, its
// floor, the rounds allowed, the bot's latest offer and the customer's
// counter-offer, what the bot answers. A counter-offer is met halfway between
// it and the bot's price, rounded up to 50 KES, never below the floor; an
// offer at or above the bot's price is the sale at the bot's price; in the
// last round an offer at or above the floor is taken, and one below it gets
// the floor. Never an offer below the floor, never above the starting
// price, never a round beyond maxRounds (property-tested in
// server/test/bot/bot-engine-bargain.test.ts).
import type { BotSettings, CatalogueProduct } from '../interface';

/** Up to the next multiple of 50 KES. */
export const ceil50 = (amount: number) => Math.ceil(amount / 50 - 1e-9) * 50;

/**
 * The lowest price the bot may offer for a product: its per-product limit,
 * else the starting price × percent / 100 rounded up to 50; never above the
 * starting price.
 */
export function floorPrice(
  product: Pick<CatalogueProduct, 'id' | 'startingPrice'>,
  bargaining: BotSettings['bargaining'],
): number {
  const limit = bargaining.productLimits.find((l) => l.productId === product.id)?.lowestPrice;
  return Math.min(
    product.startingPrice,
    limit ?? ceil50((product.startingPrice * bargaining.lowestPricePercent) / 100),
  );
}

/** Where bargaining stands on one product: the bot's latest price and the round it was offered in (0: none yet). */
export type BargainState = { current: number; round: number };

export type BargainTerms = { startingPrice: number; floor: number; maxRounds: number };

/**
 * What the bot answers a counter-offer with.
 *  - fixed: prices are fixed (maxRounds 0) and the customer offered less; price is the starting price.
 *  - agree: the sale is agreed at `price`: the customer's offer, or the bot's own standing price when the
 *    customer offered as much or more (never more than the bot asked).
 *  - counter: the bot offers `price`, between the customer's and its last one.
 *  - best: `price` is the bot's best (the floor, or its last offer once the rounds are spent).
 * `round` is the round of a new offer to record with tools.offer, or null when none is made.
 */
export type BargainAnswer = { kind: 'fixed' | 'agree' | 'counter' | 'best'; price: number; round: number | null };

const clamp = (price: number, terms: BargainTerms, state: BargainState) =>
  Math.min(state.current, terms.startingPrice, Math.max(terms.floor, price));

/** The customer offers `offer` KES, or asks for a lower price without an amount (`null`: "punguza kidogo", "last price?"). */
export function answerCounterOffer(terms: BargainTerms, standing: BargainState, offer: number | null): BargainAnswer {
  const { startingPrice, floor, maxRounds } = terms;
  if (maxRounds <= 0) {
    // Fixed prices: an offer of the price or more is a sale at the price.
    if (offer !== null && offer >= startingPrice) return { kind: 'agree', price: startingPrice, round: null };
    return { kind: 'fixed', price: startingPrice, round: null };
  }
  // The bot's standing price, within today's limits (settings may have changed since it was offered).
  const current = Math.max(floor, Math.min(standing.current, startingPrice));
  const state = { ...standing, current };
  // The rounds are spent: the last offer stands.
  if (state.round >= maxRounds) {
    if (offer !== null && offer >= current) return { kind: 'agree', price: current, round: null };
    return { kind: 'best', price: current, round: null };
  }
  const round = state.round + 1;
  const last = round >= maxRounds;

  if (offer === null) {
    // A step of (starting − floor) / maxRounds, rounded up to 50, not below the floor.
    if (current <= floor) return { kind: 'best', price: current, round: null };
    const step = ceil50((startingPrice - floor) / maxRounds);
    const price = clamp(current - step, terms, state);
    return { kind: last || price <= floor ? 'best' : 'counter', price, round };
  }
  // As much as the bot asks, or more: the sale at its own price, with no new offer.
  if (offer >= current) return { kind: 'agree', price: current, round: null };
  // In the last round an offer at or above the floor is taken.
  if (last && offer >= floor) return { kind: 'agree', price: offer, round };
  // Below the floor with the bot already there: its best stands.
  if (current <= floor) return { kind: 'best', price: current, round: null };
  if (last) return { kind: 'best', price: floor, round };
  // Halfway between the customer's offer and the bot's price, rounded up to 50, never below the floor.
  const price = clamp(Math.max(ceil50((current + offer) / 2), offer), terms, state);
  // Within 100 KES of its price, halfway rounds back to the bot's own price: the offer is taken instead.
  if (price >= current && offer >= floor) return { kind: 'agree', price: offer, round };
  return { kind: price <= floor ? 'best' : 'counter', price, round };
}
