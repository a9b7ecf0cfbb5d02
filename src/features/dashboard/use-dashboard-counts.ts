// The dashboard's counters: GET /api/summary answers them in one small call. A backend without
// it (it is not one of the spec's calls) answers 404: then the spec's lists are fetched whole and
// counted, as the dashboard always did. Any other failure of the summary is a failure.
import { useMemo } from 'react';
import { useListConversations } from '../../api/generated/endpoints/conversations/conversations';
import { useListProducts } from '../../api/generated/endpoints/products/products';
import { useGetSummary } from '../../api/generated/endpoints/summary/summary';
import { ApiError } from '../../api/mutator';
import { selectItems } from '../../api/paging';
import { countActiveConversations, countActiveProducts, countNeedingAttention } from './dashboard-selectors';

type State = 'pending' | 'error' | 'success';

export interface ProductCounts {
  state: State;
  active?: number;
  total?: number;
  retry: () => void;
}

export interface ConversationCounts {
  state: State;
  active?: number;
  needingAttention?: number;
  retry: () => void;
}

export function useDashboardCounts(): { products: ProductCounts; conversations: ConversationCounts } {
  const summary = useGetSummary();
  const fallback = summary.error instanceof ApiError && summary.error.status === 404;
  const products = useListProducts(undefined, { query: { enabled: fallback, select: selectItems } });
  const conversations = useListConversations(undefined, { query: { enabled: fallback, select: selectItems } });

  const productCounts = useMemo(
    () => products.data && { active: countActiveProducts(products.data), total: products.data.length },
    [products.data],
  );
  const conversationCounts = useMemo(
    () =>
      conversations.data && {
        active: countActiveConversations(conversations.data, Date.now()),
        needingAttention: countNeedingAttention(conversations.data),
      },
    [conversations.data],
  );

  if (fallback) {
    return {
      products: { state: products.status, ...productCounts, retry: () => void products.refetch() },
      conversations: { state: conversations.status, ...conversationCounts, retry: () => void conversations.refetch() },
    };
  }
  const retry = () => void summary.refetch();
  const data = summary.data;
  return {
    products: { state: summary.status, active: data?.activeProducts, total: data?.totalProducts, retry },
    conversations: {
      state: summary.status,
      active: data?.activeConversations,
      needingAttention: data?.conversationsNeedingAttention,
      retry,
    },
  };
}
