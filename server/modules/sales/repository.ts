import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The SQL of how the sales stand (Analytics → Sales, the dashboard's sales counters). Each figure
 * reads an index of its own: orders by created_at (028), payments by received_at (031), sent
 * quotes by sent_at (031), deals by deal_agreed_at (030), deals without a live quote through
 * conversations_deal_agreed and quotes_conversation.
 */
export function salesRepository(db: Kysely<DB>) {
  return {
    /** The period from `since` on, amounts in cents. */
    async period(since: Date) {
      const row = await db
        .selectNoFrom([
          sql<number>`(select count(*)::int from orders where created_at >= ${since} and status <> 'cancelled')`.as(
            'orders',
          ),
          sql<string>`(select coalesce(sum(total_cents), 0)::text from orders
            where created_at >= ${since} and status <> 'cancelled')`.as('revenue'),
          sql<string>`(select coalesce(sum(amount_cents), 0)::text from order_payments where received_at >= ${since})`.as(
            'payments',
          ),
          // A quote (its number, every revision) counts once, in the period it was first sent.
          sql<number>`(select count(*)::int from (
              select number from quotes where sent_at is not null group by number having min(sent_at) >= ${since}
            ) as sent)`.as('quotes_sent'),
          sql<number>`(select count(*)::int from (
              select number from quotes where sent_at is not null group by number having min(sent_at) >= ${since}
            ) as sent
            where exists (select 1 from quotes q join orders o on o.quote_id = q.id where q.number = sent.number))`.as(
            'quotes_converted',
          ),
          sql<number>`(select count(*)::int from conversations where deal_agreed_at >= ${since})`.as('deals'),
          // Each deal's discount from the starting price it was agreed against; a deal above it is no discount.
          sql<string | null>`(select avg(greatest(0, (deal_list_price - deal_unit_price) / deal_list_price * 100))::text
            from conversations
            where deal_agreed_at >= ${since} and deal_list_price > 0 and deal_unit_price is not null)`.as('discount'),
        ])
        .executeTakeFirstOrThrow();
      return {
        orders: row.orders,
        revenueCents: Number(row.revenue),
        paymentsCents: Number(row.payments),
        quotesSent: row.quotes_sent,
        quotesConverted: row.quotes_converted,
        deals: row.deals,
        discountPercent: row.discount === null ? null : Number(row.discount),
      };
    },

    /** Conversations holding a deal with no quote in draft, sent or accepted. */
    dealsAwaitingQuote: async () =>
      (
        await db
          .selectFrom('conversations as c')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('c.deal_agreed_at', 'is not', null)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('quotes as q')
                  .select(sql`1`.as('one'))
                  .whereRef('q.conversation_id', '=', 'c.id')
                  .where('q.status', 'in', ['draft', 'sent', 'accepted']),
              ),
            ),
          )
          .executeTakeFirstOrThrow()
      ).n,
  };
}
