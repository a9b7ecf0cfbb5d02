// Runs the bot (interface.ts) on customers' messages. One runner is built
// with the services (server/app/services.ts) and every customer message reaches it
// through customerMessage (server/modules/conversations/inbound.ts): WhatsApp's
// webhook (server/channels/whatsapp/webhook) and the simulator and demo seed
// (server/demo/simulate.ts) alike.
//
// Turns of one conversation run one after another, in the order given;
// conversations run in parallel. A turn runs only if its conversation is
// still Bot Active by then (an earlier turn may have handed it over, or staff
// taken it over), with what the bot needs gathered first: the conversation's
// product, offer and round, what the bot remembered last time, and the
// settings (Settings → Chatbot). A bot that throws is logged; the customer's
// message is kept and nothing else is lost.
//
// deliver 'outbox' (a WhatsApp message): replies are stored as the bot's and
// queued for the customer. deliver 'store' (the simulator, the demo seed): they
// are stored at the turn's clock, which the seed sets a few seconds after each
// customer message of the past, and nothing is sent.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { inboundService } from '../modules/conversations/inbound';
import { inboundRepository } from '../modules/conversations/repository';
import { botSettingsService } from '../modules/bot-settings/service';
import { toCatalogueProducts } from '../modules/products/mapper';
import { productsRepository } from '../modules/products/repository';
import type {
  Bot,
  BotSettings,
  BotTools,
  BotTurn,
  CatalogueProduct,
  CustomerOrder,
  DeliveryQuote,
  PickupInfo,
} from './interface';

/** A new customer message as customerMessage gives it; the runner adds the rest of a BotTurn. */
export type TurnInput = Omit<BotTurn, 'conversation' | 'memory' | 'settings'>;

type Notification = NonNullable<Awaited<ReturnType<ReturnType<typeof inboundService>['botHandoff']>>>;

/** What a turn did. */
export type TurnOutcome = {
  /** False when the conversation was not the bot's (or is gone) when the turn's time came. */
  ran: boolean;
  /** The replies stored (and, with deliver 'outbox', queued). */
  replies: string[];
  /** The notification of the bot's hand-over, when it handed over. */
  notification?: Notification;
  /** The bot threw (logged). */
  failed?: boolean;
};

/** Where a turn's replies go: queued for the customer, or only stored (no customer to send them to). */
export type Delivery = 'outbox' | 'store';

export type BotRunnerOptions = {
  db: Kysely<DB>;
  inbound: ReturnType<typeof inboundService>;
  bot: Bot;
  /** Delivers what the bot queued (the outbox dispatcher's kick); unused with deliver 'store'. */
  outboxChanged: () => void;
  log: { error(object: object, message: string): void; warn(object: object, message: string): void };
  /** The clock of the bot's writes (replies, product views); default: the time of day. */
  now?: () => Date;
  /** Each turn's delivery unless the turn names its own; default 'outbox'. */
  deliver?: Delivery;
  /**
   * Settings → Delivery (services.deliveryZones): the zone a message names
   * (fee in cents) and pickup; without it the bot is given no delivery tools.
   */
  delivery?: {
    findZoneFor(text: string): Promise<{ id: number; name: string; feeCents: number; leadDays: number } | null>;
    pickup(): Promise<PickupInfo>;
  };
  /**
   * The orders of a conversation as the bot may tell them (amounts in KES;
   * customerOrdersRepository(db).forConversation): the open ones, else the
   * latest, at most 3. Without it the bot is given no order tools.
   */
  orders?: { forConversation(conversationId: number): Promise<CustomerOrder[]> };
  /** The settings (services.botSettings.current, which a save refreshes); default: read from bot_settings every few seconds. */
  settings?: () => Promise<BotSettings>;
  /**
   * Runs after each turn on a conversation, before its next one starts (the quote a complete deal
   * gets). A failure is logged; the turn's outcome is kept.
   */
  afterTurn?: (conversationId: number) => Promise<unknown>;
};

/** The largest JSON tools.remember keeps, in bytes. */
export const MEMORY_MAX_BYTES = 4096;

export type BotRunner = ReturnType<typeof createBotRunner>;

export function createBotRunner(options: BotRunnerOptions) {
  const { db, inbound, bot, log } = options;
  const products = productsRepository(db);
  const conversations = inboundRepository(db);
  const now = options.now ?? (() => new Date());
  const settings = options.settings ?? botSettingsService(db, { now }).current;
  const turns = new Map<number, Promise<TurnOutcome>>();

  // --- the catalogue, shared by every turn: each turn asks its version (one small query) and
  // reads the products again only when it changed, so a product staff have just added or
  // retired is known at the customer's next message ---
  let catalogue: { products: CatalogueProduct[]; version: string } | undefined;
  let loading: Promise<CatalogueProduct[]> | undefined;

  async function loadCatalogue(): Promise<CatalogueProduct[]> {
    const version = await products.catalogueVersion();
    if (catalogue && catalogue.version === version) return catalogue.products;
    const fresh = toCatalogueProducts(await products.active());
    catalogue = { products: fresh, version };
    return fresh;
  }

  async function activeProducts(): Promise<CatalogueProduct[]> {
    // Turns of several conversations at once share one read.
    loading ??= loadCatalogue().finally(() => (loading = undefined));
    return loading;
  }

  // --- one turn ---

  function deliveryTools(
    delivery: NonNullable<BotRunnerOptions['delivery']>,
    conversationId: number,
  ): NonNullable<BotTools['delivery']> {
    return {
      async zoneFor(text): Promise<DeliveryQuote | null> {
        const zone = await delivery.findZoneFor(text);
        return zone && { id: zone.id, name: zone.name, fee: zone.feeCents / 100, leadDays: zone.leadDays };
      },
      pickup: () => delivery.pickup(),
      dealDetails: (details) => inbound.dealDetails(conversationId, details),
    };
  }

  function ordersTools(
    orders: NonNullable<BotRunnerOptions['orders']>,
    conversationId: number,
  ): NonNullable<BotTools['orders']> {
    return { current: () => orders.forConversation(conversationId) };
  }

  function toolsFor(input: TurnInput, outcome: TurnOutcome, now: () => Date, deliver: Delivery): BotTools {
    const { conversationId } = input;
    let handedOver = false;
    return {
      async reply(text) {
        if (typeof text !== 'string' || text.trim() === '') {
          log.warn({ conversationId, bot: bot.name }, 'the bot replied with no text (nothing sent)');
          return false;
        }
        const sent = await inbound.botReply(
          conversationId,
          text,
          deliver === 'store' ? { handedOver, store: true, at: now() } : { handedOver },
        );
        if (sent) {
          outcome.replies.push(text);
          if (deliver === 'outbox') options.outboxChanged();
        }
        return sent;
      },
      async handoff(type, message, reason) {
        // The customer's message of this turn is what the hand-off is about.
        const notification = await inbound.botHandoff(conversationId, type, message, {
          reason,
          customerText: input.content,
          at: now(),
        });
        if (notification) {
          handedOver = true;
          outcome.notification ??= notification;
        }
      },
      productInterest: (product, kind) => inbound.productInterest(conversationId, product, kind, now()),
      offer: (price, round) => inbound.offer(conversationId, price, round),
      async converted(deal) {
        await inbound.converted(conversationId, deal, now());
      },
      catalogue: activeProducts,
      ...(options.delivery && { delivery: deliveryTools(options.delivery, conversationId) }),
      ...(options.orders && { orders: ordersTools(options.orders, conversationId) }),
      async remember(value) {
        let json: string | undefined;
        try {
          json = JSON.stringify(value);
        } catch (error) {
          throw new Error(`remember keeps JSON: ${error instanceof Error ? error.message : String(error)}`, {
            cause: error,
          });
        }
        if (json === undefined) throw new Error('remember keeps JSON: this value has no JSON form');
        const bytes = Buffer.byteLength(json);
        if (bytes > MEMORY_MAX_BYTES)
          throw new Error(`remember keeps at most ${MEMORY_MAX_BYTES} bytes of JSON; this is ${bytes}`);
        await conversations.remember(conversationId, json, now());
      },
    };
  }

  async function run(input: TurnInput, clock: () => Date, deliver: Delivery): Promise<TurnOutcome> {
    const outcome: TurnOutcome = { ran: false, replies: [] };
    try {
      const row = await conversations.botContext(input.conversationId);
      if (row?.status !== 'bot_active') return outcome;
      outcome.ran = true;
      const turn: BotTurn = {
        ...input,
        conversation: {
          currentProductId: row.current_product_id,
          currentOfferPrice: row.current_offer_price === null ? null : Number(row.current_offer_price),
          bargainingRound: row.bargaining_round,
          converted: row.converted,
        },
        memory: row.memory ?? null,
        // A copy: a bot that changes its settings changes them for itself only.
        settings: structuredClone(await settings()),
      };
      await bot.onCustomerMessage(turn, toolsFor(input, outcome, clock, deliver));
    } catch (error) {
      outcome.failed = true;
      log.error(
        { err: error, conversationId: input.conversationId, messageId: input.messageId, bot: bot.name },
        'the bot failed on a customer message (the message is kept)',
      );
    }
    return outcome;
  }

  return {
    bot,
    /**
     * Queues the bot's turn behind the conversation's earlier ones; resolves
     * when it has run (never rejects: a bot that throws is logged).
     * `at.now`: this turn's clock instead of the runner's (the simulator's
     * conversations each keep their own time); `at.deliver`: this turn's
     * delivery instead of the runner's.
     */
    turn(input: TurnInput, at: { now?: () => Date; deliver?: Delivery } = {}): Promise<TurnOutcome> {
      const clock = at.now ?? now;
      const deliver = at.deliver ?? options.deliver ?? 'outbox';
      const previous = turns.get(input.conversationId);
      const runAndFollow = async () => {
        const outcome = await run(input, clock, deliver);
        if (options.afterTurn)
          await options
            .afterTurn(input.conversationId)
            .catch((error: unknown) =>
              log.error(
                { err: error, conversationId: input.conversationId },
                'the work after the bot’s turn failed (the turn is kept)',
              ),
            );
        return outcome;
      };
      const next = previous ? previous.then(runAndFollow) : runAndFollow();
      turns.set(input.conversationId, next);
      void next.finally(() => {
        if (turns.get(input.conversationId) === next) turns.delete(input.conversationId);
      });
      return next;
    },
    /** Resolves when every turn queued so far has ended. */
    async idle() {
      while (turns.size > 0) await Promise.all(turns.values());
    },
  };
}
