// The catalogue bot: answers customers from the catalogue (price, size,
// stock, installation, with the picture) and tells the opening hours,
// bargains within Settings → Chatbot, records views, inquiries, offers and
// the sale, and hands the conversation to staff with the right notification
// when a person is needed (a product it does not have, delivery, payment, or
// two messages in a row it could not place). With the host's orders
// (tools.orders) it tells customers where their orders stand. Rules only (understand.ts); no
// model, no network.
import type { HandoffReason, HandoffType } from '../../realtime/events';
import { BOT_SETTINGS_DEFAULTS } from '../../modules/bot-settings/defaults';
import type {
  Bot,
  BotSettings,
  BotTools,
  BotTurn,
  CatalogueProduct,
  DealDetails,
  DeliveryQuote,
  PickupInfo,
} from '../interface';
import { quantityIn, saysPickup } from './delivery';
import { answerCounterOffer, floorPrice } from './bargain';
import { isOpen, localDate } from './hours';
import { asksAfterOrder } from './orders';
import { detectLanguage, type Language } from './language';
import {
  bargainReply,
  catalogueReply,
  convertedReply,
  dealReply,
  DELIVERY,
  detailsNoted,
  detailsQuestion,
  HOW_TO_PAY,
  PICKUP_OFF,
  pickupReply,
  zoneReply,
  HANDOVER,
  HELLO_AGAIN,
  HOURS_UNKNOWN,
  listReply,
  NOT_FOUND,
  NO_ORDER,
  orderStatusReply,
  openingHoursReply,
  PAYMENT,
  productReply,
  STILL_UNCLEAR,
  UNCLEAR,
  WELCOME,
  WHICH_PRODUCT,
  type Aspect,
} from './replies';
import { normalise, words } from './text';
import { messageLanguage, understand, type Understanding } from './understand';
import { clip, oneLine } from '../../app/text';

/** What the bot keeps between turns of one conversation (tools.remember; at most 4 KB). */
export type CatalogueBotMemory = {
  language: Language;
  /** Messages in a row the bot could not place; the second hands over. */
  unclearStreak: number;
  /** The product the conversation's current offer is for. */
  offerProductId: number | null;
  /** The product being talked about. */
  focusProductId: number | null;
  /** The products of the last list shown, to narrow "the black one" to them. */
  shortlist: number[];
  /** Whether the greeting was sent. */
  greeted: boolean;
  /**
   * The deal agreed last, while the bot knows delivery zones: how many and
   * where it goes (a zone's name, or "pickup") as the customer said; null
   * until said. Null when there is none.
   */
  deal: { productId: number; quantity: number | null; delivery: string | null } | null;
};

const freshMemory = (): CatalogueBotMemory => ({
  language: 'en',
  unclearStreak: 0,
  offerProductId: null,
  focusProductId: null,
  shortlist: [],
  greeted: false,
  deal: null,
});

/** The memory of the last turn, tolerant of anything (an older shape, null). */
export function readMemory(value: unknown): CatalogueBotMemory {
  const memory = freshMemory();
  if (!value || typeof value !== 'object') return memory;
  const v = value as Record<string, unknown>;
  const id = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x > 0 ? x : null);
  if (v.language === 'en' || v.language === 'sw') memory.language = v.language;
  if (typeof v.unclearStreak === 'number' && v.unclearStreak >= 0) memory.unclearStreak = Math.floor(v.unclearStreak);
  memory.offerProductId = id(v.offerProductId);
  memory.focusProductId = id(v.focusProductId);
  if (Array.isArray(v.shortlist))
    memory.shortlist = v.shortlist
      .map(id)
      .filter((x): x is number => x !== null)
      .slice(0, 20);
  memory.greeted = v.greeted === true;
  const deal = v.deal as Record<string, unknown> | null | undefined;
  const dealProduct = deal && typeof deal === 'object' ? id(deal.productId) : null;
  if (deal && dealProduct !== null)
    memory.deal = {
      productId: dealProduct,
      quantity: id(deal.quantity),
      delivery: typeof deal.delivery === 'string' && deal.delivery ? deal.delivery.slice(0, 60) : null,
    };
  return memory;
}

const NOTIFICATION_MAX = 300;

/** Settings → Chatbot's greeting in the customer's language (the default Swahili one when the settings have none). */
const greeting = (settings: BotSettings, language: Language) =>
  language === 'sw' ? (settings.greetingSw ?? BOT_SETTINGS_DEFAULTS.greetingSw!) : settings.greeting;

/** Settings → Chatbot's out-of-hours message in the customer's language (as greeting). */
const outOfHoursMessage = (settings: BotSettings, language: Language) =>
  language === 'sw'
    ? (settings.outOfHoursMessageSw ?? BOT_SETTINGS_DEFAULTS.outOfHoursMessageSw!)
    : settings.outOfHoursMessage;

/** "Can I talk to a person?", "customer care", "nataka kuongea na mtu", "nipigie", "not a bot" (over the normal form). */
const WANTS_A_PERSON =
  /\b(talk|speak|chat) (to|with) (a |an |the |your |some )?(person|human|someone|somebody|agent|manager|staff|owner|boss)\b|\bcustomer (care|service)\b|\b(real|live) (person|human|agent)\b|\b(nataka|naomba|niongee|kuongea|ongea) (kuongea )?na (mtu|mhudumu|meneja|mwenye duka|boss)\b|\bnipigie\b|\bnipe mtu\b|\bmtu wa kuongea\b|\b(si|sio|not) (hii |a |the |this )?(bot|roboti|robot|machine)\b|\bcall me\b/;

/** One line, at most `max` characters, clipped with "…". */
const clipLine = (text: string, max: number) => clip(oneLine(text), max);

/** The customer as staff see them: the profile name, else "Customer +254…". */
const customerOf = (turn: BotTurn) => turn.customerName?.trim() || `Customer ${turn.phone}`;

/** A notification message within 300 characters: the quote is what gets clipped. */
function notification(before: string, quote: string, after = ''): string {
  const room = NOTIFICATION_MAX - before.length - after.length - 2;
  return clipLine(`${before}"${clipLine(quote, Math.max(room, 20))}"${after}`, NOTIFICATION_MAX);
}

/** The words of a message the bot can read: the text, a caption or a button's title; null for a bare photo, sticker… */
export function wordsOf(turn: Pick<BotTurn, 'messageType' | 'content' | 'attachment'>): string | null {
  if (turn.messageType === 'text' || turn.messageType === 'interactive' || turn.messageType === 'button')
    return turn.content.trim() || null;
  const attachment = turn.attachment;
  if (attachment && 'caption' in attachment && attachment.caption?.trim()) return attachment.caption.trim();
  return null;
}

class Turn {
  private readonly memory: CatalogueBotMemory;
  /** Whether this bot kept a memory on an earlier turn (else the conversation's own product is the focus). */
  private readonly remembered: boolean;
  private catalogue: CatalogueProduct[] = [];
  /** The conversation's language before this turn's message. */
  private previousLanguage: Language = 'en';
  constructor(
    private readonly turn: BotTurn,
    private readonly tools: BotTools,
  ) {
    this.memory = readMemory(turn.memory);
    this.remembered = turn.memory !== null && typeof turn.memory === 'object';
  }

  private get lang() {
    return this.memory.language;
  }

  private async say(text: string) {
    await this.tools.reply(text);
  }

  /** Replies `lead` with the hand-over line (or the out-of-hours message), then hands over. */
  private async handOver(type: HandoffType, lead: string | null, message: string, reason?: HandoffReason) {
    const open = isOpen(this.turn.settings.businessHours, this.turn.at);
    const closing = open ? HANDOVER[this.lang] : outOfHoursMessage(this.turn.settings, this.lang);
    await this.say(lead ? `${lead} ${closing}` : closing);
    await this.tools.handoff(type, message, reason);
  }

  private product(id: number | null) {
    return id === null ? undefined : this.catalogue.find((p) => p.id === id);
  }

  /**
   * The product being talked about: the last one shown alone. (After a list
   * there is none; the conversation's current product, the last one viewed,
   * counts only when this bot has no memory of the conversation.)
   */
  private focus(): CatalogueProduct | undefined {
    if (this.remembered) return this.product(this.memory.focusProductId);
    return this.product(this.turn.conversation.currentProductId);
  }

  async run() {
    const { turn, tools } = this;
    const text = wordsOf(turn);

    if (!turn.settings.enabled) {
      // Off: every message goes to staff, with the out-of-hours answer first when closed, in the customer's language.
      if (!isOpen(turn.settings.businessHours, turn.at)) {
        const language = text ? detectLanguage(words(normalise(text)), this.memory.language) : this.memory.language;
        await this.say(outOfHoursMessage(turn.settings, language));
      }
      await tools.handoff(
        'unclear_request',
        notification(`${customerOf(turn)} wrote on WhatsApp and is waiting for a reply: `, turn.content),
        'bot_off',
      );
      return;
    }

    this.catalogue = await tools.catalogue();
    const understood: Understanding = text
      ? understand(text, this.catalogue, this.memory.language)
      : { intent: 'unclear', language: this.memory.language, products: [], searched: null, amount: null };
    this.previousLanguage = this.memory.language;
    this.memory.language = understood.language;
    const placed = understood.intent !== 'unclear';
    this.memory.unclearStreak = placed ? 0 : this.memory.unclearStreak + 1;
    try {
      await this.answer(understood, text ?? turn.content);
    } finally {
      await tools.remember(this.memory);
    }
  }

  /** The products the message is about: those it names (within the last list when it narrows it), else none. */
  private named(u: Understanding): CatalogueProduct[] {
    const inList = u.products.filter((p) => this.memory.shortlist.includes(p.id));
    return inList.length > 0 && inList.length < u.products.length ? inList : u.products;
  }

  private async show(products: CatalogueProduct[], aspect: Aspect) {
    if (products.length === 1) {
      const [p] = products as [CatalogueProduct];
      await this.tools.productInterest(p, 'inquiry');
      await this.tools.productInterest(p, 'view');
      this.memory.focusProductId = p.id;
      this.memory.shortlist = [];
      await this.say(productReply(p, aspect, this.lang));
      return;
    }
    const shown = products.slice(0, 3);
    for (const p of shown) await this.tools.productInterest(p, 'view');
    this.memory.shortlist = products.map((p) => p.id).slice(0, 20);
    this.memory.focusProductId = null;
    await this.say(listReply(products, this.lang, aspect === 'installation' ? 'installation' : 'price'));
  }

  private async answer(u: Understanding, text: string) {
    const { turn } = this;
    const who = customerOf(turn);
    const named = this.named(u);

    // "Where is my order?", answered from the customer's orders (a count given for a deal is no such question).
    if (this.tools.orders && asksAfterOrder(text) && !(this.missing() && quantityIn(text) !== null))
      return this.orderStatus(text);

    // After a deal: how many, and the town or collection, when the message says any of them.
    if (await this.dealDetails(u, text)) return;

    // Asking for a person is answered at once: the bot does not make them say it twice.
    if (u.intent !== 'delivery' && u.intent !== 'payment' && WANTS_A_PERSON.test(normalise(text))) {
      await this.handOver(
        'unclear_request',
        null,
        notification(`${who} asks to talk to a person: `, text),
        'person_requested',
      );
      return;
    }

    // A product the catalogue does not have: say so and hand over (delivery and payment questions go their own way).
    if (u.searched !== null && named.length === 0 && u.intent !== 'delivery' && u.intent !== 'payment') {
      await this.handOver(
        'product_not_found',
        NOT_FOUND[this.lang](clipLine(u.searched, 60)),
        notification(`${who} asked for `, u.searched, ', which is not in the catalogue'),
      );
      return;
    }

    switch (u.intent) {
      case 'greeting':
        await this.say(this.memory.greeted ? HELLO_AGAIN[this.lang] : greeting(turn.settings, this.lang));
        this.memory.greeted = true;
        return;
      case 'thanks':
        return this.say(WELCOME[this.lang]);
      case 'catalogue':
        return this.say(catalogueReply(this.catalogue, this.lang));
      case 'product':
      case 'price':
      case 'size':
      case 'stock':
      case 'installation': {
        const aspect: Aspect = u.intent;
        if (named.length > 0) return this.show(named, aspect);
        const focus = this.focus();
        if (focus && u.intent !== 'product') return this.show([focus], aspect);
        return this.say(WHICH_PRODUCT[this.lang]);
      }
      case 'counter_offer':
        return this.counterOffer(named, u.amount);
      case 'accept':
        return this.accept(named);
      case 'delivery': {
        if (await this.deliveryAnswer(text)) return;
        const focus = named.length === 1 ? named[0] : this.focus();
        return this.handOver(
          'delivery_inquiry',
          DELIVERY[this.lang],
          notification(`${who} asks about delivery: `, text, focus ? ` (product: ${focus.name})` : ''),
        );
      }
      case 'payment': {
        const focus = named.length === 1 ? named[0] : this.focus();
        return this.handOver(
          'payment_inquiry',
          PAYMENT[this.lang],
          notification(`${who} asks about payment: `, text, focus ? ` (product: ${focus.name})` : ''),
        );
      }
      case 'hours': {
        const reply = openingHoursReply(turn.settings.businessHours, turn.at, this.lang);
        if (reply) return this.say(reply);
        return this.handOver(
          'unclear_request',
          HOURS_UNKNOWN[this.lang],
          notification(`${who} asks about opening hours: `, text),
        );
      }
      case 'unclear':
        if (this.memory.unclearStreak >= 2) {
          this.memory.unclearStreak = 0;
          return this.handOver(
            'unclear_request',
            STILL_UNCLEAR[this.lang],
            notification(`Unclear request from ${who}: `, text),
          );
        }
        return this.say(UNCLEAR[this.lang]);
    }
  }

  /**
   * Where the customer's orders stand, from tools.orders: each one's number,
   * state and balance. No order on this conversation: a person answers.
   */
  private async orderStatus(text: string) {
    this.memory.unclearStreak = 0;
    const orders = await this.tools.orders!.current();
    if (orders.length === 0)
      return this.handOver(
        'unclear_request',
        NO_ORDER[this.lang],
        notification(`${customerOf(this.turn)} asks about an order, and none is on this chat: `, text),
      );
    const today = localDate(this.turn.settings.businessHours.timezone, this.turn.at);
    await this.say(orderStatusReply(orders, today, this.lang));
  }

  /** The product a counter-offer or an acceptance is about: the one named, else the one in focus. */
  private subject(named: CatalogueProduct[]): CatalogueProduct | 'ambiguous' | undefined {
    if (named.length === 1) return named[0];
    if (named.length > 1) return 'ambiguous';
    return this.focus();
  }

  private async counterOffer(named: CatalogueProduct[], amount: number | null) {
    const product = this.subject(named);
    if (product === 'ambiguous') return this.show(named, 'price');
    if (!product) return this.say(WHICH_PRODUCT[this.lang]);
    const { conversation, settings } = this.turn;
    const sameProduct = this.memory.offerProductId === product.id && conversation.currentOfferPrice !== null;
    const state = sameProduct
      ? { current: conversation.currentOfferPrice!, round: conversation.bargainingRound ?? 0 }
      : { current: product.startingPrice, round: 0 };
    const answer = answerCounterOffer(
      {
        startingPrice: product.startingPrice,
        floor: floorPrice(product, settings.bargaining),
        maxRounds: settings.bargaining.maxRounds,
      },
      state,
      amount,
    );
    await this.concerns(product);
    if (answer.round !== null) {
      await this.tools.offer(answer.price, answer.round);
      this.memory.offerProductId = product.id;
    }
    // An offer the bot agrees to (as much as its standing price or more, or one it takes) is the sale.
    if (answer.kind === 'agree') return this.sell(product, answer.price);
    await this.say(bargainReply(product, answer, this.lang));
  }

  private async accept(named: CatalogueProduct[]) {
    // A yes is about the product named, else the one in focus, else the one of the standing offer
    // (a list shown since does not take back the price the customer is saying yes to).
    const subject = this.subject(named);
    const { conversation } = this.turn;
    const offerProduct = conversation.currentOfferPrice !== null ? this.product(this.memory.offerProductId) : undefined;
    const product = subject ?? offerProduct;
    if (product === 'ambiguous') return this.show(named, 'price');
    if (!product) return this.say(WHICH_PRODUCT[this.lang]);
    const offered = this.memory.offerProductId === product.id ? conversation.currentOfferPrice : null;
    return this.sell(product, offered ?? product.startingPrice);
  }

  /**
   * The sale is agreed at `price`: converted (again when the customer confirms it again: the
   * server keeps one flag), and the reply confirms the product and the price.
   */
  private async sell(product: CatalogueProduct, price: number) {
    await this.concerns(product);
    await this.tools.converted({ product: { id: product.id, name: product.name }, unitPrice: price });
    if (!this.tools.delivery) return this.say(convertedReply(product, price, this.lang));
    // The same product agreed again keeps what the customer already said about it.
    if (this.memory.deal?.productId !== product.id)
      this.memory.deal = { productId: product.id, quantity: null, delivery: null };
    await this.say(dealReply(product, price, this.missing(), this.lang));
  }

  /**
   * The message's language read again without the zone's name: a town's
   * name says nothing of the language, though "Nakuru" or "Naivasha" have
   * the shape of a Swahili verb.
   */
  private languageWithout(text: string, zone: DeliveryQuote) {
    const rest = ` ${normalise(text)} `.replace(` ${normalise(zone.name)} `, ' ');
    this.memory.language = messageLanguage(rest, this.previousLanguage);
  }

  /** What the deal still lacks (how many, where it goes); null when nothing or there is no deal. */
  private missing() {
    const deal = this.memory.deal;
    if (!deal || (deal.quantity !== null && deal.delivery !== null)) return null;
    return { quantity: deal.quantity === null, delivery: deal.delivery === null };
  }

  /**
   * A delivery question the bot can answer from Settings → Delivery: where
   * to collect ("pickup", "nitakuja kuchukua") when pickup is on, or the fee
   * and lead time of the zone the message names. False when it cannot (no
   * zone named, pickup off, or a host without delivery zones): a person answers.
   */
  private async deliveryAnswer(text: string): Promise<boolean> {
    const delivery = this.tools.delivery;
    if (!delivery) return false;
    if (saysPickup(text)) {
      const pickup = await delivery.pickup();
      if (!pickup.enabled || !pickup.location) return false;
      await this.say(pickupReply(pickup, this.lang));
      return true;
    }
    const zone = await delivery.zoneFor(text);
    if (!zone) return false;
    this.languageWithout(text, zone);
    await this.say(zoneReply(zone, this.lang));
    return true;
  }

  /**
   * After a deal that lacks how many or where it goes: reads both from the
   * message ("3 slabs, Nakuru", "nataka 3, mniletee Kitengela", "2 pcs,
   * nitapick"), keeps them on the deal, notes them and asks for what is
   * still missing, or how the customer will pay. False when the message says
   * neither (it is answered as any other), and when it asks for delivery to a
   * town the bot does not know (a person answers, the count kept).
   */
  private async dealDetails(u: Understanding, text: string): Promise<boolean> {
    const delivery = this.tools.delivery;
    const deal = this.memory.deal;
    if (!delivery || !deal || !this.missing()) return false;
    const product = this.product(deal.productId);
    if (!product) return false;
    const quantity = deal.quantity === null ? quantityIn(text) : null;
    const wantsPickup = deal.delivery === null && saysPickup(text);
    const zone = deal.delivery === null && !wantsPickup ? await delivery.zoneFor(text) : null;
    if (quantity === null && !wantsPickup && !zone) {
      // Asked where to deliver, the customer answered with words the bot cannot place: most
      // likely a town no zone names, so a person answers, as for any such delivery question.
      if (u.intent !== 'unclear' || deal.delivery !== null) return false;
      this.memory.unclearStreak = 0;
      this.memory.deal = null;
      await this.handOver(
        'delivery_inquiry',
        DELIVERY[this.lang],
        notification(`${customerOf(this.turn)} asks about delivery: `, text, ` (product: ${product.name})`),
      );
      return true;
    }

    const details: DealDetails = {};
    let where: DeliveryQuote | PickupInfo | null = zone;
    let lead = '';
    if (quantity !== null) details.quantity = deal.quantity = quantity;
    if (zone) {
      this.languageWithout(text, zone);
      details.zone = { id: zone.id, name: zone.name };
      deal.delivery = zone.name;
    }
    if (wantsPickup) {
      const pickup = await delivery.pickup();
      if (pickup.enabled && pickup.location) {
        details.pickup = true;
        deal.delivery = 'pickup';
        where = pickup;
      } else lead = `${PICKUP_OFF[this.lang]} `;
    }
    await delivery.dealDetails(details);
    // A town asked for that is no zone: the count is kept, and a person answers about delivery.
    if (u.intent === 'delivery' && deal.delivery === null && !wantsPickup) return false;
    const noted = quantity !== null || where ? `${detailsNoted(product, quantity, where, this.lang)} ` : '';
    const missing = this.missing();
    await this.say(`${lead}${noted}${missing ? detailsQuestion(product, missing, this.lang) : HOW_TO_PAY[this.lang]}`);
    return true;
  }

  /** A bargain or a sale about `product`: in focus, and the conversation's product (an inquiry when it was another). */
  private async concerns(product: CatalogueProduct) {
    this.memory.focusProductId = product.id;
    if (this.turn.conversation.currentProductId !== product.id) await this.tools.productInterest(product, 'inquiry');
  }
}

export function createCatalogueBot(): Bot {
  return {
    name: 'catalogue bot',
    async onCustomerMessage(turn, tools) {
      await new Turn(turn, tools).run();
    },
  };
}

export const catalogueBot: Bot = createCatalogueBot();
