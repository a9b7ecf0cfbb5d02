// Marking read, one or all, with the counts on screen changing at once: the
// sidebar badge, the dashboard counter and the tab title read the unread list,
// the page's subtitle reads the notification list. Both caches are edited
// before the request goes out and put back if it fails; the invalidation table
// (src/api/query-client.ts) then refetches both after success, so the server
// has the last word.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  getListNotificationsQueryKey,
  getListUnreadNotificationsQueryKey,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../../api/generated/endpoints/notifications/notifications';
import type { Notification } from '../../api/generated/model/notification';
import { useToast } from '../../lib/toast/toast-context';
import { withAllRead, withoutId, withRead } from './notification-display';

type Snapshot = { list?: Notification[]; unread?: Notification[] };

const listKey = getListNotificationsQueryKey();
const unreadKey = getListUnreadNotificationsQueryKey();

async function applyOptimistic(
  client: QueryClient,
  editList: (list: Notification[]) => Notification[],
  editUnread: (unread: Notification[]) => Notification[],
): Promise<Snapshot> {
  // A refetch in flight (the 30 s poll, a socket event) would overwrite the edit with older data.
  await client.cancelQueries({ queryKey: listKey });
  const snapshot: Snapshot = {
    list: client.getQueryData<Notification[]>(listKey),
    unread: client.getQueryData<Notification[]>(unreadKey),
  };
  if (snapshot.list) client.setQueryData<Notification[]>(listKey, editList(snapshot.list));
  if (snapshot.unread) client.setQueryData<Notification[]>(unreadKey, editUnread(snapshot.unread));
  return snapshot;
}

function restore(client: QueryClient, snapshot: Snapshot | undefined) {
  if (snapshot?.list) client.setQueryData(listKey, snapshot.list);
  if (snapshot?.unread) client.setQueryData(unreadKey, snapshot.unread);
}

export function useMarkRead() {
  const client = useQueryClient();
  const toast = useToast();
  return useMarkNotificationRead<Error, Snapshot>({
    mutation: {
      onMutate: ({ id }) =>
        applyOptimistic(
          client,
          (list) => withRead(list, id),
          (unread) => withoutId(unread, id),
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
      onMutate: () => applyOptimistic(client, withAllRead, () => []),
      onError: (_error, _variables, snapshot) => {
        restore(client, snapshot);
        toast({ title: 'Error', description: 'Failed to mark all notifications as read', variant: 'destructive' });
      },
    },
  });
}
