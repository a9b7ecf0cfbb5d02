// A conversation handled by staff (a reply, a hand-back to the bot) has its
// notifications read for every staff member, announced on the socket.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../realtime/events';
import { TEST_NOW, startTestServer, type TestServer } from '../helpers';

let server: TestServer;
const events: RealtimeEvent[] = [];
beforeAll(async () => {
  server = await startTestServer();
  const hub = server.app.hub;
  const publish = hub.publish.bind(hub);
  hub.publish = (event) => {
    events.push(event);
    publish(event);
  };
});
afterAll(() => server.close());
beforeEach(() => {
  server.clock.now = new Date(TEST_NOW);
  events.length = 0;
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { cookie: server.cookie } });

let phone = 733000100;
/** A conversation the bot handed to staff twice (two unread notifications). */
async function handedOff() {
  const inbound = server.app.services.inbound;
  const id = await inbound.customerMessage(`+254${phone++}`, 'Brian Otieno', 'Can you deliver to Nakuru?');
  await inbound.handoff(id, 'delivery_inquiry', 'Customer asks about delivery to Nakuru');
  await inbound.handoff(id, 'payment_inquiry', 'Customer asks to pay by M-Pesa');
  return id;
}
const unreadOf = async (id: number) =>
  (
    await server.database.db.selectFrom('notifications').select('is_read').where('conversation_id', '=', id).execute()
  ).filter((n) => !n.is_read).length;
const readAnnounced = (id: number) =>
  events.filter((e) => e.type === 'conversation_update' && e.data.id === id && e.data.notificationsRead === true);

describe("a handled conversation's notifications are read", () => {
  it('by a staff reply, for every staff member, announced once; another conversation keeps its own', async () => {
    const id = await handedOff();
    const other = await handedOff();
    await call('PATCH', `/api/conversations/${id}`, { status: 'admin_takeover' });
    expect(await unreadOf(id)).toBe(2);
    events.length = 0;
    const sent = await call('POST', `/api/conversations/${id}/messages`, { content: 'Karibu!', messageType: 'text' });
    expect(sent.statusCode).toBe(201);
    expect(await unreadOf(id)).toBe(0);
    expect(await unreadOf(other)).toBe(2);
    expect(readAnnounced(id)).toHaveLength(1);
    expect(readAnnounced(other)).toEqual([]);
    // Nothing left to read: a second reply announces nothing more.
    events.length = 0;
    await call('POST', `/api/conversations/${id}/messages`, { content: 'Still there?', messageType: 'text' });
    expect(readAnnounced(id)).toEqual([]);
  });

  it('by a template sent by staff', async () => {
    const id = await handedOff();
    await call('PATCH', `/api/conversations/${id}`, { status: 'admin_takeover' });
    const templates = (await call('GET', '/api/message-templates')).json() as { id: number; name: string }[];
    const followUp = templates.find((t) => t.name === 'follow_up_reminder')!;
    const sent = await call('POST', `/api/conversations/${id}/template-messages`, {
      templateId: followUp.id,
      variables: ['Brian'],
    });
    expect(sent.statusCode).toBe(201);
    expect(await unreadOf(id)).toBe(0);
    expect(readAnnounced(id)).toHaveLength(1);
  });

  it('by handing it back to the bot, not by taking it over', async () => {
    const id = await handedOff();
    await call('PATCH', `/api/conversations/${id}`, { status: 'admin_takeover' });
    expect(await unreadOf(id)).toBe(2);
    expect(readAnnounced(id)).toEqual([]);
    await call('PATCH', `/api/conversations/${id}`, { status: 'bot_active' });
    expect(await unreadOf(id)).toBe(0);
    expect(readAnnounced(id)).toHaveLength(1);
  });

  it('one notification read (View, or its button) is announced to every dashboard', async () => {
    const id = await handedOff();
    const [first] = await server.database.db
      .selectFrom('notifications')
      .select('id')
      .where('conversation_id', '=', id)
      .orderBy('id')
      .execute();
    expect((await call('PATCH', `/api/notifications/${first.id}/read`)).json()).toMatchObject({ isRead: true });
    expect(readAnnounced(id)).toHaveLength(1);
    expect(await unreadOf(id)).toBe(1);
  });
});
