import { useSearchParams } from 'react-router-dom';
import type { ListOrdersParams } from '../../api/generated/model/listOrdersParams';
import type { OrderPaymentStatus } from '../../api/generated/model/orderPaymentStatus';
import type { OrderStatus } from '../../api/generated/model/orderStatus';
import { PAYMENT_LABELS, STATUS_LABELS } from '../../lib/format/order';

export type OrderFilters = { search?: string; status?: OrderStatus; paymentStatus?: OrderPaymentStatus };

const isStatus = (value: string | null): value is OrderStatus => value !== null && value in STATUS_LABELS;
const isPayment = (value: string | null): value is OrderPaymentStatus => value !== null && value in PAYMENT_LABELS;

/** The list's filters, kept in the address so that a link or a reload keeps them. */
export function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const paymentStatus = params.get('paymentStatus');
  const filters: OrderFilters = {
    search: params.get('search')?.trim() || undefined,
    status: isStatus(status) ? status : undefined,
    paymentStatus: isPayment(paymentStatus) ? paymentStatus : undefined,
  };
  const update = (change: Partial<OrderFilters>) => {
    const next = { ...filters, ...change };
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(next)) if (value) query.set(name, value);
    setParams(query, { replace: true });
  };
  return { filters, update };
}

/** The list call's parameters: only the filters set. */
export const toListParams = (filters: OrderFilters): ListOrdersParams =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
