// A payment a provider reports with the account number the customer typed
// (M-Pesa's BillRefNumber): recorded on the order that number names, an
// order's own (SO00042) or its quote's (Q00042, the order made from it),
// through recordPayment, so it is counted once per (method, reference) and
// never above the balance. Asked again for a payment already recorded, it
// answers the same order. What cannot be recorded is answered in words.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { HttpError } from '../../app/errors';
import type { PaymentMethod } from './mapper';
import type { ordersService } from './service';

export type PaymentByReference = {
  /** What the customer typed: compared trimmed and in capitals. */
  accountReference: string;
  amountCents: number;
  /** The provider's receipt: the payment's reference on the order. */
  receipt: string;
  receivedAt?: Date;
};

export function paymentsByReference(
  db: Kysely<DB>,
  recordPayment: ReturnType<typeof ordersService>['recordPayment'],
  method: PaymentMethod,
  /** The name the order's history shows for the payment. */
  by: string,
) {
  const recorded = (reference: string) =>
    db
      .selectFrom('order_payments')
      .select('order_id')
      .where('method', '=', method)
      .where('reference', '=', reference)
      .executeTakeFirst();

  return async (payment: PaymentByReference): Promise<{ orderId: number } | { orderId: null; reason: string }> => {
    const receipt = payment.receipt.trim().toUpperCase();
    const known = await recorded(receipt);
    if (known) return { orderId: known.order_id };
    const account = payment.accountReference.trim().toUpperCase();
    if (account === '') return { orderId: null, reason: 'no account number was given: no order to pay' };
    const order = await db
      .selectFrom('orders')
      .select(['id', 'number'])
      .where((eb) => eb.or([eb('number', '=', account), eb('quote_number', '=', account)]))
      .orderBy('id')
      .executeTakeFirst();
    if (!order) return { orderId: null, reason: `no order or quote is numbered "${account.slice(0, 40)}"` };
    try {
      await recordPayment(
        order.id,
        {
          amount: payment.amountCents / 100,
          method,
          reference: receipt,
          receivedAt: payment.receivedAt?.toISOString(),
        },
        by,
      );
      return { orderId: order.id };
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      // Recorded meanwhile (the same payment processed twice at once): the same order.
      const now = await recorded(receipt);
      if (now) return { orderId: now.order_id };
      return {
        orderId: null,
        reason: error.message.startsWith('Order ') ? error.message : `order ${order.number}: ${error.message}`,
      };
    }
  };
}

/** An order as a provider's payment requests and matches need it. */
export type OrderToPay = {
  id: number;
  number: string;
  status: string;
  balanceCents: number;
  /** The customer's phone as the order shows it. */
  customerPhone: string;
};

/**
 * A payment put on an order named by id (a payment request's order, or the
 * one staff chose for an unmatched payment), through recordPayment: once per
 * (method, reference), never above the balance. Recorded on this order
 * already, it answers as if recorded now; every refusal is the orders
 * service's HttpError, in words.
 */
export function paymentsOnOrder(
  db: Kysely<DB>,
  orders: Pick<ReturnType<typeof ordersService>, 'recordPayment' | 'get'>,
  method: PaymentMethod,
) {
  return {
    async find(orderId: number): Promise<OrderToPay | undefined> {
      try {
        const order = await orders.get(orderId);
        return {
          id: order.id,
          number: order.number,
          status: order.status,
          balanceCents: Math.round(order.balance * 100),
          customerPhone: order.customerPhone,
        };
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return undefined;
        throw error;
      }
    },
    async record(
      orderId: number,
      payment: { amountCents: number; receipt: string; receivedAt?: Date },
      by: string,
    ): Promise<void> {
      const reference = payment.receipt.trim().toUpperCase();
      try {
        await orders.recordPayment(
          orderId,
          { amount: payment.amountCents / 100, method, reference, receivedAt: payment.receivedAt?.toISOString() },
          by,
        );
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 409) throw error;
        const known = await db
          .selectFrom('order_payments')
          .select('order_id')
          .where('method', '=', method)
          .where('reference', '=', reference)
          .executeTakeFirst();
        if (known?.order_id !== orderId) throw error;
      }
    },
  };
}
