// Whole conversations with the shop's bot, as a customer would have them: the
// dialogues the catalogue bot is held to (server/bot/corpus/dialogues.ts,
// written by someone who had not read the bot's code). Each describes what
// the customer writes and, after each message, what a sensible shop
// assistant would do in words a customer could check, never how the bot does
// it.

/** The language the customer writes in; 'mixed' switches between English and Swahili or Sheng. */
export type DialogueLanguage = 'en' | 'sw' | 'sheng' | 'mixed';

/**
 * What the bot does in answer to one customer message:
 * - greets: says hello and what the shop sells;
 * - lists: names several products (a category, "what do you have");
 * - quotes: gives the price of the product in focus;
 * - counters: answers a customer's lower offer with a price of its own, not
 *   below the product's lowest price;
 * - accepts: the sale is agreed (the customer said yes to a price, or offered
 *   at or above the bot's standing price): the answer confirms the price;
 * - hands_over: tells the customer a person will answer, and staff are alerted;
 * - answers: any other helpful answer (sizes, stock, installation…) that does
 *   not hand over.
 */
export type DialogueAction = 'greets' | 'lists' | 'quotes' | 'counters' | 'accepts' | 'hands_over' | 'answers';

export type DialogueExpectation = {
  does: DialogueAction;
  /** The language of the bot's answer: 'sw' for customers who write Swahili or Sheng. */
  replyLanguage: 'en' | 'sw';
  /** The catalogue product the answer is about (its exact catalogue name), when there is one. */
  product?: string;
  /** For quotes, counters and accepts: bounds on the KES price the answer gives. */
  priceAtLeast?: number;
  priceAtMost?: number;
  /** For accepts: the exact agreed KES price, when the dialogue fixes it. */
  price?: number;
};

export type DialogueTurn = {
  /** What the customer writes, as typed on a phone. */
  customer: string;
  expect: DialogueExpectation;
};

export type Dialogue = {
  /** Short and unique, e.g. "sw-bargain-tan-brown". */
  id: string;
  language: DialogueLanguage;
  kind: 'purchase' | 'bargain' | 'handover' | 'enquiry';
  /** One sentence: who the customer is and what they want. */
  story: string;
  turns: DialogueTurn[];
};
