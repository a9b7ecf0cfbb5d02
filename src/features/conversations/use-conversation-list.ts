import { useMemo } from 'react';
import {
  useListConversationsInfinite,
  useSearchConversationsInfinite,
} from '../../api/generated/endpoints/conversations/conversations';
import { PAGE_SIZES, cursorPaging, pageItems, pagesTotal } from '../../api/paging';
import { hasActiveFilters, toSearchParams, type ConversationFilters } from './filters';

/** Conversations per page asked of the server, and cards rendered per step. */
export const CONVERSATION_PAGE_SIZE = PAGE_SIZES.conversations;

/**
 * The plain list without filters, the search with at least one; only one of the two runs. Both
 * are loaded a page at a time (a server that does not page answers everything on the first).
 */
export function useConversationList(filters: ConversationFilters) {
  const filtering = hasActiveFilters(filters);
  const limit = CONVERSATION_PAGE_SIZE;
  const list = useListConversationsInfinite({ limit }, { query: { ...cursorPaging, enabled: !filtering } });
  const search = useSearchConversationsInfinite(
    { ...toSearchParams(filters), limit },
    { query: { ...cursorPaging, enabled: filtering } },
  );
  const result = filtering ? search : list;
  // X-Total-Count when the server counts, else what is loaded (everything, from a server that does not page).
  const items = useMemo(() => pageItems(result.data), [result.data]);
  return { filtering, result, items, total: pagesTotal(result.data) };
}
