// What each socket message means for the cache. The socket is only a notifier:
// React Query refetches; nothing here stores server data.
import type { InvalidateQueryFilters } from '@tanstack/react-query';
import type { z } from 'zod';
import type { realtimeMessages } from '../../../common/generated/realtime/messages';
import {
  getListNotificationsInfiniteQueryKey,
  getListNotificationsQueryKey,
  getListUnreadNotificationsQueryKey,
} from '../../api/generated/endpoints/notifications/notifications';
import {
  getGetConversationQueryKey,
  getListConversationMessagesInfiniteQueryKey,
  getListConversationsInfiniteQueryKey,
  getListConversationsQueryKey,
  getSearchConversationsInfiniteQueryKey,
  getSearchConversationsQueryKey,
} from '../../api/generated/endpoints/conversations/conversations';
import { getGetSummaryQueryKey } from '../../api/generated/endpoints/summary/summary';
import { PAGE_SIZES } from '../../api/paging';
import { queryKeys } from '../../api/query-keys';

export type RealtimeEventType = keyof typeof realtimeMessages;
export type RealtimeEventOf<T extends RealtimeEventType> = z.infer<(typeof realtimeMessages)[T]>;
export type RealtimeEvent = { [T in RealtimeEventType]: RealtimeEventOf<T> }[RealtimeEventType];

/**
 * Every conversation list on screen: the plain list and any filtered search, whole (the
 * dashboard's) or a page at a time (the list screen's). A paged list refetches only its first
 * page (see refetch.ts). The paged plain list is named exactly: its prefix would reach every
 * conversation's messages too.
 */
const conversationLists: InvalidateQueryFilters[] = [
  { queryKey: getListConversationsQueryKey(), exact: true },
  { queryKey: getSearchConversationsQueryKey() },
  { queryKey: getListConversationsInfiniteQueryKey({ limit: PAGE_SIZES.conversations }), exact: true },
  { queryKey: getSearchConversationsInfiniteQueryKey() },
];

/** The counts of the dashboard and the badges. */
const counts: InvalidateQueryFilters[] = [{ queryKey: getGetSummaryQueryKey() }];

/** A conversation and its messages, whole or paged: both share the prefix […, 'conversations', id]. */
const conversation = (id: number): InvalidateQueryFilters[] => [
  { queryKey: getGetConversationQueryKey(id) },
  { queryKey: getListConversationMessagesInfiniteQueryKey(id).slice(0, -1) },
];

/**
 * Event type → queries to refetch. A mapped type over the contract's messages:
 * a message added to asyncapi.yaml does not compile until it has an entry here.
 */
/** The notification lists: ['api','notifications'] covers the unread list and the unread count. */
const notificationLists: InvalidateQueryFilters[] = [
  { queryKey: getListNotificationsQueryKey() },
  { queryKey: getListUnreadNotificationsQueryKey() },
  { queryKey: getListNotificationsInfiniteQueryKey() },
];

export const invalidationsFor: { [T in RealtimeEventType]: (event: RealtimeEventOf<T>) => InvalidateQueryFilters[] } = {
  notification: (event) => [
    ...notificationLists,
    ...conversationLists,
    ...counts,
    // Optional in the contract: when the server names the conversation, its
    // detail (and messages) refresh too, since the bot has just handed it over.
    ...(event.data.conversationId === undefined ? [] : conversation(event.data.conversationId)),
  ],
  conversation_update: (event) => [
    ...conversationLists,
    ...counts,
    ...conversation(event.data.id),
    // Someone handled the conversation (or read a notification of it): its notifications are read.
    ...(event.data.notificationsRead === true ? notificationLists : []),
  ],
  // A delivery state shows only on the message itself: its conversation's messages refetch (when on screen).
  message_status: (event) => [
    { queryKey: getListConversationMessagesInfiniteQueryKey(event.data.conversationId).slice(0, -1) },
  ],
  // Every quote list and detail, and the conversation's quotes (['api','conversations',id,'quotes']).
  quote_updated: (event) => [
    { queryKey: queryKeys.quotes },
    { queryKey: queryKeys.infiniteQuotes },
    { queryKey: [...queryKeys.conversations, event.data.conversationId, 'quotes'] },
  ],
  // Beyond the spec: ['api','orders'] is the prefix of the list and of every order (the one on screen among them);
  // the conversation's quotes now lead to the order (a quote in its thread links to it).
  order_updated: (event) => [
    { queryKey: queryKeys.orders },
    { queryKey: queryKeys.infiniteOrders },
    ...(event.data.conversationId === undefined
      ? []
      : [{ queryKey: [...queryKeys.conversations, event.data.conversationId, 'quotes'] }]),
  ],
  // Beyond the spec: the payments (whole or paged), the unmatched count, and the order's payment requests.
  payment_updated: (event) => [
    { queryKey: queryKeys.payments },
    { queryKey: queryKeys.infinitePayments },
    ...counts,
    ...(event.data.orderId === undefined ? [] : [{ queryKey: [...queryKeys.orders, event.data.orderId] }]),
  ],
};

export function invalidationsForEvent(event: RealtimeEvent): InvalidateQueryFilters[] {
  // The table is indexed by the event's own type, so the pairing is sound.
  const entry = invalidationsFor[event.type] as (e: RealtimeEvent) => InvalidateQueryFilters[];
  return entry(event);
}
