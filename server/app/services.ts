// Every service wired to one database, one event bus and one clock, and the
// one bot runner (server/bot/runner.ts) every customer message reaches through
// services.customers, the inbound port of every channel (server/channels).
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { catalogueBot } from '../bot/catalogue';
import type { Bot } from '../bot/interface';
import { createBotRunner } from '../bot/runner';
import type { DB } from '../db/schema';
import { analyticsService } from '../modules/analytics/service';
import { authService } from '../modules/auth/service';
import { botSettingsService } from '../modules/bot-settings/service';
import { customerMessages, inboundService } from '../modules/conversations/inbound';
import { deliveryZonesService } from '../modules/delivery-zones/service';
import { conversationsService } from '../modules/conversations/service';
import { followUpsService } from '../modules/follow-ups/service';
import { notificationsService } from '../modules/notifications/service';
import { customerOrdersRepository } from '../modules/orders/customer-orders';
import { paymentsByReference, paymentsOnOrder } from '../modules/orders/paid-by-reference';
import { ordersService } from '../modules/orders/service';
import { messageTemplatesService } from '../modules/message-templates/service';
import { imageStore } from '../modules/products/images';
import { quickRepliesService } from '../modules/quick-replies/service';
import { productsService } from '../modules/products/service';
import { summaryService } from '../modules/summary/service';
import { businessService } from '../modules/business/service';
import { quotesService } from '../modules/quotes/service';
import { salesService } from '../modules/sales/service';
import { outboxDispatcher, type OutboxLog, type OutboxSenders } from '../delivery/outbox/sender';
import type { EventBus } from '../realtime/events';
import { attachmentFiles } from '../channels/whatsapp/media/attachments';
import { mediaDirOf } from '../channels/whatsapp/media/files';

export type ServiceOptions = {
  dataDir: string;
  sessionTtlMs: number;
  events: EventBus;
  now?: () => Date;
  /** The outbox's senders by channel name (server/channels/configure.ts outboxSenders); default: none. */
  senders?: OutboxSenders;
  /** The server's logger (the outbox logs a channel failure staff must fix; the bot's failures). */
  log?: OutboxLog;
  /** Answers customers (BOT_MODULE, server/bot/load.ts); default: the catalogue bot. */
  bot?: Bot;
  /** PUBLIC_ORIGIN: where the channel fetches a sent quote's PDF from. */
  publicOrigin?: string;
  /** M-Pesa is configured: the sales summary counts the unmatched payments. */
  mpesa?: boolean;
};

const quiet: OutboxLog = { error: () => {}, warn: () => {} };

export function createServices(db: Kysely<DB>, options: ServiceOptions) {
  const now = options.now ?? (() => new Date());
  const events = options.events;
  const notifications = notificationsService(db, { events, now });
  const outbox = outboxDispatcher(db, options.senders ?? new Map(), events, {
    now,
    log: options.log,
    // A channel failure staff must fix (a revoked token, a blocked account), on the conversation it stopped.
    notifyStaff: (conversationId, message) => notifications.create(conversationId, 'unclear_request', message),
  });
  const outboxChanged = () => outbox.kick();
  const images = imageStore(join(options.dataDir, 'uploads'));
  const messageTemplates = messageTemplatesService(db, { now });
  const inbound = inboundService(db, { events, now, notifications });
  const botSettings = botSettingsService(db, { now });
  const business = businessService(db, { images, now });
  const deliveryZones = deliveryZonesService(db);
  const orders = ordersService(db, { events, now, outboxChanged, templates: messageTemplates });
  const sales = salesService(db, { now, mpesa: options.mpesa });
  const quotes = quotesService(db, {
    events,
    now,
    business,
    templates: messageTemplates,
    outboxChanged,
    uploadsDir: images.dir,
    publicOrigin: options.publicOrigin,
    // A quote's delivery fee and town come from Settings → Delivery.
    deliveryZone: deliveryZones.zoneById,
    // An accepted quote becomes its order (once: createFromQuote is idempotent per quote).
    onAccepted: async (quote, by) => {
      await orders.createFromQuote(quote, by);
    },
    log: options.log,
  });
  const runner = createBotRunner({
    db,
    inbound,
    bot: options.bot ?? catalogueBot,
    outboxChanged,
    log: options.log ?? quiet,
    now,
    settings: botSettings.current,
    // The bot answers delivery questions from Settings → Delivery.
    delivery: { findZoneFor: deliveryZones.findZoneFor, pickup: deliveryZones.pickup },
    // The bot answers "where is my order?" from the conversation's orders.
    orders: customerOrdersRepository(db),
    // A deal the bot completed (how many, and where to) is quoted and sent at once.
    afterTurn: (conversationId) => quotes.fromDeal(conversationId),
  });
  return {
    now,
    images,
    /** Customers' media files (DATA_DIR/media), as the attachment route serves them. */
    attachments: attachmentFiles(db, mediaDirOf(options.dataDir)),
    outbox,
    auth: authService(db, { sessionTtlMs: options.sessionTtlMs, now }),
    products: productsService(db, images),
    conversations: conversationsService(db, { events, now, outboxChanged, templates: messageTemplates, notifications }),
    messageTemplates,
    quickReplies: quickRepliesService(db),
    notifications,
    inbound,
    /** The inbound port (server/channels): a customer's message in (stored once), and the bot's turn on it. */
    // A customer's plain yes accepts their sent quote before the bot answers.
    customers: customerMessages(inbound, runner, async (conversationId, text) => {
      try {
        await quotes.customerReplied(conversationId, text);
      } catch (error) {
        (options.log ?? quiet).error({ err: error, conversationId }, 'accepting a quote from a reply failed');
      }
    }),
    analytics: analyticsService(db, { now }),
    followUps: followUpsService(db, { events, now, outboxChanged, templates: messageTemplates }),
    summary: summaryService(db, { now, sales: sales.summary }),
    /** Analytics → Sales and the dashboard's sales counters. */
    sales,
    /** Settings → Chatbot (the bot reads them through botSettings.current()). */
    botSettings,
    /** The business profile quotes print. */
    business,
    quotes,
    /** Orders made from accepted quotes (createFromQuote), their delivery and payments. */
    orders,
    /** M-Pesa's way in (server/payments/mpesa/callbacks): a payment recorded on the order its account number names. */
    mpesaPayments: paymentsByReference(db, orders.recordPayment, 'mpesa', 'M-Pesa'),
    /** M-Pesa's payment requests and staff's matches (server/payments/mpesa/api): a payment on an order named by id. */
    mpesaOrders: paymentsOnOrder(db, orders, 'mpesa'),
    /** Settings → Delivery; the bot reads zones through findZoneFor and pickup. */
    deliveryZones,
  };
}

export type Services = ReturnType<typeof createServices>;
