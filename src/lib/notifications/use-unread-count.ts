import { useListUnreadNotifications } from '../../api/generated/endpoints/notifications/notifications';
import { totalCount, type Page } from '../../api/paging';

export const UNREAD_REFETCH_MS = 30_000;

/**
 * The unread list asked for one item: only its count matters. A server that pages says how
 * many in X-Total-Count; one that does not answers the whole list, which is then counted.
 */
export const UNREAD_COUNT_PARAMS = { limit: 1 } as const;

export const unreadTotal = (page: Page<unknown> | undefined): number | undefined =>
  page && totalCount(page.headers, page.data.length);

/** The unread count, polled every 30 s (the only polling in the app): the badges and counters show it. */
export function useUnreadNotifications() {
  return useListUnreadNotifications(UNREAD_COUNT_PARAMS, {
    query: { refetchInterval: UNREAD_REFETCH_MS, select: unreadTotal },
  });
}

/** The unread count; 0 while loading or after a failure (for badges, which then show nothing). */
export function useUnreadCount(): number {
  return useUnreadNotifications().data ?? 0;
}
