// A conversation's orders as the bot tells them to the customer ("where is my
// order?"): the open ones, else the latest. One query on the index
// orders_conversation (migration 028); a conversation has a handful of orders.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { balanceCents, kes, type OrderPaymentStatus, type OrderStatus } from './mapper';

/** An order as the customer may hear of it; amounts in KES. */
type CustomerOrderView = {
  number: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  total: number;
  balance: number;
  deliveryDate: string | null;
  deliveryTown: string | null;
  pickup: boolean;
};

/** How many orders one answer names at most. */
const CUSTOMER_ORDERS_MAX = 3;

const OPEN: OrderStatus[] = ['confirmed', 'scheduled', 'out_for_delivery'];

export function customerOrdersRepository(db: Kysely<DB>) {
  return {
    /**
     * The conversation's open orders (confirmed, scheduled, out for delivery),
     * newest first, at most 3; with none open, its latest order whatever its
     * state; [] when it has none. Open orders sort first, so the 3 rows read
     * hold either the open ones or, failing any, the latest.
     */
    async forConversation(conversationId: number): Promise<CustomerOrderView[]> {
      const rows = await db
        .selectFrom('orders')
        .select([
          'number',
          'status',
          'payment_status',
          'total_cents',
          'paid_cents',
          sql<string | null>`to_char(delivery_date, 'YYYY-MM-DD')`.as('delivery_date'),
          'delivery_town',
          'pickup',
        ])
        .where('conversation_id', '=', conversationId)
        .orderBy(sql`status in ('confirmed', 'scheduled', 'out_for_delivery')`, 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(CUSTOMER_ORDERS_MAX)
        .execute();
      const open = rows.filter((row) => OPEN.includes(row.status as OrderStatus));
      return (open.length > 0 ? open : rows.slice(0, 1)).map((row) => ({
        number: row.number,
        status: row.status as OrderStatus,
        paymentStatus: row.payment_status as OrderPaymentStatus,
        total: kes(row.total_cents),
        balance: kes(balanceCents(row)),
        deliveryDate: row.delivery_date,
        deliveryTown: row.delivery_town,
        pickup: row.pickup,
      }));
    },
  };
}
