// A backend that pages (openapi.yaml, "Paging"), played by Playwright routes: the mocks (Prism)
// answer every list whole, as a backend that does not page does.
import type { Route } from '@playwright/test';

export type PagedOptions = {
  /** Send X-Total-Count (default true). */
  total?: boolean;
  /** Called with each request's query, to check what the app asked for. */
  onRequest?: (query: URLSearchParams) => void;
};

/**
 * Answers a list `limit` items at a time from `cursor` on, with a Link rel="next" while more
 * follow (the cursor is opaque to the app: here "p<offset>") and X-Total-Count. Without `limit`,
 * the whole list.
 */
export function pagedAnswer<T>(
  items: readonly T[] | (() => readonly T[]),
  { total = true, onRequest }: PagedOptions = {},
) {
  return (route: Route) => {
    const list = typeof items === 'function' ? items() : items;
    const url = new URL(route.request().url());
    onRequest?.(url.searchParams);
    const limit = Number(url.searchParams.get('limit') ?? list.length);
    const start = Number(/^p(\d+)$/.exec(url.searchParams.get('cursor') ?? '')?.[1] ?? 0);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (total) headers['x-total-count'] = String(list.length);
    if (url.searchParams.has('limit') && start + limit < list.length) {
      const next = new URL(url);
      next.searchParams.set('cursor', `p${start + limit}`);
      headers.link = `<${next.pathname}${next.search}>; rel="next"`;
    }
    return route.fulfill({ status: 200, headers, body: JSON.stringify(list.slice(start, start + limit)) });
  };
}
