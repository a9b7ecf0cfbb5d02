import { useCallback } from 'react';
import { useInFlight } from '../../lib/forms/use-in-flight';
import { Button } from 'primereact/button';
import { useListNotifications } from '../../api/generated/endpoints/notifications/notifications';
import { countUnread, unreadSubtitle } from './notification-display';
import { NotificationCard } from './notification-card';
import { useMarkAllRead, useMarkRead } from './use-mark-read';
import './notifications.css';
import { LoadError } from '../../components/ui/load-error';
import { ShowMore } from '../../components/ui/show-more';
import { useIncrementalList } from '../../lib/lists/use-incremental-list';

/** Cards rendered at a time: a long history paints as fast as a short one. */
const PAGE_SIZE = 100;

/** /notifications: the notifications as the server lists them, each or all to be marked as read. */
export function NotificationsPage() {
  const once = useInFlight();
  const notifications = useListNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const { mutate: markOne } = markRead;
  const onMarkRead = useCallback((id: number) => markOne({ id }), [markOne]);

  const list = notifications.data;
  const shown = useIncrementalList(list ?? [], PAGE_SIZE);
  // The subtitle and the button describe the cards below them, so they count the list.
  const unread = list ? countUnread(list) : 0;

  return (
    <div className="page notifications-page">
      <header className="notifications-header">
        <div>
          <h1>Notifications</h1>
          {list && (
            <p className="muted" aria-live="polite" data-testid="notifications-subtitle">
              {unreadSubtitle(unread)}
            </p>
          )}
        </div>
        {unread > 0 && (
          <Button
            type="button"
            label="Mark All as Read"
            icon="pi pi-check-circle"
            outlined
            disabled={markAllRead.isPending}
            onClick={() => once((settled) => markAllRead.mutate(undefined, { onSettled: settled }))}
          />
        )}
      </header>

      {notifications.isPending ? (
        <p className="card notifications-state" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading notifications...
        </p>
      ) : notifications.isError ? (
        <LoadError
          className="card notifications-state"
          message="Failed to load notifications."
          onRetry={notifications.refetch}
        />
      ) : list!.length === 0 ? (
        <div className="card notifications-state notifications-empty">
          <i className="pi pi-bell" aria-hidden="true" />
          <p>No notifications yet</p>
        </div>
      ) : (
        <>
          <ul className="notification-list" aria-label="Notifications">
            {shown.visible.map((notification) => (
              <NotificationCard key={notification.id} notification={notification} onMarkRead={onMarkRead} />
            ))}
          </ul>
          <ShowMore list={shown} noun="notifications" />
        </>
      )}
    </div>
  );
}
