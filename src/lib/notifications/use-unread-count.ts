import { useListUnreadNotifications } from '../../api/generated/endpoints/notifications/notifications';

export const UNREAD_REFETCH_MS = 30_000;

/** Unread notifications, polled every 30 s (the only polling in the app); its length drives the badges and counters. */
export function useUnreadNotifications() {
  return useListUnreadNotifications({ query: { refetchInterval: UNREAD_REFETCH_MS } });
}

/** The unread count; 0 while loading or after a failure (for badges, which then show nothing). */
export function useUnreadCount(): number {
  return useUnreadNotifications().data?.length ?? 0;
}
