// The bot that answers customers on WhatsApp. The catalogue bot
// (server/bot/catalogue) plays it by default; BOT_MODULE names a module whose
// default export is a Bot to play it instead (as OUTBOX_SENDER names a
// sender), for example one backed by a language model, and BOT_MODULE=handoff
// hands every new conversation to staff.
//
// The webhook calls onCustomerMessage exactly once for each new message a
// customer sends (a repeated WhatsApp delivery is no new message), and only
// while the conversation is Bot Active: once staff are needed or have taken
// over, the bot stays quiet, and it picks up again when they hand back. The
// message is stored before the bot is called; a bot that throws is logged
// and loses nothing. Turns of one conversation run one after another.
//
// A bot module, for example (bots/echo.ts, run with BOT_MODULE=bots/echo.ts):
//
//   import type { Bot } from '../server/bot/interface';
//
//   const bot: Bot = {
//     name: 'echo',
//     async onCustomerMessage(turn, tools) {
//       if (!turn.settings.enabled || turn.messageType !== 'text') {
//         await tools.handoff('unclear_request', `${turn.customerName ?? turn.phone} sent: ${turn.content}`);
//         return;
//       }
//       const products = await tools.catalogue();
//       const named = products.find((p) => turn.content.toLowerCase().includes(p.name.toLowerCase()));
//       if (named) await tools.productInterest(named, 'inquiry');
//       await tools.reply(named ? `${named.name}: KES ${named.startingPrice}` : `You wrote: ${turn.content}`);
//     },
//   };
//   export default bot;
import type { MessageAttachment } from '../db/schema';
import type { HandoffReason, HandoffType } from '../realtime/events';
import type { components } from '../app/openapi/types';

/** Settings → Chatbot (openapi.yaml's BotSettings). */
export type BotSettings = components['schemas']['BotSettings'];

/** One new message from a customer. */
export type BotTurn = {
  conversationId: number;
  /** The stored message's id. */
  messageId: number;
  /** The message in words: the text, a caption, or e.g. "Photo", "Location: Nakuru", "Reacted 👍". */
  content: string;
  /** WhatsApp's type: text, image, document, audio, video, sticker, location, contacts, reaction, interactive, button, unsupported. */
  messageType: string;
  /** What it carries besides words (a picture, a location…); absent for text. */
  attachment?: MessageAttachment;
  /** The customer's WhatsApp profile name, when known. */
  customerName: string | null;
  /** The customer's number, "+" and digits. */
  phone: string;
  /** When the customer sent it. */
  at: Date;
  /** The conversation as it stands before this turn. */
  conversation: {
    currentProductId: number | null;
    currentOfferPrice: number | null;
    bargainingRound: number | null;
    converted: boolean;
  };
  /** What this bot kept with tools.remember on an earlier turn of this conversation; null at first. */
  memory: unknown;
  /** The business's bot settings (Settings → Chatbot), the defaults until staff save them. */
  settings: BotSettings;
};

/** An active product of the catalogue, as the bot may show it. Prices in KES. */
export type CatalogueProduct = {
  id: number;
  name: string;
  category: 'granite' | 'marble' | 'quartz' | 'sink';
  dimensions: string | null;
  description: string | null;
  /** The description in Swahili, for customers writing Swahili or Sheng; absent or null: the English one. */
  descriptionSw?: string | null;
  startingPrice: number;
  endingPrice: number;
  color: string | null;
  installationPricePerSlab: number | null;
  material: string | null;
  bowlConfiguration: string | null;
  stock: number;
  /** The picture's URL, absolute, or relative to the server (the WhatsApp sender resolves it). */
  productImageUrl: string | null;
};

/** A delivery zone a customer's message names (Settings → Delivery). Fee in KES. */
export type DeliveryQuote = { id: number; name: string; fee: number; leadDays: number };

/** Whether customers may collect their order themselves, where, and after how many days (Settings → Delivery). */
export type PickupInfo = { enabled: boolean; location: string; leadDays: number };

/**
 * One of the customer's orders, as the bot may tell it (openapi.yaml's Order,
 * trimmed to what a "where is my order?" answer needs). Amounts in KES.
 */
export type CustomerOrder = {
  /** As staff and the customer's quote know it, e.g. "SO00042". */
  number: string;
  status: components['schemas']['OrderStatus'];
  paymentStatus: components['schemas']['OrderPaymentStatus'];
  total: number;
  /** What is left to pay, never below 0. */
  balance: number;
  /** The day it is to be delivered (or ready to collect), YYYY-MM-DD; null until staff set one. */
  deliveryDate: string | null;
  /** The town it goes to; null for a collection (or a town not given). */
  deliveryTown: string | null;
  /** The customer collects it. */
  pickup: boolean;
};

/** What the customer said about a deal after agreeing it: how many, and delivery to a zone or collection. */
export type DealDetails = { quantity?: number; zone?: { id: number; name: string }; pickup?: boolean };

/** What a bot can do in a conversation. Each call is stored and shows on the dashboard at once. */
export type BotTools = {
  /**
   * Sends text to the customer through the outbox (stored as a bot message,
   * then delivered). Resolves false, sending nothing, when the conversation
   * is no longer the bot's (staff took it over meanwhile). A reply after the
   * bot's own handoff in the same turn is still sent (it tells the customer
   * a person will answer); never after staff took over.
   */
  reply(text: string): Promise<boolean>;
  /**
   * Hands the conversation to staff: Admin Required, with a notification of
   * this type saying `message`. The conversation keeps why (`reason`, by
   * default the type), since when (the turn's time) and the customer's
   * message of this turn, which the dashboard shows on its card.
   */
  handoff(type: HandoffType, message: string, reason?: HandoffReason): Promise<void>;
  /** The customer looked at (view) or asked about (inquiry) a product. */
  productInterest(product: { id: number; name: string }, kind: 'view' | 'inquiry'): Promise<void>;
  /** The bot offered a price, in this round of bargaining. */
  offer(price: number, round: number): Promise<void>;
  /**
   * The customer bought. Give the deal (the product, the price of one unit in KES, how many
   * when the customer said): the conversation keeps it and staff are told ("… accepted
   * Carrara White Marble at KES 13,800"), once per deal. Without it only the sale is counted.
   */
  converted(deal?: {
    product: { id: number; name: string };
    unitPrice: number;
    quantity?: number | null;
  }): Promise<void>;
  /** The active products, as they are now (a product just added or retired shows at once). */
  catalogue(): Promise<CatalogueProduct[]>;
  /**
   * Where the business delivers (Settings → Delivery). Absent (a host
   * without delivery zones): the bot knows no zone and hands delivery
   * questions to staff.
   */
  delivery?: {
    /** The zone a message names by its name or one of its places, whatever the case or accents; null when none. */
    zoneFor(text: string): Promise<DeliveryQuote | null>;
    pickup(): Promise<PickupInfo>;
    /** Keeps on the conversation's deal (after converted) how many, and where it goes. */
    dealDetails(details: DealDetails): Promise<void>;
  };
  /**
   * The conversation's orders (made from its accepted quotes). Absent (a host
   * without orders): the bot knows no order and hands "where is my order?"
   * to staff, as any question it cannot answer.
   */
  orders?: {
    /**
     * The orders a customer asking "where is my order?" means: those still
     * open (confirmed, scheduled, out for delivery), newest first, at most 3;
     * with none open, the latest one whatever its state (delivered,
     * cancelled); none when the conversation has no order.
     */
    current(): Promise<CustomerOrder[]>;
  };
  /** Keeps a small JSON value (at most 4 KB) for this conversation: the next turn's `memory`. */
  remember(value: unknown): Promise<void>;
};

export interface Bot {
  readonly name: string;
  onCustomerMessage(turn: BotTurn, tools: BotTools): Promise<void>;
}
