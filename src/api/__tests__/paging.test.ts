import type { InfiniteData } from '@tanstack/react-query';
import {
  cursorPaging,
  linkTargets,
  mergeFirstPage,
  nextCursor,
  pageItems,
  pagesTotal,
  totalCount,
  type Page,
} from '../paging';

const headers = (init: Record<string, string> = {}) => new Headers(init);
const page = (ids: number[], init: Record<string, string> = {}): Page<{ id: number }> => ({
  data: ids.map((id) => ({ id })),
  headers: headers(init),
});
const pages = (...list: Page<{ id: number }>[]): InfiniteData<Page<{ id: number }>, unknown> => ({
  pages: list,
  pageParams: list.map((_, i) => (i === 0 ? undefined : `c${i}`)),
});

describe('nextCursor (RFC 8288 Link, rel="next")', () => {
  it('reads the cursor of the next page', () => {
    expect(nextCursor(headers({ link: '</api/conversations?limit=50&cursor=eyJrIjpbMTAyXX0>; rel="next"' }))).toBe(
      'eyJrIjpbMTAyXX0',
    );
  });

  it('picks rel="next" among several links, whatever their order, case and quoting', () => {
    const link = [
      '</api/notifications?limit=50>; rel="first"',
      '<https://api.example.co.ke/api/notifications?limit=50&cursor=PREV>; rel=prev',
      '</api/notifications?cursor=N3xt_-&limit=50>; title="a, b; c"; REL="Next"',
    ].join(', ');
    expect(nextCursor(headers({ link }))).toBe('N3xt_-');
  });

  it('accepts a rel that lists several relations, and params around it', () => {
    expect(nextCursor(headers({ link: '</x?cursor=abc>;type="application/json"; rel="next last" ;x=1' }))).toBe('abc');
    expect(linkTargets('</a>; rel="prev next", </b>; rel=next', 'next')).toEqual(['/a', '/b']);
  });

  it('keeps commas and semicolons inside the URL and inside quoted values', () => {
    expect(nextCursor(headers({ link: '</x?a=1,2;3&cursor=k>; title="x, y"; rel="next"' }))).toBe('k');
    expect(nextCursor(headers({ link: '</x?cursor=a>; title="rel=\\"next\\""; rel="prev"' }))).toBeUndefined();
  });

  it('is undefined on the last page, without a Link, or when the link has no cursor', () => {
    expect(nextCursor(undefined)).toBeUndefined();
    expect(nextCursor(headers())).toBeUndefined();
    expect(nextCursor(headers({ link: '</api/products?limit=5&cursor=z>; rel="prev"' }))).toBeUndefined();
    expect(nextCursor(headers({ link: '</api/products?limit=5>; rel="next"' }))).toBeUndefined();
    expect(nextCursor(headers({ link: 'garbage; rel="next"' }))).toBeUndefined();
    expect(cursorPaging.getNextPageParam({ headers: headers() })).toBeUndefined();
  });
});

describe('totalCount', () => {
  it('is X-Total-Count when the server sent one', () => {
    expect(totalCount(headers({ 'x-total-count': '128' }), 50)).toBe(128);
    expect(totalCount(headers({ 'X-Total-Count': ' 0 ' }), 3)).toBe(0);
  });

  it('falls back to the number of items without (or with a broken) header', () => {
    expect(totalCount(undefined, 12)).toBe(12);
    expect(totalCount(headers(), 12)).toBe(12);
    expect(totalCount(headers({ 'x-total-count': '-1' }), 12)).toBe(12);
    expect(totalCount(headers({ 'x-total-count': 'many' }), 12)).toBe(12);
    expect(totalCount(headers({ 'x-total-count': '1e3' }), 12)).toBe(12);
  });
});

describe('pageItems and pagesTotal', () => {
  it('flatten the pages in order, an item repeated on a later page shown once', () => {
    const data = pages(page([5, 4, 3], { link: '</x?cursor=a>; rel="next"' }), page([3, 2, 1]));
    expect(pageItems(data).map((i) => i.id)).toEqual([5, 4, 3, 2, 1]);
    expect(pageItems(undefined)).toEqual([]);
  });

  it('count X-Total-Count of the first page, else what is loaded once the last page is there', () => {
    expect(pagesTotal(pages(page([3, 2], { 'x-total-count': '40', link: '</x?cursor=a>; rel="next"' })))).toBe(40);
    // A server that does not page: everything on one page, counted.
    expect(pagesTotal(pages(page([3, 2, 1])))).toBe(3);
    // Paged but not counted: unknown until the last page.
    expect(pagesTotal(pages(page([3, 2], { link: '</x?cursor=a>; rel="next"' })))).toBeUndefined();
    expect(pagesTotal(pages(page([3, 2], { link: '</x?cursor=a>; rel="next"' }), page([1])))).toBe(3);
    expect(pagesTotal(undefined)).toBeUndefined();
  });
});

describe('mergeFirstPage', () => {
  it('replaces the first page and keeps the later ones, without the items that moved up', () => {
    const later = page([7, 6, 5]);
    const old = pages(page([10, 9, 8], { link: '</x?cursor=c1>; rel="next"' }), later, page([4, 3]));
    const fresh = page([6, 11, 10], { link: '</x?cursor=c1b>; rel="next"' });
    const merged = mergeFirstPage(old, fresh);
    // 6 moved up; 9 and 8, pushed past the fresh page's end, head the second page.
    expect(merged.pages.map((p) => p.data.map((i) => i.id))).toEqual([
      [6, 11, 10],
      [9, 8, 7, 5],
      [4, 3],
    ]);
    // The cursors of the pages already loaded stay; the last page's cursor still leads on.
    expect(merged.pageParams).toEqual(old.pageParams);
    // A page with nothing to drop is the same object: its cards do not re-render.
    expect(merged.pages[2]).toBe(old.pages[2]);
  });

  it('moves what the fresh page pushed past its end to the top of the second page', () => {
    const old = pages(page([10, 9, 8], { link: '</x?cursor=a>; rel="next"' }), page([7, 6]));
    const merged = mergeFirstPage(old, page([12, 11, 10], { link: '</x?cursor=b>; rel="next"' }));
    expect(merged.pages.map((p) => p.data.map((i) => i.id))).toEqual([
      [12, 11, 10],
      [9, 8, 7, 6],
    ]);
    // Pages that go back in time (messages, each page oldest first): they join the end of the older page.
    const messages = pages(page([8, 9, 10], { link: '</x?cursor=a>; rel="next"' }), page([6, 7]));
    const fresh = page([10, 11, 12], { link: '</x?cursor=b>; rel="next"' });
    expect(mergeFirstPage(messages, fresh, 'backward').pages.map((p) => p.data.map((i) => i.id))).toEqual([
      [10, 11, 12],
      [6, 7, 8, 9],
    ]);
    // The fresh page is the whole list: what it left out is gone.
    expect(mergeFirstPage(old, page([12, 11])).pages.map((p) => p.data.map((i) => i.id))).toEqual([
      [12, 11],
      [7, 6],
    ]);
  });

  it('starts the pages when there were none', () => {
    const fresh = page([1]);
    expect(mergeFirstPage(undefined, fresh)).toEqual({ pages: [fresh], pageParams: [undefined] });
  });
});
