import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * Refetches what an event (or a reconnect) names, including queries whose first load is still
 * on the way: React Query joins an invalidation to a first fetch in flight instead of starting
 * again, and that fetch may have left before the event, so its answer would miss it. Cancelling
 * first makes every matching active query fetch anew.
 */
export async function refetchAfterEvent(queryClient: QueryClient, filters: InvalidateQueryFilters = {}) {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
