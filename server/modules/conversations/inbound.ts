// The customer and bot side of a conversation. A customer's message comes in
// through customerMessage (customerMessages below), the inbound port every
// channel is given (server/channels: WhatsApp's webhook, the simulator and
// demo seed, any other): it stores the message once per (channel, external
// id) under a lock per customer (channel + address), and hands it to the
// bot's runner (server/bot/runner.ts); the bot answers through the other
// functions of inboundService, so the dashboard sees the same writes and
// events whoever plays the customer.
import { sql, type Kysely } from 'kysely';
import type { DB, MessageAttachment } from '../../db/schema';
import type { EventBus, HandoffReason, HandoffType } from '../../realtime/events';
import type { notificationsService } from '../notifications/service';
import { wordsOf } from '../../bot/catalogue';
import type { BotRunner, TurnOutcome } from '../../bot/runner';
import type { DealDetails } from '../../bot/interface';
import { conversationsRepository, DEFAULT_CHANNEL, inboundRepository } from './repository';

/**
 * A customer's message as a channel hands it to the inbound port. It is defined
 * here, beside the port, so the modules never import a channel
 * (server/channels/channel.ts's InboundPort takes it).
 */
export type InboundMessage = {
  /** The channel's name (Channel.name). */
  channel: string;
  /** The customer's address on the channel (a WhatsApp number "+254…", a chat id…). */
  address: string;
  /** The channel's id of the message: a second message with the same id on the channel is not stored again. */
  externalId: string;
  /** messages.message_type: 'text', 'image', 'location'… */
  type: string;
  /** The text the dashboard shows (for media, the caption or a description). */
  content: string;
  attachment?: MessageAttachment | null;
  at: Date;
  /** The customer's name as the channel knows it; a new non-empty one replaces the stored one. */
  name?: string | null;
};

/** Why and since when a hand-off (openapi.yaml's handoffReason, handoffAt, handoffCustomerText). */
export type HandoffDetails = {
  /** Default: the notification's type (the bot's four hand-overs are both). */
  reason?: HandoffReason;
  /** The customer's message that caused it, kept as its card preview (first line, 200 characters). */
  customerText?: string | null;
  /** Default: the conversation's last activity, the message that caused it. */
  at?: Date;
};

/** A price the customer agreed to (openapi.yaml Deal, as the bot gives it). */
export type AgreedDeal = {
  product: { id: number; name: string };
  /** KES for one unit; kept to two decimals. */
  unitPrice: number;
  /** How many, when the customer said. */
  quantity?: number | null;
};

const handoffColumns = (type: HandoffType, details: HandoffDetails) => ({
  handoff_reason: details.reason ?? type,
  handoff_at: details.at ?? sql<Date>`last_message_at`,
  handoff_customer_text:
    details.customerText == null ? null : sql<string | null>`message_preview(${details.customerText})`,
});

export function inboundService(
  db: Kysely<DB>,
  deps: { events: EventBus; now: () => Date; notifications: ReturnType<typeof notificationsService> },
) {
  const repo = inboundRepository(db);
  const messages = conversationsRepository(db);

  /** A customer's text with no id of the channel's (tests, end-to-end runs): under the customer's lock, not de-duplicated. */
  async function customerText(
    phone: string,
    name: string | null,
    content: string,
    at = deps.now(),
    channel = DEFAULT_CHANNEL,
  ) {
    const written = await db.transaction().execute(async (trx) => {
      const tx = inboundRepository(trx);
      await tx.lockCustomer(channel, phone);
      let conversation = await tx.findByAddress(channel, phone);
      if (!conversation)
        conversation = await tx.create({
          channel,
          customer_name: name,
          customer_address: phone,
          created_at: at,
          last_message_at: at,
        });
      const message = await conversationsRepository(trx).addMessage(conversation.id, 'customer', content, 'text', at);
      await tx.setCustomerLanguage(conversation.id, content);
      return { conversationId: conversation.id, messageId: message.id, customerName: conversation.customer_name };
    });
    deps.events.publish({ type: 'conversation_update', data: { id: written.conversationId } });
    return written;
  }

  return {
    /** A customer writes (on WhatsApp unless `channel` says otherwise); a conversation is opened for a new address. */
    async customerMessage(phone: string, name: string | null, content: string, at = deps.now(), channel?: string) {
      return (await customerText(phone, name, content, at, channel)).conversationId;
    },
    /** customerMessage, telling the stored message's id and the conversation's customer name too. */
    customerText,
    /**
     * A customer's message from a channel, stored once per (channel,
     * external id): a delivery repeated, even at the same moment, stores
     * nothing more and gives `message: undefined`, so that only the delivery
     * that stored it goes on to the bot. The lock per customer (channel +
     * address) makes two first messages at once open one conversation. The
     * conversation is the address's latest on the channel, or a new one; the
     * name the channel gives (WhatsApp's profile name) fills customerName,
     * and a new non-empty name replaces it (the channel is where customers
     * choose it, and staff cannot edit it here).
     */
    async channelMessage(incoming: InboundMessage) {
      const attachment = incoming.attachment ?? null;
      const stored = await db.transaction().execute(async (trx) => {
        const tx = inboundRepository(trx);
        await tx.lockCustomer(incoming.channel, incoming.address);
        let conversation = await tx.findByAddress(incoming.channel, incoming.address);
        let renamed = false;
        const name = incoming.name ?? null;
        if (!conversation)
          conversation = await tx.create({
            channel: incoming.channel,
            customer_name: name,
            customer_address: incoming.address,
            created_at: incoming.at,
            last_message_at: incoming.at,
          });
        else if (name && name !== conversation.customer_name) {
          renamed = Number((await tx.setCustomerName(conversation.id, name)).numUpdatedRows) > 0;
          if (renamed) conversation = { ...conversation, customer_name: name };
        }
        const message = await conversationsRepository(trx).addCustomerMessageOnce(conversation.id, {
          ...incoming,
          attachment,
        });
        // A bare photo, sticker or location tells no language.
        const text =
          message &&
          wordsOf({ content: incoming.content, messageType: incoming.type, attachment: attachment ?? undefined });
        if (text) await tx.setCustomerLanguage(conversation.id, text);
        return { conversation, message, changed: message !== undefined || renamed };
      });
      if (stored.changed) deps.events.publish({ type: 'conversation_update', data: { id: stored.conversation.id } });
      return { conversation: stored.conversation, message: stored.message };
    },
    /**
     * The bot's reply: stored and queued in the outbox for the customer
     * ('bot_reply'), only while the bot has the conversation (staff who took
     * it over are not talked over). False when it was not sent; the caller
     * kicks the outbox.
     *
     * `handedOver`: the bot itself handed the conversation to staff in this
     * turn (Admin Required), and may still tell the customer so; never once
     * staff have taken it over. `store`: the simulator and the demo seed keep
     * the reply at `at` and queue nothing (no customer to send it to).
     */
    async botReply(
      conversationId: number,
      content: string,
      options: { handedOver?: boolean; store?: boolean; at?: Date } = {},
    ) {
      const sent = await db.transaction().execute(async (trx) => {
        const tx = conversationsRepository(trx, deps.now);
        const conversation = await tx.find(conversationId);
        const status = conversation?.status;
        if (!conversation || !(status === 'bot_active' || (options.handedOver && status === 'admin_required')))
          return false;
        const at = options.at ?? deps.now();
        if (options.store) {
          await tx.addMessage(conversationId, 'bot', content, 'text', at);
          return true;
        }
        const row = await tx.addMessage(conversationId, 'bot', content, 'text', at, 'queued');
        await tx.enqueueOutbox(conversation, content, 'bot_reply', row.id);
        return true;
      });
      if (sent) deps.events.publish({ type: 'conversation_update', data: { id: conversationId } });
      return sent;
    },
    async botMessage(conversationId: number, content: string, at = deps.now()) {
      await messages.addMessage(conversationId, 'bot', content, 'text', at);
      deps.events.publish({ type: 'conversation_update', data: { id: conversationId } });
    },
    async productInterest(
      conversationId: number,
      product: { id: number; name: string },
      kind: 'view' | 'inquiry',
      at = deps.now(),
    ) {
      await repo.productEvent(product.id, conversationId, kind, at);
      const conversation = await messages.find(conversationId);
      if (!conversation) return;
      const mentioned = conversation.products_mentioned.includes(product.name)
        ? conversation.products_mentioned
        : [...conversation.products_mentioned, product.name];
      if (mentioned === conversation.products_mentioned && conversation.current_product_id === product.id) return;
      await repo.update(conversationId, { products_mentioned: mentioned, current_product_id: product.id });
      deps.events.publish({ type: 'conversation_update', data: { id: conversationId } });
    },
    async offer(conversationId: number, price: number, round: number) {
      await repo.update(conversationId, { current_offer_price: price, bargaining_round: round });
      deps.events.publish({ type: 'conversation_update', data: { id: conversationId } });
    },
    /**
     * The customer bought. With the deal (the product, the price of one unit,
     * how many when said), the conversation keeps it and staff get a
     * deal_accepted notification, live; the same deal agreed again changes
     * nothing and raises none. Without it only the flag is set.
     */
    async converted(conversationId: number, deal?: AgreedDeal, at = deps.now()) {
      const unitPrice = deal ? Math.round(deal.unitPrice * 100) / 100 : undefined;
      const changed = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('conversations')
          .select(['customer_name', 'customer_address', 'deal_product_name', 'deal_unit_price', 'deal_quantity'])
          .where('id', '=', conversationId)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return undefined;
        const same =
          !deal ||
          (row.deal_product_name === deal.product.name &&
            row.deal_unit_price !== null &&
            Number(row.deal_unit_price) === unitPrice &&
            // A yes that names no quantity keeps the one already said (the quote's "sawa" is such a yes).
            (deal.quantity == null || row.deal_quantity === deal.quantity));
        await trx
          .updateTable('conversations')
          .set(
            same || !deal
              ? { converted: true }
              : {
                  converted: true,
                  deal_product_id: deal.product.id,
                  deal_product_name: deal.product.name,
                  deal_unit_price: unitPrice!,
                  // The starting price when agreed: the analytics' discount is measured from it.
                  deal_list_price: sql<
                    string | null
                  >`(select starting_price from products where id = ${deal.product.id})`,
                  deal_quantity: deal.quantity ?? null,
                  deal_agreed_by: 'bot',
                  deal_agreed_at: at,
                },
          )
          .where('id', '=', conversationId)
          .execute();
        return same ? undefined : row;
      });
      deps.events.publish({ type: 'conversation_update', data: { id: conversationId } });
      if (!changed || !deal) return undefined;
      const who = changed.customer_name?.trim() || `Customer ${changed.customer_address}`;
      const quantity = deal.quantity ? ` × ${deal.quantity}` : '';
      const price = unitPrice!.toLocaleString('en-US', { maximumFractionDigits: 2 });
      return deps.notifications.create(
        conversationId,
        'deal_accepted',
        `${who} accepted ${deal.product.name} at KES ${price}${quantity}`,
      );
    },
    /**
     * What the customer said about the deal after agreeing it: how many, and
     * delivery to a zone (its name kept as the town) or collection. Only on
     * a conversation holding a deal; each detail given replaces the last.
     */
    async dealDetails(conversationId: number, details: DealDetails) {
      const columns = {
        ...(details.quantity !== undefined && { deal_quantity: details.quantity }),
        ...(details.zone && {
          deal_delivery_zone_id: details.zone.id,
          deal_delivery_town: details.zone.name,
          deal_pickup: false,
        }),
        ...(details.pickup && { deal_delivery_zone_id: null, deal_delivery_town: null, deal_pickup: true }),
      };
      if (Object.keys(columns).length === 0) return;
      const updated = await db
        .updateTable('conversations')
        .set(columns)
        .where('id', '=', conversationId)
        .where('deal_product_name', 'is not', null)
        .returning('id')
        .executeTakeFirst();
      if (updated) deps.events.publish({ type: 'conversation_update', data: { id: conversationId } });
    },
    /**
     * The bot hands over: as handoff, but only while the conversation is the
     * bot's (staff who took it over or were already called keep it as it
     * is, and no second notification is raised). Undefined when not handed over.
     */
    async botHandoff(conversationId: number, type: HandoffType, message: string, details: HandoffDetails = {}) {
      const moved = await db
        .updateTable('conversations')
        .set({ status: 'admin_required', ...handoffColumns(type, details) })
        .where('id', '=', conversationId)
        .where('status', '=', 'bot_active')
        .returning('id')
        .executeTakeFirst();
      if (!moved) return undefined;
      deps.events.publish({ type: 'conversation_update', data: { id: conversationId, status: 'admin_required' } });
      return deps.notifications.create(conversationId, type, message);
    },
    /** The bot needs a human: admin_required plus a notification. */
    async handoff(conversationId: number, type: HandoffType, message: string, details: HandoffDetails = {}) {
      await db
        .updateTable('conversations')
        .set({ status: 'admin_required', ...handoffColumns(type, details) })
        .where('id', '=', conversationId)
        .execute();
      deps.events.publish({ type: 'conversation_update', data: { id: conversationId, status: 'admin_required' } });
      return deps.notifications.create(conversationId, type, message);
    },
  };
}

type InboundService = ReturnType<typeof inboundService>;

/** A customer's message as the inbound port takes it, with what the simulator adds. */
export type CustomerMessage = InboundMessage & {
  /** 'store': the bot's replies are stored, not sent (the simulator and the demo seed have no customer to send to). */
  botReplies?: 'outbox' | 'store';
  /** When the bot answers (the demo seed's past); default: the services' clock. */
  answerAt?: Date;
};

/** A stored customer message and the bot's turn on it. */
export type ReceivedMessage = {
  conversationId: number;
  messageId: number;
  customerName: string | null;
  /** The bot's turn, queued behind the conversation's earlier ones (never rejects). */
  turn: Promise<TurnOutcome>;
};

/**
 * services.customers: the one way a customer's message comes in, for every
 * channel (server/channels, the inbound port). It is stored once per
 * (channel, external id) — a repeated delivery gives undefined and no turn —
 * then the bot's turn on it is queued on the runner built with the services.
 * The bot's replies go through the outbox to the message's channel, unless
 * the message asks them stored (the simulator's: stored at its clock, sent to no one).
 */
/**
 * Runs on a customer's stored text message before the bot's turn is queued
 * (a plain yes accepting a sent quote). A failure is logged by the caller's
 * hook itself and never loses the message or the turn.
 */
export type BeforeBot = (conversationId: number, text: string) => Promise<unknown>;

export function customerMessages(inbound: InboundService, runner: BotRunner, beforeBot?: BeforeBot) {
  return {
    /** The bot answering (BOT_MODULE, server/bot/load.ts). */
    bot: runner.bot,
    /**
     * Stores the customer's message and queues the bot's turn on it.
     * `stored` runs after the message is stored and before the turn is
     * queued (WhatsApp's webhook queues a media download there).
     */
    async customerMessage(
      message: CustomerMessage,
      hooks: { stored?: (messageId: number) => Promise<void> } = {},
    ): Promise<ReceivedMessage | undefined> {
      const { conversation, message: stored } = await inbound.channelMessage(message);
      // Already stored by an earlier delivery: not given to the bot again.
      if (!stored) return undefined;
      await hooks.stored?.(stored.id);
      if (beforeBot && message.type === 'text') await beforeBot(conversation.id, message.content).catch(() => {});
      const { answerAt } = message;
      const turn = runner.turn(
        {
          conversationId: conversation.id,
          messageId: stored.id,
          content: message.content,
          messageType: message.type,
          ...(message.attachment && { attachment: message.attachment }),
          customerName: conversation.customer_name,
          phone: message.address,
          at: message.at,
        },
        message.botReplies === 'store'
          ? { deliver: 'store', ...(answerAt && { now: () => answerAt }) }
          : { deliver: 'outbox' },
      );
      return { conversationId: conversation.id, messageId: stored.id, customerName: conversation.customer_name, turn };
    },
    /** Resolves when every bot turn queued so far has ended. */
    idle: () => runner.idle(),
  };
}

export type CustomerMessages = ReturnType<typeof customerMessages>;
