// How orders read on the dashboard beyond their states' labels (src/lib/format/order.ts): the
// payment methods, the next step staff may take, and the delivery date (a calendar day, shown as that day wherever the browser is).
import type { OrderStatus } from '../../api/generated/model/orderStatus';
import type { OrderPaymentMethod as PaymentMethod } from '../../api/generated/model/orderPaymentMethod';

export const METHOD_LABELS: Record<PaymentMethod, string> = { mpesa: 'M-Pesa', cash: 'Cash', bank: 'Bank' };

/** The one step forward from each state (the server refuses any other but Cancel). */
export const NEXT_STATUS: Record<OrderStatus, OrderStatus | null> = {
  confirmed: 'scheduled',
  scheduled: 'out_for_delivery',
  out_for_delivery: 'delivered',
  delivered: null,
  cancelled: null,
};

export const canCancel = (status: OrderStatus) => status !== 'delivered' && status !== 'cancelled';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
/** "2026-11-26" as that calendar day in the browser's locale ("Nov 26, 2026"), never the day before. */
export function formatDay(value: string): string {
  const [y, m, d] = value.split('-').map(Number);
  return day.format(new Date(y, m - 1, d));
}
