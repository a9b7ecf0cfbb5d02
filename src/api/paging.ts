// Paged lists (openapi.yaml info.description, "Paging"): a list asked for with `limit` answers
// one page; an RFC 8288 `Link` header with rel="next" names the next one (its `cursor` is opaque:
// copied, never built) and `X-Total-Count` may say how many items the whole list holds. A backend
// that does not page ignores `limit` and answers the whole array without those headers: then
// there is no next page and the count is the array's length, so every screen works as before.
import type { InfiniteData } from '@tanstack/react-query';

/** What the generated paged functions answer (through apiFetchPage). */
export type Page<T> = { data: T[]; headers: Headers };

/**
 * Items asked for per page (the contract allows 1 to 200). Long lists render as many cards per
 * step, the existing window of 100. VITE_PAGE_SIZE sets another size at build time: the flows
 * against the reference server (e2e-server/) use a small one to page through its demo data.
 */
const configured = Number(import.meta.env.VITE_PAGE_SIZE);
const PAGE_SIZE = Number.isInteger(configured) && configured >= 1 && configured <= 200 ? configured : 100;

export const PAGE_SIZES = {
  conversations: PAGE_SIZE,
  notifications: PAGE_SIZE,
  messages: PAGE_SIZE,
} as const;

/** One `<target>; param=value; …` of a Link header, split with quoted strings respected. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let inTarget = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      current += c;
      if (c === '\\' && i + 1 < text.length) current += text[++i];
      else if (c === '"') quoted = false;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === '<') inTarget = true;
    else if (c === '>') inTarget = false;
    if (c === separator && !inTarget) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts;
}

const unquote = (value: string) => {
  const v = value.trim();
  return v.startsWith('"') && v.endsWith('"') && v.length >= 2 ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v;
};

/** The target URLs of a Link header whose rel (a space-separated list, any case) includes `rel`. */
export function linkTargets(header: string | null | undefined, rel: string): string[] {
  if (!header) return [];
  const found: string[] = [];
  for (const link of splitOutsideQuotes(header, ',')) {
    const match = /^\s*<([^>]*)>(.*)$/s.exec(link);
    if (!match) continue;
    const params = splitOutsideQuotes(match[2], ';').slice(1);
    const rels = params
      .map((param) => /^\s*([^=\s]+)\s*=\s*(.*)$/s.exec(param))
      .filter((m): m is RegExpExecArray => m !== null && m[1].toLowerCase() === 'rel')
      .flatMap((m) => unquote(m[2]).toLowerCase().split(/\s+/));
    if (rels.includes(rel.toLowerCase())) found.push(match[1].trim());
  }
  return found;
}

/** The `cursor` of the next page (Link rel="next"), or undefined on the last (or only) page. */
export function nextCursor(headers: Headers | undefined): string | undefined {
  for (const target of linkTargets(headers?.get('link'), 'next')) {
    let url: URL;
    try {
      url = new URL(target, 'http://localhost');
    } catch {
      continue;
    }
    const cursor = url.searchParams.get('cursor');
    if (cursor) return cursor;
  }
  return undefined;
}

/** X-Total-Count when the server sent a valid one, else `fallbackLength` (the items at hand). */
export function totalCount(headers: Headers | undefined, fallbackLength: number): number {
  const raw = headers?.get('x-total-count')?.trim();
  if (raw && /^\d+$/.test(raw)) {
    const total = Number(raw);
    if (Number.isSafeInteger(total)) return total;
  }
  return fallbackLength;
}

/** Whether the server said how many items the list holds. */
export const hasTotalCount = (headers: Headers | undefined) => totalCount(headers, -1) >= 0;

type WithId = { id: number };

/**
 * The items of every loaded page in order. An item already seen on an earlier page is left out
 * (a list that changed between two page requests must not show a card twice).
 */
export function pageItems<T extends WithId>(data: InfiniteData<Page<T>, unknown> | undefined): T[] {
  if (!data) return [];
  if (data.pages.length === 1) return data.pages[0].data;
  const earlier = new Set<number>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of page.data) if (!earlier.has(item.id)) items.push(item);
    for (const item of page.data) earlier.add(item.id);
  }
  return items;
}

/**
 * The list's total: X-Total-Count of the first page; else, once the last page is loaded (always,
 * from a server that does not page), the items loaded; else undefined (more follow, uncounted).
 */
export function pagesTotal<T extends WithId>(data: InfiniteData<Page<T>, unknown> | undefined): number | undefined {
  if (!data || data.pages.length === 0) return undefined;
  const counted = totalCount(data.pages[0].headers, -1);
  if (counted >= 0) return counted;
  return nextCursor(data.pages.at(-1)?.headers) === undefined ? pageItems(data).length : undefined;
}

/** The options every paged infinite query shares: the first page has no cursor, the next one the Link's. */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { headers: Headers }) => nextCursor(last.headers),
};

/**
 * Where the items of a page run in the pages' order: 'forward' when each page continues the one
 * before (lists: newest first), 'backward' when pages go back in time but each holds its items
 * oldest first (a conversation's messages, shown with the first page at the bottom).
 */
export type PageOrder = 'forward' | 'backward';

/**
 * A fresh first page merged into the pages on screen: it replaces the first page, and its items
 * leave the later pages (an item that moved up is not shown twice); the later pages stay, so
 * nothing the reader has loaded disappears and the next page's cursor still holds. Items of the
 * old first page that the fresh one pushed past its end (newer ones came in above) go to the top
 * of the second page, where the server now has them, rather than vanish from between the two.
 */
export function mergeFirstPage<P extends { data: WithId[]; headers?: Headers }>(
  old: InfiniteData<P, unknown> | undefined,
  fresh: P,
  order: PageOrder = 'forward',
): InfiniteData<P, unknown> {
  if (!old || old.pages.length === 0) return { pages: [fresh], pageParams: [undefined] };
  const ids = new Set(fresh.data.map((item) => item.id));
  const later = old.pages.slice(1).map((page) => {
    const kept = page.data.filter((item) => !ids.has(item.id));
    return kept.length === page.data.length ? page : { ...page, data: kept };
  });
  if (later.length > 0 && nextCursor(fresh.headers) !== undefined) {
    const laterIds = new Set(later.flatMap((page) => page.data.map((item) => item.id)));
    const pushed = old.pages[0].data.filter((item) => !ids.has(item.id) && !laterIds.has(item.id));
    if (pushed.length > 0) {
      const next = later[0];
      later[0] = { ...next, data: order === 'forward' ? [...pushed, ...next.data] : [...next.data, ...pushed] };
    }
  }
  return { pages: [fresh, ...later], pageParams: old.pageParams };
}

/** A `select` for a list fetched whole: its items. */
export const selectItems = <T>(answer: { data: T[] }): T[] => answer.data;
