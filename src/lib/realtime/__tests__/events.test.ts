import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidationsForEvent } from '../events';
import { parseRealtimeMessage } from '../parse-message';
import { backoffDelay, realtimeUrl } from '../connection';

function invalidatedKeys(raw: string, keys: unknown[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, []);
  const parsed = parseRealtimeMessage(raw);
  if (!parsed.ok) throw new Error(parsed.reason);
  for (const filters of invalidationsForEvent(parsed.event)) {
    void client.invalidateQueries({ ...filters, refetchType: 'none' });
  }
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey);
}

const cached = [
  ['api', 'notifications'],
  ['api', 'notifications', 'unread'],
  ['api', 'conversations'],
  ['api', 'conversations', 'search', { status: 'admin_required' }],
  ['api', 'conversations', 102],
  ['api', 'conversations', 102, 'messages'],
  ['api', 'conversations', 103],
  ['api', 'conversations', 103, 'messages'],
  ['api', 'products'],
  ['api', 'summary'],
  ['api', 'notifications', 'unread', { limit: 1 }],
  ['infinate', 'api', 'notifications', { limit: 100 }],
  ['infinate', 'api', 'conversations', { limit: 100 }],
  ['infinate', 'api', 'conversations', 'search', { status: 'bot_active', limit: 100 }],
  ['infinate', 'api', 'conversations', 102, 'messages', { limit: 100 }],
  ['infinate', 'api', 'conversations', 103, 'messages', { limit: 100 }],
  ['infinate', 'api', 'products'],
];

describe('realtime messages', () => {
  it('a minimal notification (data holds only the required message) refreshes unread, the notification list, the conversation lists (whole and paged) and the counts', () => {
    const raw = JSON.stringify({ type: 'notification', data: { message: 'Delivery?' } });
    expect(parseRealtimeMessage(raw)).toEqual({
      ok: true,
      event: { type: 'notification', data: { message: 'Delivery?' } },
      ignored: [],
    });
    expect(invalidatedKeys(raw, cached)).toEqual([
      ['api', 'notifications'],
      ['api', 'notifications', 'unread'],
      ['api', 'conversations'],
      ['api', 'conversations', 'search', { status: 'admin_required' }],
      ['api', 'summary'],
      ['api', 'notifications', 'unread', { limit: 1 }],
      ['infinate', 'api', 'notifications', { limit: 100 }],
      ['infinate', 'api', 'conversations', { limit: 100 }],
      ['infinate', 'api', 'conversations', 'search', { status: 'bot_active', limit: 100 }],
    ]);
  });

  it('a notification naming its conversation also refreshes that conversation and its messages', () => {
    const raw = JSON.stringify({
      type: 'notification',
      data: { id: 9, type: 'delivery_inquiry', message: 'Delivery?', conversationId: 102 },
    });
    expect(invalidatedKeys(raw, cached)).toEqual([
      ['api', 'notifications'],
      ['api', 'notifications', 'unread'],
      ['api', 'conversations'],
      ['api', 'conversations', 'search', { status: 'admin_required' }],
      ['api', 'conversations', 102],
      ['api', 'conversations', 102, 'messages'],
      ['api', 'summary'],
      ['api', 'notifications', 'unread', { limit: 1 }],
      ['infinate', 'api', 'notifications', { limit: 100 }],
      ['infinate', 'api', 'conversations', { limit: 100 }],
      ['infinate', 'api', 'conversations', 'search', { status: 'bot_active', limit: 100 }],
      ['infinate', 'api', 'conversations', 102, 'messages', { limit: 100 }],
    ]);
  });

  it('conversation_update refreshes the lists and only the matching conversation with its messages', () => {
    const raw = JSON.stringify({ type: 'conversation_update', data: { id: 102 } });
    expect(invalidatedKeys(raw, cached)).toEqual([
      ['api', 'conversations'],
      ['api', 'conversations', 'search', { status: 'admin_required' }],
      ['api', 'conversations', 102],
      ['api', 'conversations', 102, 'messages'],
      ['api', 'summary'],
      ['infinate', 'api', 'conversations', { limit: 100 }],
      ['infinate', 'api', 'conversations', 'search', { status: 'bot_active', limit: 100 }],
      ['infinate', 'api', 'conversations', 102, 'messages', { limit: 100 }],
    ]);
  });

  it('order_updated refreshes the orders, and the quotes of the conversation it names (they now lead to it)', () => {
    const keys = [
      ['api', 'orders'],
      ['api', 'orders', 3],
      ['api', 'conversations', 102, 'quotes'],
      ['api', 'conversations', 103, 'quotes'],
      ['api', 'conversations', 103, 'messages'],
      ['api', 'summary'],
    ];
    const data = { orderId: 3, status: 'confirmed', paymentStatus: 'unpaid' };
    expect(
      invalidatedKeys(JSON.stringify({ type: 'order_updated', data: { ...data, conversationId: 103 } }), keys),
    ).toEqual([
      ['api', 'orders'],
      ['api', 'orders', 3],
      ['api', 'conversations', 103, 'quotes'],
    ]);
    // From a backend that does not name it: the orders only.
    expect(invalidatedKeys(JSON.stringify({ type: 'order_updated', data }), keys)).toEqual([
      ['api', 'orders'],
      ['api', 'orders', 3],
    ]);
  });

  it('conversation_update with notificationsRead refreshes the notification lists and the unread count too', () => {
    const raw = JSON.stringify({ type: 'conversation_update', data: { id: 102, notificationsRead: true } });
    expect(invalidatedKeys(raw, cached)).toEqual([
      ['api', 'notifications'],
      ['api', 'notifications', 'unread'],
      ['api', 'conversations'],
      ['api', 'conversations', 'search', { status: 'admin_required' }],
      ['api', 'conversations', 102],
      ['api', 'conversations', 102, 'messages'],
      ['api', 'summary'],
      ['api', 'notifications', 'unread', { limit: 1 }],
      ['infinate', 'api', 'notifications', { limit: 100 }],
      ['infinate', 'api', 'conversations', { limit: 100 }],
      ['infinate', 'api', 'conversations', 'search', { status: 'bot_active', limit: 100 }],
      ['infinate', 'api', 'conversations', 102, 'messages', { limit: 100 }],
    ]);
  });

  it('acts on a message with fields it does not know, and names them', () => {
    const parsed = parseRealtimeMessage(
      JSON.stringify({
        type: 'notification',
        data: { message: 'Deposit by M-Pesa', priority: 'high' },
        sentBy: 'bot-2',
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      event: { type: 'notification', data: { message: 'Deposit by M-Pesa' } },
      ignored: ['sentBy', 'data.priority'],
    });
    const update = parseRealtimeMessage('{"type":"conversation_update","data":{"id":103,"unreadCount":4}}');
    expect(update).toEqual({
      ok: true,
      event: { type: 'conversation_update', data: { id: 103 } },
      ignored: ['data.unreadCount'],
    });
  });

  it('sets aside an optional field it cannot use and keeps the message', () => {
    const parsed = parseRealtimeMessage(
      JSON.stringify({
        type: 'notification',
        data: { message: 'Call me', conversationId: 'abc', type: 'callback_request', id: 5 },
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      event: { type: 'notification', data: { message: 'Call me', id: 5 } },
      ignored: expect.arrayContaining(['data.conversationId', 'data.type']),
    });
  });

  it('refuses frames that are not messages of the contract, with a reason', () => {
    expect(parseRealtimeMessage('not json')).toEqual({ ok: false, reason: 'not JSON' });
    expect(parseRealtimeMessage('null')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('unknown message type'),
    });
    expect(parseRealtimeMessage('{"type":"order_paid","data":{}}')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('order_paid'),
    });
    expect(parseRealtimeMessage('{"type":"toString","data":{}}')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('toString'),
    });
    expect(parseRealtimeMessage('{"type":"notification"}')).toEqual({ ok: false, reason: 'data: expected an object' });
    expect(parseRealtimeMessage('{"type":"notification","data":"hello"}')).toEqual({
      ok: false,
      reason: 'data: expected an object',
    });
  });

  it('refuses a message whose required field is missing or invalid', () => {
    for (const raw of [
      '{"type":"notification","data":{"id":1,"conversationId":102}}',
      '{"type":"notification","data":{"message":""}}',
      '{"type":"notification","data":{"message":42}}',
    ]) {
      const parsed = parseRealtimeMessage(raw);
      expect(parsed.ok, raw).toBe(false);
      expect(!parsed.ok && parsed.reason, raw).toContain('data.message');
    }
    for (const raw of [
      '{"type":"conversation_update","data":{}}',
      '{"type":"conversation_update","data":{"id":"102"}}',
      '{"type":"conversation_update","data":{"id":0}}',
    ]) {
      const parsed = parseRealtimeMessage(raw);
      expect(parsed.ok, raw).toBe(false);
      expect(!parsed.ok && parsed.reason, raw).toContain('data.id');
    }
  });
});

describe('connection', () => {
  it('uses wss on https pages and ws otherwise, on the same host', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'admin.example.co.ke' })).toBe('wss://admin.example.co.ke/ws');
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:5173' })).toBe('ws://127.0.0.1:5173/ws');
  });

  it('backs off exponentially up to a ceiling', () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, 500, 15_000))).toEqual([500, 1000, 2000, 4000, 15_000]);
  });
});
