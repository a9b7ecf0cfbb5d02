// Marking read, one or all, with the counts on screen changing at once: the
// sidebar badge, the dashboard counter, the tab title and the page's subtitle
// read the unread count; the cards read the notification list. Both caches are
// edited before the request goes out and put back if it fails; the invalidation
// table (src/api/query-client.ts) then refetches both after success, so the
// server has the last word.
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  getListNotificationsInfiniteQueryKey,
  getListUnreadNotificationsQueryKey,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../../api/generated/endpoints/notifications/notifications';
import type { Notification } from '../../api/generated/model/notification';
import { PAGE_SIZES, type Page } from '../../api/paging';
import { UNREAD_COUNT_PARAMS } from '../../lib/notifications/use-unread-count';
import { useToast } from '../../lib/toast/toast-context';
import { withAllRead, withoutUnread, withRead } from './notification-display';

type Pages = InfiniteData<Page<Notification>, unknown>;
type Snapshot = { list?: Pages; unread?: Page<Notification> };

/** The keys the notifications page and the badges use. */
export const notificationListKey = getListNotificationsInfiniteQueryKey({ limit: PAGE_SIZES.notifications });
export const unreadCountKey = getListUnreadNotificationsQueryKey(UNREAD_COUNT_PARAMS);

const editPages = (pages: Pages, edit: (list: Notification[]) => Notification[]): Pages => ({
  ...pages,
  pages: pages.pages.map((page) => ({ ...page, data: edit(page.data) })),
});

async function applyOptimistic(
  client: QueryClient,
  editList: (list: Notification[]) => Notification[],
  editUnread: (unread: Page<Notification>, list: Pages | undefined) => Page<Notification>,
): Promise<Snapshot> {
  // A refetch in flight (the 30 s poll, a socket event) would overwrite the edit with older data.
  await Promise.all([
    client.cancelQueries({ queryKey: notificationListKey }),
    client.cancelQueries({ queryKey: unreadCountKey }),
  ]);
  const snapshot: Snapshot = {
    list: client.getQueryData<Pages>(notificationListKey),
    unread: client.getQueryData<Page<Notification>>(unreadCountKey),
  };
  if (snapshot.list) client.setQueryData<Pages>(notificationListKey, editPages(snapshot.list, editList));
  if (snapshot.unread) client.setQueryData(unreadCountKey, editUnread(snapshot.unread, snapshot.list));
  return snapshot;
}

function restore(client: QueryClient, snapshot: Snapshot | undefined) {
  if (snapshot?.list) client.setQueryData(notificationListKey, snapshot.list);
  if (snapshot?.unread) client.setQueryData(unreadCountKey, snapshot.unread);
}

/** Whether notification `id` is unread as far as the list on screen knows (unknown: it is, since it was offered). */
const isUnread = (list: Pages | undefined, id: number) =>
  !list?.pages.some((page) => page.data.some((n) => n.id === id && n.isRead));

export function useMarkRead() {
  const client = useQueryClient();
  const toast = useToast();
  return useMarkNotificationRead<Error, Snapshot>({
    mutation: {
      onMutate: ({ id }) =>
        applyOptimistic(
          client,
          (list) => withRead(list, id),
          (unread, list) => (isUnread(list, id) ? withoutUnread(unread, [id]) : unread),
        ),
      onError: (_error, _variables, snapshot) => {
        restore(client, snapshot);
        toast({ title: 'Error', description: 'Failed to mark the notification as read', variant: 'destructive' });
      },
    },
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  const toast = useToast();
  return useMarkAllNotificationsRead<Error, Snapshot>({
    mutation: {
      onMutate: () => applyOptimistic(client, withAllRead, (unread) => withoutUnread(unread, 'all')),
      onError: (_error, _variables, snapshot) => {
        restore(client, snapshot);
        toast({ title: 'Error', description: 'Failed to mark all notifications as read', variant: 'destructive' });
      },
    },
  });
}
