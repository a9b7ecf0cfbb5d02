// React Query defaults (cache without staleness, no refetch on focus, no
// retry) and the one place that says what each mutation invalidates.
import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import type { MutationOperationId } from './generated/operations';
import { ApiError } from './mutator';
import { queryKeys } from './query-keys';

/**
 * After each mutation succeeds, these key prefixes are refetched. Typed over every
 * mutation of the contract, so a new operation cannot be left out.
 * ['api','products'] covers the list and each product; ['api','conversations']
 * covers the list, searches, each conversation and its messages; the 'infinate'
 * prefixes cover the same lists loaded a page at a time; the summary holds the
 * dashboard's counts of products, conversations and notifications.
 */
const products = [queryKeys.products, queryKeys.infiniteProducts, queryKeys.summary] as const;
const conversations = [queryKeys.conversations, queryKeys.infiniteConversations, queryKeys.summary] as const;
// ['api','notifications'] is also the prefix of the unread list (and the unread count), so both refetch.
const notifications = [queryKeys.notifications, queryKeys.infiniteNotifications, queryKeys.summary] as const;
const quotes = [
  queryKeys.quotes,
  queryKeys.infiniteQuotes,
  queryKeys.conversations,
  queryKeys.infiniteConversations,
] as const;

// An order's list and detail; a customer told of a change has a new message in their conversation.
const orders = [queryKeys.orders, queryKeys.infiniteOrders] as const;
// M-Pesa payments: their list (paged or whole), the orders they land on (and each order's payment
// requests, under ['api','orders',id]) and the summary's unmatched count.
const payments = [queryKeys.payments, queryKeys.infinitePayments, ...orders, queryKeys.summary] as const;

export const invalidatesAfter: Record<MutationOperationId, readonly QueryKey[]> = {
  login: [queryKeys.currentUser],
  logout: [],
  createProduct: products,
  updateProduct: products,
  deleteProduct: products,
  importProducts: products,
  updateConversationStatus: conversations,
  sendConversationMessage: conversations,
  sendConversationTemplate: conversations,
  retryConversationMessage: conversations,
  // Read state shows on the card and the detail; the summary does not count it.
  markConversationRead: conversations,
  markConversationUnread: conversations,
  createQuickReply: [queryKeys.quickReplies],
  updateQuickReply: [queryKeys.quickReplies],
  deleteQuickReply: [queryKeys.quickReplies],
  reorderQuickReplies: [queryKeys.quickReplies],
  // Zones and pickup are one list (GET /api/delivery-zones).
  createDeliveryZone: [queryKeys.deliveryZones],
  updateDeliveryZone: [queryKeys.deliveryZones],
  deleteDeliveryZone: [queryKeys.deliveryZones],
  updateDeliveryPickup: [queryKeys.deliveryZones],
  // The Settings list and the conversation's template picker read the same list.
  syncMessageTemplates: [queryKeys.messageTemplates],
  markNotificationRead: notifications,
  markAllNotificationsRead: notifications,
  updateFollowUpSettings: [queryKeys.followUpSettings],
  updateBotSettings: [queryKeys.botSettings],
  runFollowUpCheck: conversations,
  updateBusinessProfile: [queryKeys.business],
  uploadBusinessLogo: [queryKeys.business],
  // A quote shows in the quote lists and in its conversation (its quotes, and the message a send adds).
  createQuote: quotes,
  updateQuote: quotes,
  reviseQuote: quotes,
  sendQuote: quotes,
  cancelQuote: quotes,
  acceptQuote: quotes,
  updateOrder: orders,
  changeOrderStatus: [...orders, ...conversations],
  recordOrderPayment: orders,
  requestOrderPayment: orders,
  matchPayment: payments,
  dismissPayment: payments,
};

export interface QueryClientHooks {
  /** A call other than the session check answered 401: the session has ended. */
  onSessionExpired?: () => void;
}

const isSessionCheck = (key: QueryKey | undefined) => JSON.stringify(key) === JSON.stringify(queryKeys.currentUser);

export function createQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  const expired = (error: unknown) => error instanceof ApiError && error.status === 401;
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      // Cached data never goes stale: no refetch on focus, no polling by default, no retry.
      // Data refreshes when a mutation invalidates it (invalidatesAfter) or a realtime event asks.
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (expired(error) && !isSessionCheck(query.queryKey)) hooks.onSessionExpired?.();
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: async (_data, _variables, _context, mutation) => {
        const operation = mutation.options.mutationKey?.[0] as MutationOperationId | undefined;
        const keys = operation ? invalidatesAfter[operation] : undefined;
        await Promise.all((keys ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));
      },
      onError: (error, _variables, _context, mutation) => {
        const operation = mutation.options.mutationKey?.[0];
        if (expired(error) && operation !== 'login') hooks.onSessionExpired?.();
      },
    }),
  });
  return client;
}
