import { useCallback, useMemo, useRef } from 'react';
import { useInFlight } from '../../lib/forms/use-in-flight';
import { Button } from 'primereact/button';
import { useListNotificationsInfinite } from '../../api/generated/endpoints/notifications/notifications';
import type { Notification } from '../../api/generated/model/notification';
import { PAGE_SIZES, cursorPaging, pageItems, pagesTotal } from '../../api/paging';
import { useUnreadNotifications } from '../../lib/notifications/use-unread-count';
import { countUnread, unreadSubtitle } from './notification-display';
import { NotificationCard } from './notification-card';
import { useMarkAllRead, useMarkRead } from './use-mark-read';
import './notifications.css';
import { LoadError } from '../../components/ui/load-error';
import { ShowMore } from '../../components/ui/show-more';
import { useIncrementalList } from '../../lib/lists/use-incremental-list';

/** Notifications per page asked of the server, and cards rendered per step: a long history paints as fast as a short one. */
const PAGE_SIZE = PAGE_SIZES.notifications;

/** /notifications: the notifications as the server lists them, each or all to be marked as read. */
export function NotificationsPage() {
  const once = useInFlight();
  const notifications = useListNotificationsInfinite({ limit: PAGE_SIZE }, { query: cursorPaging });
  const unreadCount = useUnreadNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const { mutate: markOne } = markRead;
  const onMarkRead = useCallback((id: number) => markOne({ id }), [markOne]);

  const list = useMemo(() => notifications.data && pageItems(notifications.data), [notifications.data]);
  // Opening a conversation from a notification reads that conversation's unread notifications
  // (the ones loaded here; a reply or a hand-back reads the rest on the server).
  // (Read through a ref: the cards keep one handler while the list refetches.)
  const loaded = useRef(list);
  loaded.current = list;
  const onView = useCallback(
    (viewed: Notification) => {
      for (const n of loaded.current ?? [viewed])
        if (!n.isRead && n.conversationId === viewed.conversationId) markOne({ id: n.id });
    },
    [markOne],
  );
  const hasNextPage = notifications.hasNextPage;
  const shown = useIncrementalList(list ?? [], PAGE_SIZE, undefined, {
    hasNextPage,
    isFetchingNextPage: notifications.isFetchingNextPage,
    isFetchNextPageError: notifications.isFetchNextPageError,
    fetchNextPage: notifications.fetchNextPage,
    total: pagesTotal(notifications.data),
  });
  // The subtitle and the button count every unread notification, loaded or not (the badge's
  // count); if that count cannot be had, the unread cards loaded.
  const unread = unreadCount.data ?? (unreadCount.isError && list ? countUnread(list) : undefined);

  return (
    <div className="page notifications-page">
      <header className="notifications-header">
        <div>
          <h1>Notifications</h1>
          {list && unread !== undefined && (
            <p className="muted" aria-live="polite" data-testid="notifications-subtitle">
              {unreadSubtitle(unread)}
            </p>
          )}
        </div>
        {list && unread !== undefined && unread > 0 && (
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
      ) : notifications.isError && !list ? (
        <LoadError
          className="card notifications-state"
          message="Failed to load notifications."
          onRetry={notifications.refetch}
        />
      ) : !list || list.length === 0 ? (
        <div className="card notifications-state notifications-empty">
          <i className="pi pi-bell" aria-hidden="true" />
          <p>No notifications yet</p>
        </div>
      ) : (
        <>
          <ul className="notification-list" aria-label="Notifications">
            {shown.visible.map((notification) => (
              <NotificationCard
                key={notification.id}
                notification={notification}
                onMarkRead={onMarkRead}
                onView={onView}
              />
            ))}
          </ul>
          <ShowMore list={shown} noun="notifications" />
        </>
      )}
    </div>
  );
}
