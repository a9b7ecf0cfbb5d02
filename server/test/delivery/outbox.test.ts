import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../../delivery/outbox/sender';
import { startTestServer, type TestServer } from '../helpers';

const delivered: OutgoingMessage[] = [];
let failNext = true;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    sender: {
      name: 'test sender',
      async send(message) {
        if (failNext) {
          failNext = false;
          throw new Error('gateway down');
        }
        delivered.push(message);
      },
    },
  });
});
afterAll(() => server.close());

describe('outbox with a sender plugged in', () => {
  it('delivers an admin reply, retrying after a failure, and marks it sent', async () => {
    const id = await server.app.services.inbound.customerMessage('+254712345678', 'Wanjiru Kamau', 'Habari');
    await server.app.services.conversations.setStatus(id, 'admin_takeover');
    const headers = { cookie: server.cookie };
    await server.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers,
      payload: { content: 'Karibu!', messageType: 'text' },
    });
    await server.app.services.outbox.idle();
    let row = await server.database.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'gateway down' });
    // Tried again after a backoff (2 s with jitter: 1 to 2 s), not before.
    const wait = row.next_attempt_at!.getTime() - server.clock.now.getTime();
    expect(wait).toBeGreaterThanOrEqual(1_000);
    expect(wait).toBeLessThanOrEqual(2_000);
    server.app.services.outbox.kick();
    await server.app.services.outbox.idle();
    expect(delivered).toEqual([]);

    server.clock.now = new Date(server.clock.now.getTime() + wait);
    server.app.services.outbox.kick();
    await server.app.services.outbox.idle();
    row = await server.database.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(delivered).toEqual([
      { id: row.id, conversationId: id, to: '+254712345678', content: 'Karibu!', kind: 'admin_reply' },
    ]);
  });
});
