import {
  useListConversations,
  useSearchConversations,
} from '../../api/generated/endpoints/conversations/conversations';
import { hasActiveFilters, toSearchParams, type ConversationFilters } from './filters';

/** The plain list without filters, the search with at least one. Only one of the two runs. */
export function useConversationList(filters: ConversationFilters) {
  const filtering = hasActiveFilters(filters);
  const list = useListConversations({ query: { enabled: !filtering } });
  const search = useSearchConversations(toSearchParams(filters), { query: { enabled: filtering } });
  return { filtering, result: filtering ? search : list };
}
