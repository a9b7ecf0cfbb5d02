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

    /**
     * The dashboard's sales counters in one statement (the summary is asked on every screen):
     * conversations holding a deal with no quote in draft, sent or accepted; open orders to
     * deliver by `lastDay` (overdue ones included, pickups excluded); and what is left to pay on
     * orders not cancelled, in cents (partial indexes orders_to_deliver and orders_outstanding).
     */
    standing: async (lastDay: string) => {
      const row = await db
        .selectNoFrom([
          sql<number>`(select count(*)::int from conversations c
            where c.deal_agreed_at is not null
              and not exists (select 1 from quotes q
                where q.conversation_id = c.id and q.status in ('draft', 'sent', 'accepted')))`.as('deals'),
          sql<number>`(select count(*)::int from orders
            where status in ('confirmed', 'scheduled', 'out_for_delivery') and not pickup
              and delivery_date <= ${lastDay}::date)`.as('to_deliver'),
          sql<string>`(select coalesce(sum(total_cents - paid_cents), 0)::text from orders
            where status <> 'cancelled' and paid_cents < total_cents)`.as('outstanding'),
          // M-Pesa money on no order and not dismissed (partial index mpesa_payments_unmatched).
          sql<number>`(select count(*)::int from mpesa_payments
            where status = 'succeeded' and order_id is null and not dismissed)`.as('unmatched'),
        ])
        .executeTakeFirstOrThrow();
      return {
        deals: row.deals,
        toDeliver: row.to_deliver,
        outstandingCents: Number(row.outstanding),
        unmatchedPayments: row.unmatched,
      };
    },
  };
}
