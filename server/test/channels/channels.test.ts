// A second channel is one module and one line: the test channel, added to the
// configured ones, takes customers' messages through the inbound port (stored
// once per id, one conversation per customer however many arrive at once),
// the bot answers, the outbox sends the answer through the test channel, and
// the channel's status report moves the message's delivery state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuredChannels } from '../../channels/configure';
import type { RealtimeEvent } from '../../realtime/events';
import { startTestServer, type TestServer } from '../helpers';
import { TEST_CHANNEL, testChannel } from './test-channel';

let server: TestServer;
const channel = testChannel();
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  server = await startTestServer({ channels: [...configuredChannels({}), channel] });
  const publish = server.app.hub.publish.bind(server.app.hub);
  server.app.hub.publish = (event) => {
    events.push(event);
    publish(event);
  };
});
afterAll(async () => server.close());

const db = () => server.database.db;
const conversationsOf = (address: string) =>
  db().selectFrom('conversations').selectAll().where('customer_address', '=', address).execute();

describe('a channel of its own (server/channels)', () => {
  it('stores a message once per external id, on a conversation of the channel', async () => {
    const at = server.clock.now;
    const first = await channel.receive({
      address: 'chat-1',
      externalId: 'in-1',
      content: 'Hello',
      name: 'Achieng',
      at,
    });
    const again = await channel.receive({
      address: 'chat-1',
      externalId: 'in-1',
      content: 'Hello',
      name: 'Achieng',
      at,
    });
    expect(first).toBeDefined();
    expect(again).toBeUndefined();
    await first!.turn;
    const conversations = await conversationsOf('chat-1');
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({ channel: TEST_CHANNEL, customer_name: 'Achieng' });
    const customer = await db()
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', conversations[0].id)
      .where('sender', '=', 'customer')
      .execute();
    expect(customer.map((m) => [m.channel, m.external_id, m.content])).toEqual([[TEST_CHANNEL, 'in-1', 'Hello']]);
    // The same id on another channel is another message.
    const whatsapp = await server.app.services.customers.customerMessage({
      channel: 'whatsapp',
      address: '+254700000123',
      externalId: 'in-1',
      type: 'text',
      content: 'Habari',
      at,
    });
    expect(whatsapp).toBeDefined();
    await whatsapp!.turn;
  });

  it('opens one conversation for two first messages of a customer at once', async () => {
    const at = server.clock.now;
    const [a, b] = await Promise.all([
      channel.receive({ address: 'chat-2', externalId: 'in-2a', content: 'Hello', at }),
      channel.receive({ address: 'chat-2', externalId: 'in-2b', content: 'Do you have granite?', at }),
    ]);
    expect(a!.conversationId).toBe(b!.conversationId);
    await Promise.all([a!.turn, b!.turn]);
    expect(await conversationsOf('chat-2')).toHaveLength(1);
  });

  it("sends the bot's answer through the channel, and its status report moves the delivery state", async () => {
    const received = await channel.receive({
      address: 'chat-3',
      externalId: 'in-3',
      content: 'Hello',
      at: server.clock.now,
    });
    await received!.turn;
    await server.app.services.outbox.idle();
    const out = channel.sent.find((m) => m.conversationId === received!.conversationId);
    expect(out).toMatchObject({ to: 'chat-3', kind: 'bot_reply' });
    const row = await db().selectFrom('outbox').selectAll().where('id', '=', out!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: TEST_CHANNEL, status: 'sent', external_id: out!.externalId });
    const messageId = row.message_id!;
    const message = () => db().selectFrom('messages').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow();
    expect(await message()).toMatchObject({
      delivery_status: 'sent',
      channel: TEST_CHANNEL,
      external_id: out!.externalId,
    });

    events.length = 0;
    expect(await channel.report(out!.externalId, 'delivered')).toBe('applied');
    expect(await channel.report(out!.externalId, 'delivered')).toBe('ignored');
    expect(await channel.report('never-sent', 'read')).toBe('unknown');
    expect((await message()).delivery_status).toBe('delivered');
    expect(events).toContainEqual({
      type: 'message_status',
      data: { conversationId: received!.conversationId, messageId, deliveryStatus: 'delivered' },
    });
  });
});
