// What each socket message means for the cache. The socket is only a notifier:
// React Query refetches; nothing here stores server data.
import type { InvalidateQueryFilters } from '@tanstack/react-query';
import type { z } from 'zod';
import { realtimeMessages } from '../../api/generated/realtime/messages';
import { getListUnreadNotificationsQueryKey, getListNotificationsQueryKey } from '../../api/generated/endpoints/notifications/notifications';
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
    ...(event.data.conversationId === undefined ? [] : [{ queryKey: getGetConversationQueryKey(event.data.conversationId) }]),
  ],
  // The conversation with data.id and its messages share the prefix ['api','conversations', id].
  conversation_update: (event) => [...conversationLists, { queryKey: getGetConversationQueryKey(event.data.id) }],
};

/**
 * ok: the message, with `ignored` naming the fields left aside (unknown to
 * this version of the contract, or optional ones holding a value it cannot use).
 */
export type ParseResult = { ok: true; event: RealtimeEvent; ignored: string[] } | { ok: false; reason: string };

type AnyObject = z.ZodObject<Record<string, z.ZodType>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const describeIssues = (issues: z.core.$ZodIssue[]) =>
  issues.map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`).join('; ');

/**
 * Reads one text frame (asyncapi.yaml): the required fields must hold, the
 * rest is taken when usable and otherwise set aside, so a server that sends
 * less (only what the spec promises) or more (a newer version) still reaches
 * the screen. Not JSON, an unknown type or a bad required field: refused.
 */
export function parseRealtimeMessage(raw: string): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const type = isRecord(json) ? json.type : undefined;
  if (!isRecord(json) || typeof type !== 'string' || !Object.hasOwn(realtimeMessages, type)) {
    return { ok: false, reason: `unknown message type ${JSON.stringify(type)}` };
  }
  const envelope = realtimeMessages[type as RealtimeEventType] as unknown as AnyObject;
  const dataSchema = envelope.shape.data as AnyObject;
  if (!isRecord(json.data)) return { ok: false, reason: 'data: expected an object' };

  const ignored = [
    ...Object.keys(json).filter((key) => !(key in envelope.shape)),
    ...Object.keys(json.data)
      .filter((key) => !(key in dataSchema.shape))
      .map((key) => `data.${key}`),
  ];
  const data = { ...json.data };
  let result = envelope.safeParse({ ...json, data });
  if (!result.success) {
    // An optional field with a value this client cannot use is set aside, not fatal.
    const unusable = new Set<string>();
    for (const issue of result.error.issues) {
      const [where, key] = issue.path;
      const field = where === 'data' && typeof key === 'string' ? dataSchema.shape[key] : undefined;
      if (!field || !field.safeParse(undefined).success) return { ok: false, reason: describeIssues(result.error.issues) };
      unusable.add(key as string);
    }
    for (const key of unusable) delete data[key];
    ignored.push(...[...unusable].map((key) => `data.${key}`));
    result = envelope.safeParse({ ...json, data });
    if (!result.success) return { ok: false, reason: describeIssues(result.error.issues) };
  }
  return { ok: true, event: result.data as RealtimeEvent, ignored };
}

export function invalidationsForEvent(event: RealtimeEvent): InvalidateQueryFilters[] {
  // The table is indexed by the event's own type, so the pairing is sound.
  const entry = invalidationsFor[event.type] as (e: RealtimeEvent) => InvalidateQueryFilters[];
  return entry(event);
}
