// How a notification reads on screen: its type's label and badge, the unread subtitle.
import type { Notification } from '../../api/generated/model/notification';
import { hasTotalCount, totalCount, type Page } from '../../api/paging';
import type { NotificationType } from '../../api/generated/model/notificationType';
import type { BadgeVariant } from '../../components/ui/variant-badge';

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  product_not_found: 'Product Not Found',
  delivery_inquiry: 'Delivery Inquiry',
  payment_inquiry: 'Payment Inquiry',
  unclear_request: 'Unclear Request',
  // Beyond the spec: the customer agreed a price with the chatbot.
  deal_accepted: 'Deal Accepted',
};

/**
 * Unclear Request is destructive, the others default or secondary.
 * A missing product is the one the business can act on (stock it), so it gets
 * the stronger default; delivery and payment questions are routine; an
 * accepted deal is good news (success).
 */
export const NOTIFICATION_TYPE_VARIANTS: Record<NotificationType, BadgeVariant> = {
  product_not_found: 'default',
  delivery_inquiry: 'secondary',
  payment_inquiry: 'secondary',
  unclear_request: 'destructive',
  deal_accepted: 'success',
};

/**
 * Who a notification is about: the customer's name, else their number; undefined from a backend
 * that does not send them (the card then shows as the spec's).
 */
export function notificationCustomer(
  notification: Pick<Notification, 'customerName' | 'customerPhone'>,
): string | undefined {
  return notification.customerName?.trim() || notification.customerPhone || undefined;
}

/** '{n} unread notification(s)' or 'All caught up'. */
export function unreadSubtitle(unread: number): string {
  if (unread <= 0) return 'All caught up';
  return `${unread} unread ${unread === 1 ? 'notification' : 'notifications'}`;
}

export const countUnread = (notifications: readonly Notification[]): number =>
  notifications.filter((n) => !n.isRead).length;

// The optimistic cache edits of marking read (see use-mark-read.ts).

/** The list with notification `id` read. */
export const withRead = (list: readonly Notification[], id: number): Notification[] =>
  list.map((n) => (n.id === id && !n.isRead ? { ...n, isRead: true } : n));

/** The list with every notification read. */
export const withAllRead = (list: readonly Notification[]): Notification[] =>
  list.map((n) => (n.isRead ? n : { ...n, isRead: true }));

/** The unread list without notification `id`. */
export const withoutId = (list: readonly Notification[], id: number): Notification[] => list.filter((n) => n.id !== id);

/**
 * The unread answer (the count's source) once `ids` (or every notification) are read: the
 * items leave it and X-Total-Count, when the server sent one, drops by as many.
 */
export function withoutUnread(unread: Page<Notification>, ids: readonly number[] | 'all'): Page<Notification> {
  const data = ids === 'all' ? [] : unread.data.filter((n) => !ids.includes(n.id));
  if (!hasTotalCount(unread.headers)) return { ...unread, data };
  const headers = new Headers(unread.headers);
  const left = ids === 'all' ? 0 : Math.max(0, totalCount(unread.headers, 0) - ids.length);
  headers.set('x-total-count', String(left));
  return { ...unread, data, headers };
}
