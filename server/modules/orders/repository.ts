import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { beyond, keyAt, type JsonRow, type Key } from '../../app/paging';
import { toOrder, type OrderRow } from './mapper';

export type OrderFilter = {
  search?: string;
  status?: string;
  paymentStatus?: string;
};

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function ordersRepository(db: Kysely<DB> | Transaction<DB>) {
  /** Every column but the search text, the date as YYYY-MM-DD. */
  const orderColumns = () =>
    db
      .selectFrom('orders')
      .select([
        'id',
        'number',
        'quote_id',
        'quote_number',
        'conversation_id',
        'customer_name',
        'customer_phone',
        'status',
        'payment_status',
        'subtotal_cents',
        'delivery_fee_cents',
        'discount_cents',
        'total_cents',
        'deposit_cents',
        'paid_cents',
        'delivery_zone_id',
        'delivery_town',
        'delivery_address',
        sql<string | null>`to_char(delivery_date, 'YYYY-MM-DD')`.as('delivery_date'),
        'pickup',
        'created_at',
        'updated_at',
      ]);

  /**
   * The orders matching every given filter. The search is "contains" over the
   * folded number, name and phone digits (the trigram index of migration 028);
   * a number typed as staff know it ("0722…") also finds "254722…".
   */
  function filtered(filter: OrderFilter) {
    let query = orderColumns();
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.paymentStatus) query = query.where('payment_status', '=', filter.paymentStatus);
    const typed = filter.search?.trim().toLowerCase();
    if (typed) {
      const patterns = [typed];
      const digits = typed.replace(/[\s+()-]/g, '');
      if (/^\d+$/.test(digits)) {
        if (digits !== typed) patterns.push(digits);
        if (digits.startsWith('0') && digits.length > 1) patterns.push(`254${digits.slice(1)}`);
      }
      query = query.where((eb) => eb.or(patterns.map((p) => eb('search_folded', 'like', `%${likeEscape(p)}%`))));
    }
    return query;
  }

  /**
   * How many orders match: without a search, from the counts per status and
   * payment status the triggers of migration 028 keep (a few rows, exact);
   * a search from the orders its trigram index finds.
   */
  const countOf = (filter: OrderFilter) =>
    filter.search?.trim()
      ? sql<number>`(${filtered(filter)
          .clearSelect()
          .select(sql<number>`count(*)::int`.as('n'))})`
      : sql<number>`(select coalesce(sum(n), 0)::int from order_counts where true
          ${filter.status ? sql`and status = ${filter.status}` : sql``}
          ${filter.paymentStatus ? sql`and payment_status = ${filter.paymentStatus}` : sql``})`;

  return {
    /** Newest first, after `after`: the list's keyset order (indexes orders_*created_at). */
    async page(filter: OrderFilter, after: Key | undefined, limit: number, withTotal = false): Promise<JsonRow[]> {
      const rows = await filtered(filter)
        .select(keyAt('created_at').as('at'))
        .$if(withTotal, (query) => query.select(countOf(filter).as('total')))
        .$if(after !== undefined, (query) => query.where(beyond('created_at', after!, '<')))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => {
        const { at, total, ...order } = row as typeof row & { at: string; total?: number };
        return { at, id: order.id, json: JSON.stringify(toOrder(order as OrderRow)), ...(withTotal && { total }) };
      });
    },
    count: async (filter: OrderFilter) => (await db.selectNoFrom(countOf(filter).as('n')).executeTakeFirstOrThrow()).n,
    find: (id: number) => filtered({}).where('id', '=', id).executeTakeFirst() as Promise<OrderRow | undefined>,
    /** The order, its row locked until the transaction ends (payments and moves one at a time). */
    lock: (id: number) =>
      filtered({}).where('id', '=', id).forUpdate().executeTakeFirst() as Promise<OrderRow | undefined>,
    findByQuote: (quoteId: number) =>
      filtered({}).where('quote_id', '=', quoteId).executeTakeFirst() as Promise<OrderRow | undefined>,
    lines: (orderId: number) =>
      db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute(),
    payments: (orderId: number) =>
      db
        .selectFrom('order_payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('received_at')
        .orderBy('id')
        .execute(),
    events: (orderId: number) =>
      db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('at').orderBy('id').execute(),
    addEvent: (orderId: number, at: Date, by: string, event: string, text: string) =>
      db.insertInto('order_events').values({ order_id: orderId, at, by_name: by, event, text }).execute(),
    conversation: (id: number) =>
      db
        .selectFrom('conversations')
        .select(['id', 'customer_name', 'customer_address', 'channel', 'customer_language', 'last_customer_message_at'])
        .where('id', '=', id)
        .executeTakeFirst(),
    /**
     * Inserts the order unless its quote has one already (the unique index
     * orders_quote): undefined then, and nothing is written.
     */
    insertOnce: (values: {
      quote_id: number;
      quote_number: string;
      conversation_id: number;
      customer_name: string | null;
      customer_phone: string;
      subtotal_cents: number;
      delivery_fee_cents: number;
      discount_cents: number;
      total_cents: number;
      deposit_cents: number;
      delivery_zone_id: number | null;
      delivery_town: string | null;
      pickup: boolean;
      created_at: Date;
      updated_at: Date;
    }) =>
      db
        .insertInto('orders')
        .values(values)
        .onConflict((oc) => oc.column('quote_id').where('quote_id', 'is not', null).doNothing())
        .returning(['id', 'number'])
        .executeTakeFirst(),
    insertLines: (
      orderId: number,
      lines: {
        productId: number | null;
        description: string;
        quantity: number;
        unitPriceCents: number;
        installationCents: number;
        lineTotalCents: number;
      }[],
    ) =>
      lines.length === 0
        ? Promise.resolve()
        : db
            .insertInto('order_lines')
            .values(
              lines.map((line, position) => ({
                order_id: orderId,
                position,
                product_id: line.productId,
                description: line.description,
                quantity: line.quantity,
                unit_price_cents: line.unitPriceCents,
                installation_cents: line.installationCents,
                line_total_cents: line.lineTotalCents,
              })),
            )
            .execute()
            .then(() => undefined),
    update: (
      id: number,
      values: Partial<{
        status: string;
        payment_status: string;
        paid_cents: number;
        delivery_date: string | null;
        delivery_address: string | null;
        delivery_town: string | null;
        updated_at: Date;
      }>,
    ) => db.updateTable('orders').set(values).where('id', '=', id).execute(),
    /** The payment, unless its (method, reference) is recorded already: undefined then. */
    insertPaymentOnce: (values: {
      order_id: number;
      amount_cents: number;
      method: string;
      reference: string;
      received_at: Date;
      recorded_by: string;
    }) =>
      db
        .insertInto('order_payments')
        .values(values)
        .onConflict((oc) => oc.columns(['method', 'reference']).doNothing())
        .returning('id')
        .executeTakeFirst(),
  };
}
