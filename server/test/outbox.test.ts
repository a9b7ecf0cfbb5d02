import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../outbox/sender';
import { startTestServer, type TestServer } from './helpers';

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

    server.app.services.outbox.kick();
    await server.app.services.outbox.idle();
    row = await server.database.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(delivered).toEqual([
      { id: row.id, conversationId: id, to: '+254712345678', content: 'Karibu!', kind: 'admin_reply' },
    ]);
  });
});
