import { useCallback, useEffect, useRef, useState } from 'react';

/** Where more items come from once every loaded one shows: the server's next page. */
export interface NextPageSource {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => unknown;
  /** How many items the whole list holds, when the server said (X-Total-Count). */
  total?: number;
}

/**
 * A long list rendered a page at a time: the first `pageSize` items at once, the next page when
 * the "show more" control scrolls into view (or is pressed, for keyboard and screen-reader users).
 * A list of 10,000 conversations then paints as fast as one of 100. `resetKey` (e.g. the active
 * filters) starts again from the first page when it changes. With a `source`, the list is also
 * loaded a page at a time: once every loaded item shows, "show more" fetches the next page.
 */
export function useIncrementalList<T>(
  items: readonly T[],
  pageSize: number,
  resetKey?: unknown,
  source?: NextPageSource,
) {
  const [shown, setShown] = useState(pageSize);
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setShown(pageSize);
  }
  // Read by showMore when it runs (an observer's callback may come a render late).
  const latest = useRef({ shown, length: items.length, source });
  useEffect(() => {
    latest.current = { shown, length: items.length, source };
  });

  const showMore = useCallback(() => {
    const { shown: count, length, source: next } = latest.current;
    if (count < length) {
      setShown(count + pageSize);
      latest.current.shown = count + pageSize;
    } else if (next?.hasNextPage && !next.isFetchingNextPage) {
      // The page shows as it arrives; a failed fetch leaves the count where the items are.
      setShown(length + pageSize);
      latest.current.shown = length + pageSize;
      // The observer and a key press can both ask before the next render says a page is on its
      // way: a request already under way answers both rather than being cancelled and re-sent.
      void next.fetchNextPage({ cancelRefetch: false });
    }
  }, [pageSize]);

  const loadedRemaining = Math.max(0, items.length - shown);
  const hasNextPage = source?.hasNextPage ?? false;
  const visible = loadedRemaining > 0 ? items.slice(0, shown) : items;
  // Unknown (the server pages but does not count): undefined.
  const total = source?.total ?? (hasNextPage ? undefined : items.length);
  const remaining = total === undefined ? loadedRemaining + 1 : Math.max(0, total - visible.length);

  // Loads the next page as the control comes near the viewport.
  const observer = useRef<IntersectionObserver | null>(null);
  const moreRef = useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => entries.some((entry) => entry.isIntersecting) && showMore(),
        {
          rootMargin: '400px 0px',
        },
      );
      observer.current.observe(element);
    },
    [showMore],
  );
  useEffect(() => () => observer.current?.disconnect(), []);

  return {
    visible,
    /** Items not shown yet, loaded or not (at least 1 when the total is unknown and more follow). */
    remaining: loadedRemaining > 0 || hasNextPage ? Math.max(remaining, 1) : 0,
    total,
    loading: source?.isFetchingNextPage ?? false,
    failed: (source?.isFetchNextPageError ?? false) && !(source?.isFetchingNextPage ?? false),
    showMore,
    moreRef,
  };
}
