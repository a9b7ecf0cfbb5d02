// "Where is my order?": whether a message asks after an order the customer
// already has ("has my order been dispatched", "order yangu iko wapi",
// "mzigo wangu umefika wapi", "lini mtaniletea"), as opposed to wanting to
// order ("I want to order 3 slabs", "nataka ku-order") or asking what
// delivery costs ("mnadeliver Nakuru?"). The answer itself is written by
// replies.ts from the orders tools.orders gives; nothing here invents one.
//
// A message asks after an order when it
//  - names the order (an order number, "my order", "order yangu", "mzigo
//    wangu", "my slabs", "slab zangu", "I ordered", "nimeorder"…) and asks
//    where it is, when it comes, or how it stands ("where", "wapi", "when …
//    arrive", "lini", "status", "dispatched", "imefika", "haijafika"…); or
//  - asks in words that only an order already made explains ("has it been
//    dispatched?", "lini mtaniletea?"), without saying the customer wants to
//    order or buy.
import { normalise, words } from './text';

/** Something bought, as a customer names it: "order", "oda", "mzigo", "slabs", "sinki"… */
const GOODS =
  '(?:orders?|oda|odha|mzigo|mizigo|delivery|deliveries|package|parcel|goods|items|stuff|things|consignment|shipment|purchase|slabs?|sinks?|sinki|masinki|granite|marble|quartz|countertops?|worktops?|tops|vitu|bidhaa|vipande)';

/** A possessive after the noun in Swahili: "order yangu", "slab zangu", "mzigo wetu". */
const SW_MINE = '(?:yangu|yetu|wangu|wetu|zangu|zetu|langu|letu|vyangu|vyetu)';

/** The customer's own order: possessed goods, an order number, or an order said to have been made. */
const ORDER_REFERENCE = new RegExp(
  [
    // "my order", "our 3 slabs", "my black granite slabs", "my kitchen sink".
    `\\b(?:my|our|mine)(?: [a-z0-9]+){0,2}? ${GOODS}\\b`,
    // "order yangu", "slab tatu zangu", "mzigo ule wangu".
    `\\b${GOODS}(?: [a-z0-9]+)? ${SW_MINE}\\b`,
    // An order made: "I ordered", "we placed an order", "nimeorder", "niliorder", "nililipia".
    `\\b(?:ordered|placed (?:an|the|my) order|(?:nime|tume|nili|tuli|ni|tu)(?:ku)?(?:order|agiza|lipia|nunua)|nimelipa|tumelipa)\\b`,
    // The order as a thing: "the order", "order imefika", "oda iko", "mzigo umetoka".
    `\\b(?:the|this|that) (?:order|delivery|package|parcel|mzigo)\\b`,
    `\\b(?:order|oda|mzigo|mizigo)(?: [a-z]+)? (?:iko|uko|ziko|ipo|upo|imefika|umefika|imetoka|umetoka|imetumwa|umetumwa|imefikia|umefikia|inakuja|unakuja|itafika|utafika|haijafika|haujafika|imechelewa|umechelewa|imekwama|bado|status|imeshatumwa|imeshafika)\\b`,
    `\\b(?:status|update|updates|habari|tracking|track) (?:ya|of|on|for|za) (?:the |my |our )?(?:order|oda|mzigo|delivery)\\b`,
    `\\b(?:order|oda|delivery) status\\b`,
    // An order number as staff and quotes write it: "SO00042".
    `\\bso ?\\d{4,}\\b`,
  ].join('|'),
);

/** How an order stands, where it is, when it comes: words that ask after an order named. */
const ASKS_AFTER = new RegExp(
  [
    '\\b(?:where|wheres|wapi|whereabouts)\\b',
    '\\b(?:status|update|updates|news|progress|track|tracking|eta|dispatched|dispatch|shipped|ready|yet|delayed|late|waiting|wait|njiani|bado|lini|happened|happening)\\b',
    // "how long", "taking so long"; "iko tayari" (ready; "tayari" alone is also "already").
    '\\b(?:how|so|too) long\\b|\\b(?:iko|ziko|uko|ipo|imekuwa|zimekuwa) tayari\\b',
    // "on the way", "out for delivery", "how far", "not arrived", "haven't received".
    '\\bon (?:the|its|their) way\\b|\\bout for delivery\\b|\\bhow far\\b|\\b(?:not|never|n t|nt) (?:yet )?(?:arrived|come|received|reached|got|gotten|delivered|been delivered|been sent)\\b',
    // "when will it arrive", "when do I get my slabs", "when is my delivery".
    '\\bwhen\\b.*\\b(?:arriv\\w*|come|coming|comes|reach\\w*|deliver\\w*|dispatch\\w*|ship\\w*|send|sent|bring|get|getting|receive|ready|expect)\\b',
    // "has it been sent", "did you send my…", "have you dispatched".
    '\\b(?:has|have|did|was|were|is|are) (?:it|they|you|my|our|the)\\b.*\\b(?:sent|send|dispatched|shipped|delivered|arrived|left|loaded|ready|on the way)\\b',
    // Swahili: arrived, sent, left, on its way, late, brought: "imefika", "umetumwa", "zimetoka", "inakuja", "imeletwa".
    '\\b(?:i|u|zi|ya|li|ki|vi)(?:me|mesha|sha|ta|na|ja)(?:fika|fikia|tumwa|toka|kuja|letwa|chelewa|kwama|dispatchiwa|shipiwa|sendiwa|deliveriwa|pakiwa)\\b',
    // Not yet: "haijafika", "hazijatumwa", "sijapata", "hatujapokea".
    '\\b(?:ha(?:i|u|zi|ya|li)ja(?:fika|tumwa|toka|kuja|letwa)|(?:si|hatu)ja(?:pata|pokea|letewa|fikiwa|ona))\\b',
    // You have sent it / will bring it to me: "mmetuma", "mmeshatuma", "mtaniletea", "mtadeliver".
    '\\bm(?:me|mesha|sha|ta|na)(?:ni|tu)?(?:tuma|leta|letea|tumia|deliver\\w*|dispatch\\w*|ship\\w*|send\\w*)\\b',
  ].join('|'),
);

/** Asked without naming the order, words that only an order already made explains. */
const ASKS_AFTER_ALONE = new RegExp(
  [
    '\\b(?:dispatched|shipped|out for delivery|tracking number|track (?:it|them))\\b',
    // "lini mtaniletea", "mtaniletea lini", "mtatuletea lini".
    '\\blini\\b.*\\bm(?:ta|na)(?:ni|tu)(?:letea|deliveria|tumia)\\b|\\bm(?:ta|na)(?:ni|tu)(?:letea|deliveria|tumia)\\b.*\\blini\\b',
    // "haijafika", "bado haijafika", "sijapata mzigo", "mmeshatuma?".
    '\\bha(?:i|zi|u)jafika\\b|\\bsijapokea\\b|\\bhatujapokea\\b|\\bmmesha(?:tuma|leta)\\b|\\bmmetuma\\b',
  ].join('|'),
);

/** Wanting to order or buy, which is not asking after an order: "I want to order", "nataka ku-order", "how do I order". */
const WANTS_TO_ORDER = new RegExp(
  [
    "\\b(?:want|wanna|like|need|wish|going|planning|plan|ready|able|how|can|could|may|i ll|ill|i d|id|let me|lets|to) (?:to )?(?:order|buy|place an order|make an order)\\b",
    '\\b(?:order|buy) (?:\\d+|one|two|three|four|five|some|a|an)\\b',
    '\\b(?:ku|niki|tuki|nika|tuka|naweza ku|tunaweza ku|nita|tuta)(?: )?(?:order|agiza|nunua)\\b',
    '\\b(?:nataka|tunataka|ningependa|tungependa|nahitaji|nikitaka)\\b',
    '\\bif (?:i|we) (?:order|buy|pay)\\b',
  ].join('|'),
);

/** Asking what delivery costs or takes, without naming an order: "mnadeliver Nakuru?", "how much is transport". */
const ASKS_FEE = /\b(?:how much|ngapi|bei|fee|fees|cost|costs|charge|charges|price|rate|gharama)\b/;

/** Whether the message asks after an order the customer already has. */
export function asksAfterOrder(text: string): boolean {
  const normal = words(normalise(text)).join(' ');
  if (!normal) return false;
  const named = ORDER_REFERENCE.test(normal);
  if (named && ASKS_AFTER.test(normal)) return true;
  if (named || WANTS_TO_ORDER.test(normal) || ASKS_FEE.test(normal)) return false;
  return ASKS_AFTER_ALONE.test(normal);
}
