import type { InfiniteData, InvalidateQueryFilters, Query, QueryClient, QueryFunction } from '@tanstack/react-query';
import { mergeFirstPage, type PageOrder } from '../../api/paging';

type AnyQuery = Query<unknown, unknown, unknown, readonly unknown[]>;
type PagedData = InfiniteData<{ data: { id: number }[] }, unknown>;

/** A list loaded a page at a time, on screen, with pages to keep. */
const isPagedOnScreen = (query: AnyQuery) =>
  query.queryType === 'infinite' &&
  query.isActive() &&
  typeof query.options.queryFn === 'function' &&
  (query.state.data as PagedData | undefined)?.pages !== undefined;

/**
 * Fetches the first page of a paged list again and merges it into the pages on screen (see
 * mergeFirstPage): what changed comes in at the top and the pages the reader has loaded stay,
 * where a plain refetch would fetch every loaded page again, one after the other. A fetch of
 * that list already under way (the next page) is waited for, or its answer would put back the
 * old first page.
 */
export async function refreshFirstPage(client: QueryClient, query: AnyQuery): Promise<void> {
  try {
    await query.promise;
  } catch {
    // The fetch under way failed; the first page is fetched all the same.
  }
  const queryFn = query.options.queryFn as QueryFunction<{ data: { id: number }[] }, readonly unknown[], unknown>;
  const options = query.options as { initialPageParam?: unknown; meta?: Record<string, unknown> };
  let fresh: { data: { id: number }[] };
  try {
    fresh = await queryFn({
      client,
      queryKey: query.queryKey,
      pageParam: options.initialPageParam,
      signal: new AbortController().signal,
      meta: options.meta,
      direction: 'forward',
    });
  } catch {
    // What is on screen stays; the next event, reconnect or mutation tries again.
    return;
  }
  // A list whose pages go back in time says so in its meta (see use-message-pages.ts).
  const order: PageOrder = options.meta?.pageOrder === 'backward' ? 'backward' : 'forward';
  client.setQueryData<PagedData>(query.queryKey, (old) => (old ? mergeFirstPage(old, fresh, order) : old));
}

/**
 * Refetches what an event (or a reconnect) names, including queries whose first load is still
 * on the way: React Query joins an invalidation to a first fetch in flight instead of starting
 * again, and that fetch may have left before the event, so its answer would miss it. Cancelling
 * first makes every matching active query fetch anew. A paged list on screen only has its first
 * page fetched again (refreshFirstPage), so the pages the reader loaded stay put.
 */
export async function refetchAfterEvent(client: QueryClient, filters: InvalidateQueryFilters = {}) {
  const paged = client
    .getQueryCache()
    .findAll(filters)
    .filter((query) => isPagedOnScreen(query as AnyQuery));
  const rest: InvalidateQueryFilters = {
    ...filters,
    predicate: (query) => !paged.includes(query) && (filters.predicate?.(query) ?? true),
  };
  await client.cancelQueries(rest);
  await Promise.all([
    client.invalidateQueries(rest),
    ...paged.map((query) => refreshFirstPage(client, query as AnyQuery)),
  ]);
}
