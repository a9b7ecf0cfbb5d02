// A fetch stub for the paged lists (openapi.yaml, "Paging"): answers by path from an array the
// test may change, `limit` items from `cursor` ("p<offset>") on, with Link rel="next" and, unless
// told not to, X-Total-Count. Without `limit` (or with `paging: false`) the whole array, as a
// server that does not page answers.
export type PagedRoute = { items: () => readonly unknown[]; paging?: boolean; total?: boolean };

export function pagedFetch(routes: Record<string, PagedRoute>, other: Record<string, () => Response> = {}) {
  const calls: string[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push(`${method} ${url.pathname}${url.search}`);
    const key = `${method} ${url.pathname}`;
    if (other[key]) return other[key]();
    const route = routes[key];
    if (!route) throw new Error(`unexpected request ${key}`);
    const list = route.items();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const limit = url.searchParams.get('limit');
    if (route.paging === false || limit === null) return new Response(JSON.stringify(list), { headers });
    const start = Number(/^p(\d+)$/.exec(url.searchParams.get('cursor') ?? '')?.[1] ?? 0);
    const end = start + Number(limit);
    if (route.total !== false) headers['x-total-count'] = String(list.length);
    if (end < list.length) {
      const next = new URLSearchParams(url.searchParams);
      next.set('cursor', `p${end}`);
      headers.link = `<${url.pathname}?${next}>; rel="next"`;
    }
    return new Response(JSON.stringify(list.slice(start, end)), { headers });
  };
  return { fetchStub, calls };
}
