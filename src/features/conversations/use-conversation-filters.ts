import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filtersFromQuery, filtersToQuery, type ConversationFilters } from './filters';

/**
 * The filters live in the URL query, so a filtered view survives a reload and
 * can be shared. Changes replace the history entry: typing in a filter should
 * not fill the Back button with every keystroke.
 */
export function useConversationFilters() {
  const [query, setQuery] = useSearchParams();
  const key = query.toString();
  // Keyed by the query text: the same filters keep the same object (and query key).
  const filters = useMemo(() => filtersFromQuery(new URLSearchParams(key)), [key]);

  // Two changes can land before the URL has re-rendered the page (two typed
  // filters settling at once): each builds on the one before, not on the
  // filters of the last render, or the second would undo the first.
  const latest = useRef({ key, filters, pending: false });
  if (latest.current.key === key) latest.current.pending = false;
  else if (!latest.current.pending) latest.current = { key, filters, pending: false };

  const setFilters = useCallback(
    (next: ConversationFilters) => {
      const nextKey = filtersToQuery(next).toString();
      if (nextKey === latest.current.key) return;
      latest.current = { key: nextKey, filters: filtersFromQuery(new URLSearchParams(nextKey)), pending: true };
      setQuery(new URLSearchParams(nextKey), { replace: true });
    },
    [setQuery],
  );
  const update = useCallback(
    (patch: Partial<ConversationFilters>) => setFilters({ ...latest.current.filters, ...patch }),
    [setFilters],
  );
  return { filters, setFilters, update };
}
