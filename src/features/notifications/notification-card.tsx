import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Notification } from '../../api/generated/model/notification';
import { QuoteLine } from '../../components/ui/quote-line';
import { VariantBadge } from '../../components/ui/variant-badge';
import { formatDateTime } from '../../lib/format/date';
import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPE_VARIANTS, notificationCustomer } from './notification-display';

type Props = {
  notification: Notification;
  onMarkRead: (id: number) => void;
  /** View was followed: the conversation is being opened from this notification. */
  onView?: (notification: Notification) => void;
};

/**
 * One notification: type badge, 'Unread' badge, the customer (name, else number) when the server
 * says, message, what the customer last wrote on one line when the server says, time, mark-read
 * button, View link.
 */
export const NotificationCard = memo(function NotificationCard({ notification, onMarkRead, onView }: Props) {
  const { id, type, message, isRead, createdAt, conversationId } = notification;
  const label = NOTIFICATION_TYPE_LABELS[type];
  const customer = notificationCustomer(notification);
  const quote = notification.customerQuote?.trim();
  return (
    <li
      className={`card notification-card ${isRead ? '' : 'notification-unread'}`}
      data-testid="notification-card"
      data-id={id}
    >
      <div className="notification-body">
        <div className="notification-badges">
          <VariantBadge variant={NOTIFICATION_TYPE_VARIANTS[type]}>{label}</VariantBadge>
          {!isRead && <VariantBadge variant="outline">Unread</VariantBadge>}
        </div>
        {customer && (
          <p className="notification-customer">
            <i className="pi pi-user" aria-hidden="true" />
            <span className="sr-only">Customer: </span>
            {customer}
          </p>
        )}
        {/* Text content: a message is never read as HTML. */}
        <p className="notification-message">{message}</p>
        {quote && <QuoteLine text={quote} label="Customer wrote" className="notification-quote" />}
        <time className="muted notification-time" dateTime={createdAt}>
          {formatDateTime(createdAt)}
        </time>
      </div>
      <div className="notification-actions">
        {!isRead && (
          <button
            type="button"
            className="p-button p-component p-button-icon-only p-button-outlined p-button-rounded"
            aria-label={`Mark as read: ${label}, ${message}`}
            title="Mark as read"
            onClick={() => onMarkRead(id)}
          >
            <span className="p-button-icon pi pi-check" aria-hidden="true" />
          </button>
        )}
        <Link
          to={`/conversations/${conversationId}`}
          className="p-button p-component p-button-outlined p-button-sm notification-view"
          aria-label={`View conversation: ${label}, ${message}`}
          onClick={() => onView?.(notification)}
        >
          <span className="p-button-icon p-button-icon-left pi pi-external-link" aria-hidden="true" />
          <span className="p-button-label">View</span>
        </Link>
      </div>
    </li>
  );
});
