import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidationsForEvent, parseRealtimeMessage } from '../events';
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
];

describe('realtime messages', () => {
  it('notification refreshes unread, the notification list and the conversation lists', () => {
    const raw = JSON.stringify({ type: 'notification', data: { id: 9, type: 'delivery_inquiry', message: 'Delivery?', conversationId: 102 } });
    expect(invalidatedKeys(raw, cached)).toEqual([
      ['api', 'notifications'],
      ['api', 'notifications', 'unread'],
      ['api', 'conversations'],
      ['api', 'conversations', 'search', { status: 'admin_required' }],
    ]);
  });

  it('conversation_update refreshes the lists and only the matching conversation with its messages', () => {
    const raw = JSON.stringify({ type: 'conversation_update', data: { id: 102 } });
    expect(invalidatedKeys(raw, cached)).toEqual([
      ['api', 'conversations'],
      ['api', 'conversations', 'search', { status: 'admin_required' }],
      ['api', 'conversations', 102],
      ['api', 'conversations', 102, 'messages'],
    ]);
  });

  it('refuses frames that are not messages of the contract, with a reason', () => {
    expect(parseRealtimeMessage('not json')).toEqual({ ok: false, reason: 'not JSON' });
    expect(parseRealtimeMessage('{"type":"order_paid","data":{}}')).toMatchObject({ ok: false, reason: expect.stringContaining('order_paid') });
    const missing = parseRealtimeMessage('{"type":"notification","data":{"id":1}}');
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.reason).toContain('data.message');
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
