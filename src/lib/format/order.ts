// How an order's two states read on screen (openapi.yaml OrderStatus and OrderPaymentStatus):
// the Orders screens and an order's card in a conversation's thread.
import type { OrderPaymentStatus } from '../../api/generated/model/orderPaymentStatus';
import type { OrderStatus } from '../../api/generated/model/orderStatus';
import type { BadgeVariant } from '../../components/ui/variant-badge';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  confirmed: 'Confirmed',
  scheduled: 'Scheduled',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const PAYMENT_LABELS: Record<OrderPaymentStatus, string> = {
  unpaid: 'Unpaid',
  deposit_paid: 'Deposit paid',
  paid: 'Paid',
  refunded: 'Refunded',
};

export const STATUS_VARIANTS: Record<OrderStatus, BadgeVariant> = {
  confirmed: 'secondary',
  scheduled: 'default',
  out_for_delivery: 'default',
  delivered: 'success',
  cancelled: 'destructive',
};

export const PAYMENT_VARIANTS: Record<OrderPaymentStatus, BadgeVariant> = {
  unpaid: 'outline',
  deposit_paid: 'secondary',
  paid: 'success',
  refunded: 'destructive',
};
