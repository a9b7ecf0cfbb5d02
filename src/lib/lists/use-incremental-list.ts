import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A long list rendered a page at a time: the first `pageSize` items at once, the next page when
 * the "show more" control scrolls into view (or is pressed, for keyboard and screen-reader users).
 * A list of 10,000 conversations then paints as fast as one of 100. `resetKey` (e.g. the active
 * filters) starts again from the first page when it changes.
 */
export function useIncrementalList<T>(items: readonly T[], pageSize: number, resetKey?: unknown) {
  const [shown, setShown] = useState(pageSize);
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setShown(pageSize);
  }
  const showMore = useCallback(() => setShown((count) => count + pageSize), [pageSize]);
  const remaining = Math.max(0, items.length - shown);

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

  return { visible: remaining > 0 ? items.slice(0, shown) : items, remaining, showMore, moreRef };
}
