// What each socket message means for the cache. The socket is only a notifier:
// React Query refetches; nothing here stores server data.
import type { InvalidateQueryFilters } from '@tanstack/react-query';
import type { z } from 'zod';
import type { realtimeMessages } from '../../../common/generated/realtime/messages';
import {
  getListUnreadNotificationsQueryKey,
  getListNotificationsQueryKey,
} from '../../api/generated/endpoints/notifications/notifications';
import {
  getGetConversationQueryKey,
  getListConversationsQueryKey,
  getSearchConversationsQueryKey,
} from '../../api/generated/endpoints/conversations/conversations';

export type RealtimeEventType = keyof typeof realtimeMessages;
export type RealtimeEventOf<T extends RealtimeEventType> = z.infer<(typeof realtimeMessages)[T]>;
export type RealtimeEvent = { [T in RealtimeEventType]: RealtimeEventOf<T> }[RealtimeEventType];

/** Every conversation list on screen: the plain list and any filtered search. */
const conversationLists: InvalidateQueryFilters[] = [
  { queryKey: getListConversationsQueryKey(), exact: true },
  { queryKey: getSearchConversationsQueryKey() },
];

/**
 * Event type → queries to refetch. A mapped type over the contract's messages:
 * a message added to asyncapi.yaml does not compile until it has an entry here.
 */
export const invalidationsFor: { [T in RealtimeEventType]: (event: RealtimeEventOf<T>) => InvalidateQueryFilters[] } = {
  notification: (event) => [
    { queryKey: getListUnreadNotificationsQueryKey() },
    { queryKey: getListNotificationsQueryKey() },
    ...conversationLists,
    // Optional in the contract: when the server names the conversation, its
    // detail (and messages) refresh too, since the bot has just handed it over.
    ...(event.data.conversationId === undefined
      ? []
      : [{ queryKey: getGetConversationQueryKey(event.data.conversationId) }]),
  ],
  // The conversation with data.id and its messages share the prefix ['api','conversations', id].
  conversation_update: (event) => [...conversationLists, { queryKey: getGetConversationQueryKey(event.data.id) }],
};

export function invalidationsForEvent(event: RealtimeEvent): InvalidateQueryFilters[] {
  // The table is indexed by the event's own type, so the pairing is sound.
  const entry = invalidationsFor[event.type] as (e: RealtimeEvent) => InvalidateQueryFilters[];
  return entry(event);
}
