import type { Selectable } from 'kysely';
import type { components } from '../../app/openapi/types';
import type { OrderEventsTable, OrderLinesTable, OrderPaymentsTable, OrdersTable } from '../../db/schema';

export type Order = components['schemas']['Order'];
export type OrderDetail = components['schemas']['OrderDetail'];
export type OrderStatus = components['schemas']['OrderStatus'];
export type OrderPaymentStatus = components['schemas']['OrderPaymentStatus'];
export type PaymentMethod = components['schemas']['OrderPaymentMethod'];
type OrderEventKind = components['schemas']['OrderEvent']['event'];

/** An order's row as the repository reads it: the date as text (YYYY-MM-DD), never a local-midnight Date. */
export type OrderRow = Omit<Selectable<OrdersTable>, 'delivery_date' | 'search_folded'> & {
  delivery_date: string | null;
};
export type OrderLineRow = Selectable<OrderLinesTable>;
export type OrderPaymentRow = Selectable<OrderPaymentsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;

/** Cents as the contract's KES amount (2 decimals at most). */
export const kes = (cents: number) => cents / 100;

/** KES as staff read it in a message: "KES 66,500.00". */
export const kesText = (cents: number) =>
  `KES ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What is left to pay: never below zero. */
export const balanceCents = (row: Pick<OrderRow, 'total_cents' | 'paid_cents'>) =>
  Math.max(0, row.total_cents - row.paid_cents);

/**
 * The payment state the amounts give: paid once the total is reached,
 * deposit_paid once the deposit is (and something was paid), else unpaid. A
 * refunded order stays refunded.
 */
export function paymentStatusOf(
  row: Pick<OrderRow, 'total_cents' | 'paid_cents' | 'deposit_cents'>,
  previous?: string,
): OrderPaymentStatus {
  if (previous === 'refunded') return 'refunded';
  if (row.paid_cents >= row.total_cents && row.paid_cents > 0) return 'paid';
  if (row.paid_cents > 0 && row.paid_cents >= row.deposit_cents) return 'deposit_paid';
  return 'unpaid';
}

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    number: row.number,
    conversationId: row.conversation_id,
    customerName: row.customer_name,
    customerPhone: row.customer_phone,
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as OrderPaymentStatus,
    total: kes(row.total_cents),
    paid: kes(row.paid_cents),
    balance: kes(balanceCents(row)),
    deliveryDate: row.delivery_date,
    deliveryTown: row.delivery_town,
    pickup: row.pickup,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toOrderDetail(
  row: OrderRow,
  lines: OrderLineRow[],
  payments: OrderPaymentRow[],
  events: OrderEventRow[],
): OrderDetail {
  return {
    ...toOrder(row),
    quoteId: row.quote_id,
    quoteNumber: row.quote_number,
    lines: lines.map((line) => ({
      productId: line.product_id,
      description: line.description,
      quantity: line.quantity,
      unitPrice: kes(line.unit_price_cents),
      installationPerUnit: kes(line.installation_cents),
      lineTotal: kes(line.line_total_cents),
    })),
    subtotal: kes(row.subtotal_cents),
    deliveryFee: kes(row.delivery_fee_cents),
    discount: kes(row.discount_cents),
    deposit: kes(row.deposit_cents),
    deliveryAddress: row.delivery_address,
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: kes(payment.amount_cents),
      method: payment.method as PaymentMethod,
      reference: payment.reference,
      receivedAt: payment.received_at.toISOString(),
      recordedBy: payment.recorded_by,
    })),
    timeline: events.map((event) => ({
      at: event.at.toISOString(),
      by: event.by_name,
      event: event.event as OrderEventKind,
      text: event.text,
    })),
  };
}

export const STATUS_LABELS: Record<OrderStatus, string> = {
  confirmed: 'Confirmed',
  scheduled: 'Scheduled',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const METHOD_LABELS: Record<PaymentMethod, string> = { mpesa: 'M-Pesa', cash: 'cash', bank: 'bank transfer' };
