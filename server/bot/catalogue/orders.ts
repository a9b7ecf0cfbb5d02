// "Where is my order?": whether a message asks after an order the customer
// already has ("has my order been dispatched", "order yangu iko wapi",
// "mzigo wangu umefika wapi", "lini mtaniletea"), as opposed to wanting to
// order ("I want to order 3 slabs", "nataka ku-order") or asking what
// delivery costs or takes ("mnadeliver Nakuru?", "if I order today, how long
// to Nakuru?"). The answer itself is written by replies.ts from the orders
// tools.orders gives; nothing here invents one.
//
// A message asks after an order when it
//  - quotes an order number ("Q00042", "SO00042"); or
//  - names the customer's own order ("my order", "order yangu", "mzigo
//    wangu", "my slabs", "slab zangu") or one made or paid for ("I paid",
//    "nililipia", "niliyolipia", "niliorder") and asks where it is, when it
//    comes or how it stands: "where", "wapi", "when … arrive", "lini", "siku
//    gani", "status", "update", "dispatched", "on the way", "njiani", "bado",
//    waiting ("nasubiri", "nangoja", "nimewait"), and the Swahili verbs of
//    arriving, leaving, being sent or loaded, being late ("imefika",
//    "umetoka", "imeshatumwa", "zimeshapakiwa", "inachelewa", "haijafika",
//    "hamjaleta"); or
//  - names goods or what carries them ("ile sink", "mzigo umetoka", "the
//    lorry", "dereva") and asks the same, without wanting to buy (a verb of
//    ordering, "nataka", "nikiorder") or asking a price or the stock ("bei ya
//    ile sink iko aje", "ile marble bado mnayo?"); or
//  - asks, without either, in words that only an order already made explains
//    ("has it been dispatched?", "lini mtaniletea?", "bado haijafika").
import { normalise, words } from './text';
import { CHAT_SPELLINGS } from './vocabulary';

/** Something bought, as a customer names it: "order", "oda", "mzigo", "slabs", "sinki", "marumaru"… */
const GOODS =
  '(?:orders?|oda|odha|mzigo|mizigo|delivery|deliveries|package|parcel|goods|items|stuff|things|consignment|shipment|purchase|slabs?|sinks?|sinki|masinki|granite|marble|quartz|countertops?|worktops?|tops|kitchen tops?|marumaru|mawe|jiwe|vitu|bidhaa|vipande)';

/** What brings an order: "the lorry", "gari", "your driver", "dereva". */
const CARRIER = '(?:lorry|lori|truck|gari|driver|dereva|rider|transporter|delivery (?:guy|man|van|truck))';

/** A possessive after the noun in Swahili: "order yangu", "slab zangu", "mzigo wetu" (Sheng: "mzigo yangu"). */
const SW_MINE = '(?:yangu|yetu|wangu|wetu|zangu|zetu|langu|letu|vyangu|vyetu)';

/**
 * A Swahili verb of an order on its way, with its subject and tense: it
 * arrived, will arrive, has left, was sent, loaded, brought, delivered, is
 * late, is stuck ("imefika", "zitaletwa", "limeshaondoka", "imeshatumwa",
 * "zimeshapakiwa", "inachelewa", "atafika", "imeshaship", "zimeshaland").
 */
const SW_ON_ITS_WAY =
  '(?:i|u|zi|ya|li|ki|vi|a|wa)(?:me|mesha|sha|ta|na|li|ja)(?:fika|fikia|fikishwa|tumwa|toka|ondoka|kuja|letwa|chelewa|kwama|safirishwa|pakiwa|pakiliwa|endelea|dispatch\\w*|ship\\w*|send\\w*|sent|deliver\\w*|land\\w*|leave|left|arrive\\w*|come)';

/** The customer's own order: theirs by the words ("my order", "order yangu"), or made or paid for ("I paid", "niliorder"). */
const OWN_ORDER = new RegExp(
  [
    // "my order", "our 3 slabs", "my black granite slabs", "my kitchen sink".
    `\\b(?:my|our|mine)(?: [a-z0-9]+){0,2}? ${GOODS}\\b`,
    // "order yangu", "slab tatu zangu", "mzigo ule wangu".
    `\\b${GOODS}(?: [a-z0-9]+)? ${SW_MINE}\\b`,
    '\\b(?:the|this|that) (?:order|delivery|package|parcel|consignment|shipment)\\b',
    // An order made or paid for: "I ordered", "I paid", "made payment", "nililipia", "niliyolipia", "niliorder", "nilitoa deposit".
    '\\b(?:ordered|placed (?:an|the|my) order|paid|made (?:the |a )?payment|accepted (?:the|your) (?:quote|quotation))\\b',
    '\\b(?:ni|tu)(?:li|me|mesha)(?:yo)?(?:ku|i|zi)?(?:order\\w*|agiza|lipia|lipa|nunua)\\b',
    '\\b(?:ni|tu)(?:li|me)toa (?:deposit|pesa|doh|malipo)\\b',
  ].join('|'),
);

/**
 * Goods or their carrier the customer may mean as their order, or as what
 * they may buy: "ile sink", "mzigo umetoka", "slabs zimeshaland", "gari liko
 * njiani", "the lorry". Read as an order only when the message neither wants
 * to buy nor asks a price or the stock.
 */
const GOODS_ON_THE_WAY = new RegExp(
  [
    // The one the customer knows: "ile sink", "hii order".
    `\\b(?:ile|hii|hiyo|hizo|zile) ${GOODS}\\b`,
    // Goods said to be somewhere or on their way: "mzigo umetoka", "slabs zimeshaland", "order iko".
    `\\b${GOODS}(?: [a-z]+)? (?:iko|uko|ziko|ipo|upo|zipo|bado|status|${SW_ON_ITS_WAY})\\b`,
    // What carries them: "the lorry", "gari liko njiani", "your driver".
    `\\b${CARRIER}\\b`,
    // Waiting for them: "waiting for the slabs".
    '\\bwaiting (?:for|on) (?:the|my|our)\\b',
  ].join('|'),
);

/** An order number as the business writes it ("SO00042") or customers quote it ("Q00042", "order no 42"). */
const ORDER_NUMBER = /\b(?:so|q) ?\d{3,}\b|\border (?:no|number|namba|nambari) ?\d+\b/;

/** How an order stands, where it is, when it comes: words that ask after an order named. */
const ASKS_AFTER = new RegExp(
  [
    // "iko aje" (how is it; "inaenda aje" asks a price).
    '\\b(?:where|wheres|whereabouts|wapi|lini)\\b|\\b(?:iko|ziko|uko|imefika|zimefika) aje\\b',
    '\\b(?:status|update|updates|news|info|information|progress|track|tracking|eta|dispatched|dispatch|shipped|ready|yet|delayed|late|check|checking|heard|hear|happened|happening|left|arrived|landed|hali|taarifa|habari ya|njiani|bado|imekwama)\\b',
    // "what time", "which day", "the delivery date", "siku gani", "saa ngapi", "tarehe".
    '\\b(?:what time|which day|what day|date|siku gani|saa ngapi|tarehe)\\b',
    // "how long", "taking so long"; "iko tayari" (ready; "tayari" alone is also "already").
    '\\b(?:how|so|too) long\\b|\\b(?:iko|ziko|uko|ipo|imekuwa|zimekuwa) tayari\\b',
    // "on the way", "out for delivery", "how far", "not arrived", "haven't received".
    '\\bon (?:the|its|their) way\\b|\\bout for delivery\\b|\\bhow far\\b|\\b(?:not|never|n t|nt) (?:yet )?(?:arrived|come|received|reached|got|gotten|delivered|been delivered|been sent)\\b',
    // "when will it arrive", "when are you bringing…", "when is my delivery".
    '\\bwhen\\b.*\\b(?:arriv\\w*|come|coming|comes|reach\\w*|deliver\\w*|dispatch\\w*|ship\\w*|send\\w*|sent|bring\\w*|get|getting|receiv\\w*|ready|expect\\w*)\\b',
    // "has it been sent", "did you send my…", "have you dispatched", "will your driver reach".
    '\\b(?:has|have|did|was|were|is|are|will) (?:it|they|you|my|our|the|your)\\b.*\\b(?:sent|send|dispatched|shipped|delivered|arrived|left|loaded|ready|reach\\w*|come|on the way)\\b',
    // Waiting for it: "still waiting", "nasubiri", "nimesubiri", "nangoja", "anangoja", "nimewait", "kungoja".
    '\\b\\w*(?:wait|subiri|ngoja)\\w*\\b',
    // "ni nini inaendelea", "what is going on".
    '\\b(?:inaendelea|going on)\\b',
    // Swahili verbs of an order on its way ("imefika", "umetoka", "zitaletwa", "inachelewa").
    `\\b${SW_ON_ITS_WAY}\\b`,
    // Not yet: "haijafika", "hazijatumwa", "haijatoka", "sijapata", "hatujapokea", "hamjaleta".
    '\\b(?:ha(?:i|u|zi|ya|li)ja(?:fika|tumwa|toka|ondoka|kuja|letwa)|(?:si|hatu)ja(?:pata|pokea|letewa|fikiwa|ona)|hamja(?:leta|tuma|deliver\\w*|send\\w*))\\b',
    // You have sent it / will bring it to me: "mmetuma", "mmeshatuma", "mtaleta", "mtaniletea", "mtadeliver".
    '\\bm(?:me|mesha|sha|ta|na)(?:ni|tu)?(?:tuma|leta|letea|tumia|deliver\\w*|dispatch\\w*|ship\\w*|send\\w*)\\b',
  ].join('|'),
);

/** Asked without naming the order: words that only an order already made explains. */
const ASKS_AFTER_ALONE = new RegExp(
  [
    '\\b(?:dispatched|shipped|out for delivery|tracking number|track (?:it|them))\\b',
    // "lini mtaniletea", "mtaniletea lini", "mtatuletea lini".
    '\\blini\\b.*\\bm(?:ta|na)(?:ni|tu)(?:letea|deliveria|tumia)\\b|\\bm(?:ta|na)(?:ni|tu)(?:letea|deliveria|tumia)\\b.*\\blini\\b',
    // Not yet, or already sent: "haijafika", "bado haijatoka", "sijapokea", "mmeshatuma?".
    '\\bha(?:i|zi|u)ja(?:fika|toka|tumwa|letwa)\\b|\\bsijapokea\\b|\\bhatujapokea\\b|\\bmmesha(?:tuma|leta)\\b|\\bmmetuma\\b',
  ].join('|'),
);

/** Wanting to order or buy, which is not asking after an order: "I want to order", "nataka ku-order", "how do I order", "nikiorder". */
const WANTS_TO_ORDER = new RegExp(
  [
    '\\b(?:want|wanna|like|need|wish|going|planning|plan|ready|able|how|can|could|may|i ll|ill|i d|id|let me|lets|to) (?:to )?(?:order|buy|place an order|make an order)\\b',
    '\\b(?:order|buy) (?:\\d+|one|two|three|four|five|some|a|an)\\b',
    '\\b(?:ku|niki|tuki|nika|tuka|naweza ku|tunaweza ku|nita|tuta) ?(?:order|agiza|nunua)\\b',
    '\\b(?:nataka|tunataka|ningependa|tungependa|nahitaji)\\b',
    // If I buy it: "if I order today", "nikiorder", "nikiichukua", "tukilipa".
    '\\bif (?:i|we) (?:order|buy|pay|take)\\b|\\b(?:niki|tuki)[a-z]{3,}\\b',
  ].join('|'),
);

/** Asking what something costs ("how much is transport", "ni ngapi", "bei"; "saa ngapi" asks the time) or whether it is in stock ("bado mnayo?"). */
const ASKS_PRICE_OR_STOCK =
  /\b(?:how much|(?<!saa )ngapi|bei|fee|fees|cost|costs|charge|charges|price|rate|gharama|mnayo|mnazo|mna|mko na|in stock|stock|available|imeisha|zimeisha|do you have|have you got)\b/;

/** The message as these rules read it: normalised words, chat spellings ("u", "ur") read as the words they stand for. */
const readable = (text: string) =>
  words(normalise(text))
    .map((w) => CHAT_SPELLINGS[w] ?? w)
    .join(' ');

/** Whether the message asks after an order the customer already has. */
export function asksAfterOrder(text: string): boolean {
  const message = readable(text);
  if (!message) return false;
  if (ORDER_NUMBER.test(message)) return true;
  if (OWN_ORDER.test(message)) return ASKS_AFTER.test(message);
  if (WANTS_TO_ORDER.test(message) || ASKS_PRICE_OR_STOCK.test(message)) return false;
  if (GOODS_ON_THE_WAY.test(message)) return ASKS_AFTER.test(message);
  return ASKS_AFTER_ALONE.test(message);
}
