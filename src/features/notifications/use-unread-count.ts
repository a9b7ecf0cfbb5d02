import { useListUnreadNotifications } from '../../api/generated/endpoints/notifications/notifications';

export const UNREAD_REFETCH_MS = 30_000;

/** Unread notifications, polled every 30 s (the only polling in the app); its length drives the badges. */
export function useUnreadCount(): number {
  const unread = useListUnreadNotifications({ query: { refetchInterval: UNREAD_REFETCH_MS } });
  return unread.data?.length ?? 0;
}
