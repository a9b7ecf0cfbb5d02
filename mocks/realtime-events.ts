// The realtime channel's messages (asyncapi.yaml) as the mock sends them:
// defaults for partial events, validation against the generated zod schemas,
// and a small client for the mock's control routes (used by the CLI and e2e).
import zod from 'zod';
import {
  conversationUpdateEventResponse,
  messageStatusEventResponse,
  notificationEventResponse,
} from '../common/generated/realtime/realtime.zod';
import { fakeNotificationMessage } from './faker-data';

export type NotificationEvent = zod.infer<typeof notificationEventResponse>;
export type ConversationUpdateEvent = zod.infer<typeof conversationUpdateEventResponse>;
export type MessageStatusEvent = zod.infer<typeof messageStatusEventResponse>;
export type RealtimeEvent = NotificationEvent | ConversationUpdateEvent | MessageStatusEvent;
export type RealtimeEventType = RealtimeEvent['type'];
export type EventData<T extends RealtimeEventType> = Extract<RealtimeEvent, { type: T }>['data'];

// The generated schemas accept fractions where asyncapi.yaml says integer.
// Unknown fields pass, as the contract allows them (a newer server may send more).
const integer = (value: number | undefined) => value === undefined || Number.isInteger(value);
const contractEvent = zod.discriminatedUnion('type', [
  notificationEventResponse
    .extend({
      data: notificationEventResponse.shape.data
        .loose()
        .refine((d) => integer(d.id), { message: 'id must be an integer', path: ['id'] })
        .refine((d) => integer(d.conversationId), {
          message: 'conversationId must be an integer',
          path: ['conversationId'],
        }),
    })
    .loose(),
  conversationUpdateEventResponse
    .extend({
      data: conversationUpdateEventResponse.shape.data
        .loose()
        .refine((d) => integer(d.id), { message: 'id must be an integer', path: ['id'] }),
    })
    .loose(),
  messageStatusEventResponse
    .extend({
      data: messageStatusEventResponse.shape.data
        .loose()
        .refine((d) => integer(d.conversationId), {
          message: 'conversationId must be an integer',
          path: ['conversationId'],
        })
        .refine((d) => integer(d.messageId), { message: 'messageId must be an integer', path: ['messageId'] }),
    })
    .loose(),
]);

export type ValidationResult =
  { ok: true; event: RealtimeEvent } | { ok: false; issues: zod.core.$ZodIssue[]; message: string };

/** Checks an envelope against the contract. */
export function validateEvent(candidate: unknown): ValidationResult {
  const result = contractEvent.safeParse(candidate);
  if (result.success) return { ok: true, event: result.data as RealtimeEvent };
  return { ok: false, issues: result.error.issues, message: zod.prettifyError(result.error) };
}

// Ids above the contract examples' (notifications 224-232).
let nextNotificationId = 300;

/**
 * Completes a partial event with realistic values: a fresh notification id,
 * conversation 102, type delivery_inquiry, a generated message and the
 * current time. Fields given are kept as they are (and validated later).
 * With `exact`, nothing is added: the event is sent as given (e.g. the
 * minimal `{"type":"notification","data":{"message":"…"}}`, only the required field).
 */
export function withDefaults(type: unknown, data: unknown, exact = false): unknown {
  if (exact) return { type, data };
  const given =
    data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  if (type === 'notification') {
    const kind = typeof given.type === 'string' ? given.type : 'delivery_inquiry';
    return {
      type,
      data: {
        id: nextNotificationId++,
        type: kind,
        message: fakeNotificationMessage(
          (['product_not_found', 'delivery_inquiry', 'payment_inquiry', 'unclear_request'] as const).find(
            (k) => k === kind,
          ) ?? 'delivery_inquiry',
        ),
        conversationId: 102,
        createdAt: new Date().toISOString(),
        ...given,
      },
    };
  }
  if (type === 'conversation_update') return { type, data: { id: 102, ...given } };
  if (type === 'message_status')
    return { type, data: { conversationId: 102, messageId: 1213, deliveryStatus: 'delivered', ...given } };
  return { type, data };
}

// ---------------------------------------------------------------------------
// Control client

/** Cookie that tags a browser's sockets so a test reaches only its own pages. */
export const CLIENT_TAG_COOKIE = 'rt_client';

/** Data of a pushed event: contract fields (all optional here) plus any unknown ones. */
export type PushData<T extends RealtimeEventType> = Partial<EventData<T>> & Record<string, unknown>;

export type PushResult = { delivered: number; event: RealtimeEvent };
export type Status = { clients: number; connections: number };

export class RealtimeControlError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/**
 * Calls the realtime mock's control routes. With `tag`, only sockets whose
 * upgrade request carried the cookie rt_client=<tag> are reached; without it,
 * every connected socket.
 */
export function createRealtimeControl(baseUrl: string, tag?: string) {
  const url = (route: string) => {
    const target = new URL(`/__control/${route}`, baseUrl);
    if (tag) target.searchParams.set('client', tag);
    return target.toString();
  };
  const call = async <T>(route: string, init: RequestInit = {}): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(url(route), init);
    } catch (error) {
      throw new RealtimeControlError(
        `realtime mock not reachable at ${baseUrl} (${(error as Error).message}); start it with npm run mock:realtime`,
        0,
        undefined,
      );
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the text
    }
    if (!response.ok) {
      const detail =
        body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : text;
      throw new RealtimeControlError(
        `${init.method ?? 'GET'} /__control/${route} → ${response.status}: ${detail}`,
        response.status,
        body,
      );
    }
    return body as T;
  };

  return {
    /**
     * Sends one contract event: missing data fields get defaults, unless
     * `exact` (then only what is given; the mock still refuses what breaks
     * the contract). Unknown fields pass, as the contract allows them.
     */
    push<T extends RealtimeEventType>(
      type: T,
      data: PushData<T> = {},
      { exact = false }: { exact?: boolean } = {},
    ): Promise<PushResult> {
      return call(exact ? 'events?exact=1' : 'events', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type, data }),
      });
    },
    /** Sends a text frame as is (e.g. not JSON, or an unknown type). */
    raw(text: string): Promise<{ delivered: number }> {
      return call('raw', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: text });
    },
    /** Cuts every socket without a close handshake (the browser sees code 1006). */
    drop(): Promise<{ dropped: number }> {
      return call('drop', { method: 'POST' });
    },
    /** Closes every socket with a close code (4401: the session ended, as the server does on sign-out). */
    close(code: number, reason?: string): Promise<{ closed: number }> {
      const query = new URLSearchParams({ code: String(code), ...(reason ? { reason } : {}) });
      return call(`close?${query}`, { method: 'POST' });
    },
    /** Open sockets now and connections accepted so far. */
    status(): Promise<Status> {
      return call('health');
    },
  };
}

export type RealtimeControl = ReturnType<typeof createRealtimeControl>;
