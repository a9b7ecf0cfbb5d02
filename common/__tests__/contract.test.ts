import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ASYNCAPI_FILE,
  CONTRACT_FILE,
  createAjv,
  loadAsyncApi,
  loadOpenApi,
  loadOperations,
  operation,
  responseViolation,
} from '../contract';

describe('the contract loader', () => {
  it('finds both contract files from the project root', () => {
    expect(existsSync(CONTRACT_FILE)).toBe(true);
    expect(existsSync(ASYNCAPI_FILE)).toBe(true);
    expect(loadOpenApi().openapi).toMatch(/^3\.1\./);
  });

  it('lists every operation with its schemas resolved', () => {
    const operations = loadOperations();
    const count = Object.values(loadOpenApi().paths).flatMap((item) =>
      Object.values(item).filter((op) => (op as { operationId?: string })?.operationId),
    ).length;
    expect(operations).toHaveLength(count);
    expect(JSON.stringify(operations)).not.toContain('"$ref"');
    const login = operation('login');
    expect(login).toMatchObject({ method: 'POST', path: '/api/auth/login', public: true });
    expect(login.jsonBody).toBeDefined();
    expect(operation('getProduct').url).toBe('/api/products/:id');
  });

  it('reads the message payloads of asyncapi.yaml by type', () => {
    const payloads = loadAsyncApi();
    expect(Object.keys(payloads).sort()).toEqual([
      'conversation_update',
      'message_status',
      'notification',
      'order_updated',
      'payment_updated',
      'quote_updated',
    ]);
    const validate = createAjv().compile(payloads.notification);
    expect(validate({ type: 'notification', data: { message: 'Customer asks about delivery to Nakuru' } })).toBe(true);
    expect(validate({ type: 'notification', data: {} })).toBe(false);
    const status = createAjv().compile(payloads.message_status);
    expect(
      status({ type: 'message_status', data: { conversationId: 101, messageId: 1211, deliveryStatus: 'read' } }),
    ).toBe(true);
    expect(
      status({ type: 'message_status', data: { conversationId: 101, messageId: 1211, deliveryStatus: 'seen' } }),
    ).toBe(false);
  });

  it('refuses a date-time no clock can hold', () => {
    const validate = createAjv().compile({ type: 'string', format: 'date-time' });
    expect(validate('2026-11-23T09:00:00Z')).toBe(true);
    expect(validate('2026-12-31T23:59:60Z')).toBe(false);
  });

  it('names what a response breaks', () => {
    expect(responseViolation('getCurrentUser', 599, 'application/json', '{}')).toMatch(/not documented/);
    expect(responseViolation('login', 200, 'text/html', '<p>')).toMatch(/content type/);
  });
});
