import { useCallback, useMemo } from 'react';
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

  const setFilters = useCallback(
    (next: ConversationFilters) => {
      const nextQuery = filtersToQuery(next);
      if (nextQuery.toString() !== key) setQuery(nextQuery, { replace: true });
    },
    [key, setQuery],
  );
  const update = useCallback(
    (patch: Partial<ConversationFilters>) => setFilters({ ...filters, ...patch }),
    [filters, setFilters],
  );
  return { filters, setFilters, update };
}
