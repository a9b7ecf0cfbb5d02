import type { Kysely } from 'kysely';
import type { DB, OutboxTemplate } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../app/errors';
import type { ListSource } from '../../app/paging';
import type { EventBus } from '../../realtime/events';
import { windowOpen } from '../conversations/mapper';
import { conversationsRepository } from '../conversations/repository';
import {
  fillTemplate,
  outboxTemplate,
  placeholders,
  type messageTemplatesService,
  type StoredTemplate,
} from '../message-templates/service';
import {
  balanceCents,
  kesText,
  METHOD_LABELS,
  paymentStatusOf,
  STATUS_LABELS,
  toOrderDetail,
  type OrderDetail,
  type OrderStatus,
  type PaymentMethod,
} from './mapper';
import { ordersRepository, type OrderFilter } from './repository';
import type { AcceptedBy, AcceptedQuote } from '../quotes/accepted';

/** What an accepted quote hands over to become an order (amounts in cents): the quotes module's own type. */
export type NewOrderFromQuote = AcceptedQuote;

/** Who acts on an order: the customer (accepting a quote in the chat) or a signed-in staff member. */
export type OrderActor = AcceptedBy;

/**
 * The moves staff may make: one step along confirmed → scheduled →
 * out_for_delivery → delivered, or cancelled from any state before delivered.
 */
export const NEXT_STATUS: Record<OrderStatus, OrderStatus | null> = {
  confirmed: 'scheduled',
  scheduled: 'out_for_delivery',
  out_for_delivery: 'delivered',
  delivered: null,
  cancelled: null,
};
export const canMove = (from: OrderStatus, to: OrderStatus) =>
  NEXT_STATUS[from] === to || (to === 'cancelled' && from !== 'delivered' && from !== 'cancelled');

/** The short message a customer gets about their order's new state, in their language. */
export function customerMessage(number: string, status: OrderStatus, language: string | null, date: string | null) {
  const on = date ? ` on ${date}` : '';
  const siku = date ? ` tarehe ${date}` : '';
  if (language === 'sw')
    return {
      scheduled: `Oda yako ${number} imepangiwa kuletwa${siku}.`,
      out_for_delivery: `Oda yako ${number} iko njiani kukuletea.`,
      delivered: `Oda yako ${number} imefika. Asante kwa kununua kwetu!`,
      cancelled: `Oda yako ${number} imesitishwa. Wasiliana nasi ukiwa na swali.`,
      confirmed: `Oda yako ${number} imethibitishwa.`,
    }[status];
  return {
    scheduled: `Your order ${number} is scheduled for delivery${on}.`,
    out_for_delivery: `Your order ${number} is on its way.`,
    delivered: `Your order ${number} has been delivered. Thank you for buying from us!`,
    cancelled: `Your order ${number} has been cancelled. Reply here if you have any questions.`,
    confirmed: `Your order ${number} is confirmed.`,
  }[status];
}

/** The approved UTILITY template an order's news goes as once the 24-hour window has closed. */
export const ORDER_TEMPLATE = 'order_update';
export const NOT_TOLD_WINDOW_CLOSED = `The customer was not told: the 24-hour reply window has closed and no approved ${ORDER_TEMPLATE} template exists`;
/** The values the template takes, in order: the customer's name, the order's number, its news. */
const TEMPLATE_VALUES = 3;

/**
 * The order's news as {{3}} of the template `order_update`, in the
 * template's language: "Hello {{1}}, an update on your order {{2}}: {{3}}. …"
 * (Swahili: "Habari {{1}}, taarifa kuhusu oda yako {{2}}: {{3}}. …").
 */
export function orderNews(status: OrderStatus, language: string, date: string | null) {
  if (language === 'sw')
    return {
      scheduled: date ? `imepangiwa kuletwa tarehe ${date}` : 'imepangiwa kuletwa',
      out_for_delivery: 'iko njiani kukuletea',
      delivered: 'imefika, asante kwa kununua kwetu',
      cancelled: 'imesitishwa',
      confirmed: 'imethibitishwa',
    }[status];
  return {
    scheduled: date ? `it is scheduled for delivery on ${date}` : 'it is scheduled for delivery',
    out_for_delivery: 'it is on its way to you',
    delivered: 'it has been delivered, thank you for buying from us',
    cancelled: 'it has been cancelled',
    confirmed: 'it is confirmed',
  }[status];
}

const isCents = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= 2147483647;

/** KES as cents, refusing more than 2 decimals. */
export function toCents(amount: number): number {
  const cents = Math.round(amount * 100);
  if (!Number.isFinite(amount) || Math.abs(cents - amount * 100) > 1e-6)
    throw badRequest('An amount has at most 2 decimals');
  return cents;
}

/** A real calendar day in YYYY-MM-DD, or a 400. */
function checkDate(text: string) {
  const at = new Date(`${text}T00:00:00.000Z`);
  // Years the business could deliver in (and PostgreSQL stores: it has no year 0).
  const year = Number(text.slice(0, 4));
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(text) ||
    Number.isNaN(at.getTime()) ||
    at.toISOString().slice(0, 10) !== text ||
    year < 2000 ||
    year > 2999
  )
    throw badRequest(`Not a date: ${text}`);
}

export type OrdersDeps = {
  events: EventBus;
  now: () => Date;
  outboxChanged: () => void;
  /** The approved templates: an order's news goes as `order_update` outside the 24-hour window. */
  templates: Pick<ReturnType<typeof messageTemplatesService>, 'byName'>;
};

export function ordersService(db: Kysely<DB>, deps: OrdersDeps) {
  const repo = ordersRepository(db);
  /** Every open dashboard refetches the order (asyncapi.yaml order_updated). */
  const announce = (order: {
    id: number;
    status: OrderStatus;
    paymentStatus: OrderDetail['paymentStatus'];
    conversationId: number;
  }) =>
    deps.events.publish({
      type: 'order_updated',
      data: {
        orderId: order.id,
        status: order.status,
        paymentStatus: order.paymentStatus,
        conversationId: order.conversationId,
      },
    });

  async function detail(tx: ReturnType<typeof ordersRepository>, id: number) {
    const row = await tx.find(id);
    if (!row) throw notFound();
    const [lines, payments, events] = [await tx.lines(id), await tx.payments(id), await tx.events(id)];
    return toOrderDetail(row, lines, payments, events);
  }

  return {
    /**
     * The order of an accepted quote: made once. A second call for the same
     * quote (again, or at the same moment) answers the order the first made.
     */
    async createFromQuote(input: NewOrderFromQuote, by: OrderActor): Promise<{ id: number; number: string }> {
      const amounts = [input.deliveryFeeCents, input.discountCents, input.totalCents, input.depositCents];
      const lineAmounts = input.lines.flatMap((l) => [l.unitPriceCents, l.installationCents, l.lineTotalCents]);
      if (![...amounts, ...lineAmounts].every(isCents)) throw badRequest('Amounts are whole cents of 0 or more');
      if (input.depositCents > input.totalCents) throw badRequest('The deposit is more than the total');
      if (input.lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < 1))
        throw badRequest('A quantity is a whole number of 1 or more');
      const known = await repo.findByQuote(input.quoteId);
      if (known) return { id: known.id, number: known.number };
      const created = await db.transaction().execute(async (trx) => {
        const tx = ordersRepository(trx);
        const conversation = await tx.conversation(input.conversationId);
        if (!conversation) throw notFound();
        const now = deps.now();
        const made = await tx.insertOnce({
          quote_id: input.quoteId,
          quote_number: input.quoteNumber,
          conversation_id: input.conversationId,
          customer_name: conversation.customer_name,
          customer_phone: conversation.customer_address,
          subtotal_cents: input.lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
          delivery_fee_cents: input.deliveryFeeCents,
          discount_cents: input.discountCents,
          total_cents: input.totalCents,
          deposit_cents: input.depositCents,
          delivery_zone_id: input.deliveryZoneId,
          delivery_town: input.pickup ? null : input.deliveryTown,
          pickup: input.pickup,
          created_at: now,
          updated_at: now,
        });
        if (!made) {
          // Another acceptance of the same quote made it first.
          const first = await tx.findByQuote(input.quoteId);
          return { id: first!.id, number: first!.number, made: false };
        }
        await tx.insertLines(made.id, input.lines);
        await tx.addEvent(
          made.id,
          now,
          by.kind === 'customer' ? 'customer' : by.username,
          'created',
          `Order ${made.number} made from quote ${input.quoteNumber}`,
        );
        return { ...made, made: true };
      });
      if (created.made)
        announce({
          id: created.id,
          status: 'confirmed',
          paymentStatus: 'unpaid',
          conversationId: input.conversationId,
        });
      return { id: created.id, number: created.number };
    },

    /** The list or a search, paged or whole (paging.ts); a cursor of other filters is refused. */
    listSource(filter: OrderFilter): ListSource {
      const only: OrderFilter = {
        search: filter.search?.trim() || undefined,
        status: filter.status,
        paymentStatus: filter.paymentStatus,
      };
      return {
        scope: `orders:${JSON.stringify(only)}`,
        page: (after, limit, withTotal) => repo.page(only, after, limit, withTotal),
        count: () => repo.count(only),
      };
    },

    get: (id: number) => detail(repo, id),

    /** Delivery date, address, town: left out kept, null cleared; not once delivered or cancelled. */
    async update(
      id: number,
      change: { deliveryDate?: string | null; deliveryAddress?: string | null; deliveryTown?: string | null },
      username: string,
    ) {
      if (change.deliveryDate) checkDate(change.deliveryDate);
      const order = await db.transaction().execute(async (trx) => {
        const tx = ordersRepository(trx);
        const row = await tx.lock(id);
        if (!row) throw notFound();
        if (row.status === 'delivered' || row.status === 'cancelled')
          throw conflict(`Order ${row.number} is ${row.status}: its delivery can no longer change`);
        const now = deps.now();
        const values: Parameters<typeof tx.update>[1] = { updated_at: now };
        if (change.deliveryDate !== undefined) values.delivery_date = change.deliveryDate;
        if (change.deliveryAddress !== undefined) values.delivery_address = change.deliveryAddress?.trim() ?? null;
        if (change.deliveryTown !== undefined) values.delivery_town = change.deliveryTown?.trim() ?? null;
        await tx.update(id, values);
        if (change.deliveryDate !== undefined && change.deliveryDate !== row.delivery_date)
          await tx.addEvent(
            id,
            now,
            username,
            'delivery_scheduled',
            change.deliveryDate ? `Delivery on ${change.deliveryDate}` : 'Delivery date cleared',
          );
        const where = [
          change.deliveryAddress !== undefined && change.deliveryAddress !== row.delivery_address
            ? `address: ${change.deliveryAddress ?? 'none'}`
            : null,
          change.deliveryTown !== undefined && change.deliveryTown !== row.delivery_town
            ? `town: ${change.deliveryTown ?? 'none'}`
            : null,
        ].filter(Boolean);
        if (where.length > 0) await tx.addEvent(id, now, username, 'note', `Delivery ${where.join(', ')}`);
        return detail(tx, id);
      });
      announce(order);
      return order;
    },

    /**
     * One step along the order's way, or cancelled; any other move is 409.
     * With tellCustomer, a short message in the customer's language is queued
     * as staff replies are, while WhatsApp's 24-hour window is open; after
     * it, the news goes as the approved template `order_update` (its Swahili
     * version for a customer writing Swahili, when there is one). Without
     * that template nothing is sent, the change is still made, and the
     * timeline says why.
     */
    async changeStatus(id: number, status: OrderStatus, tellCustomer: boolean, username: string) {
      // Read before the transaction: PGlite has one connection, which the transaction holds.
      const templates = tellCustomer
        ? {
            en: await deps.templates.byName(ORDER_TEMPLATE, 'en'),
            sw: await deps.templates.byName(ORDER_TEMPLATE, 'sw'),
          }
        : undefined;
      let told: number | undefined;
      const order = await db.transaction().execute(async (trx) => {
        const tx = ordersRepository(trx);
        const row = await tx.lock(id);
        if (!row) throw notFound();
        const from = row.status as OrderStatus;
        if (!canMove(from, status))
          throw conflict(
            `Order ${row.number} is ${STATUS_LABELS[from].toLowerCase()}: it cannot go to ${STATUS_LABELS[status].toLowerCase()}`,
          );
        const now = deps.now();
        await tx.update(id, { status, updated_at: now });
        await tx.addEvent(id, now, username, 'status_changed', `${STATUS_LABELS[from]} → ${STATUS_LABELS[status]}`);
        if (tellCustomer) {
          const conversation = await tx.conversation(row.conversation_id);
          const news = !conversation
            ? { refused: NOT_TOLD_WINDOW_CLOSED }
            : windowOpen(conversation, now)
              ? {
                  content: customerMessage(row.number, status, conversation.customer_language, row.delivery_date),
                  template: null,
                }
              : templateNews(templates?.[conversation.customer_language === 'sw' ? 'sw' : 'en'], row, status);
          if (conversation && 'content' in news) {
            const messages = conversationsRepository(trx, deps.now);
            const type = news.template ? 'template' : 'text';
            const message = await messages.addMessage(conversation.id, 'admin', news.content, type, now, 'queued');
            await messages.enqueueOutbox(conversation, news.content, 'admin_reply', message.id, news.template);
            await tx.addEvent(
              id,
              now,
              username,
              'customer_told',
              news.template
                ? `Sent as the approved template ${ORDER_TEMPLATE}, the 24-hour reply window having closed: ${news.content}`
                : news.content,
            );
            told = conversation.id;
          } else
            await tx.addEvent(id, now, username, 'note', 'refused' in news ? news.refused : NOT_TOLD_WINDOW_CLOSED);
        }
        return detail(tx, id);
      });
      announce(order);
      if (told !== undefined) {
        deps.events.publish({ type: 'conversation_update', data: { id: told } });
        deps.outboxChanged();
      }
      return order;
    },

    /**
     * A payment received: counted once per (method, reference), never above
     * the balance; the order's paid amount and payment state move with it.
     */
    async recordPayment(
      id: number,
      payment: { amount: number; method: PaymentMethod; reference: string; receivedAt?: string },
      username: string,
    ) {
      const cents = toCents(payment.amount);
      const received = payment.receivedAt === undefined ? undefined : new Date(payment.receivedAt);
      if (
        received &&
        (Number.isNaN(received.getTime()) || received.getUTCFullYear() < 2000 || received.getUTCFullYear() > 2999)
      )
        throw badRequest(`Not a date and time: ${payment.receivedAt}`);
      if (cents <= 0) throw badRequest('A payment is more than KES 0');
      const reference = payment.method === 'mpesa' ? payment.reference.trim().toUpperCase() : payment.reference.trim();
      const duplicate = () => conflict(`Payment ${METHOD_LABELS[payment.method]} ${reference} is already recorded`);
      const order = await db.transaction().execute(async (trx) => {
        const tx = ordersRepository(trx);
        const row = await tx.lock(id);
        if (!row) throw notFound();
        if (row.status === 'cancelled') throw conflict(`Order ${row.number} is cancelled: no payment can be recorded`);
        const known = await trx
          .selectFrom('order_payments')
          .select('id')
          .where('method', '=', payment.method)
          .where('reference', '=', reference)
          .executeTakeFirst();
        if (known) throw duplicate();
        const balance = balanceCents(row);
        if (cents > balance) throw badRequest(`The payment is more than the balance of ${kesText(balance)}`);
        const now = deps.now();
        const inserted = await tx.insertPaymentOnce({
          order_id: id,
          amount_cents: cents,
          method: payment.method,
          reference,
          received_at: received ?? now,
          recorded_by: username,
        });
        if (!inserted) throw duplicate();
        const paid = row.paid_cents + cents;
        await tx.update(id, {
          paid_cents: paid,
          payment_status: paymentStatusOf({ ...row, paid_cents: paid }, row.payment_status),
          updated_at: now,
        });
        await tx.addEvent(
          id,
          now,
          username,
          'payment_recorded',
          `${kesText(cents)} by ${METHOD_LABELS[payment.method]} (${reference})`,
        );
        return detail(tx, id);
      });
      announce(order);
      return order;
    },
  };
}

/**
 * The order's news as the approved template: its text as the customer reads
 * it and the outbox's template, with the customer's name (else "there", or
 * "mteja" — customer — in Swahili), the order's number and the news, all in
 * the template's own language. No template, or one asking for more values
 * than those three, is refused in words: the status still changes.
 */
function templateNews(
  template: StoredTemplate | undefined,
  row: { number: string; customer_name: string | null; delivery_date: string | null },
  status: OrderStatus,
): { content: string; template: OutboxTemplate } | { refused: string } {
  if (!template) return { refused: NOT_TOLD_WINDOW_CLOSED };
  const wanted = placeholders(template.body, template.parameterFormat).length;
  if (wanted > TEMPLATE_VALUES)
    return {
      refused: `The customer was not told: the 24-hour reply window has closed and the approved ${ORDER_TEMPLATE} template asks for ${wanted} values, more than the ${TEMPLATE_VALUES} an order gives (customer name, order number, the news)`,
    };
  const values = [
    row.customer_name?.trim() || (template.language === 'sw' ? 'mteja' : 'there'),
    row.number,
    orderNews(status, template.language, row.delivery_date),
  ].slice(0, wanted);
  return { content: fillTemplate(template, values), template: outboxTemplate(template, values) };
}
