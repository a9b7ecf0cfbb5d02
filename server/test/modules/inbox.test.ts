// Beyond the spec: read state, the 24-hour reply window and
// templates, delivery states with retry, follow-ups outside the window and
// quick replies — through HTTP, every answer checked against openapi.yaml.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryReport, OutboxSender, OutgoingMessage } from '../../delivery/outbox/sender';
import { PermanentDeliveryError } from '../../delivery/outbox/sender';
import type { RealtimeEvent } from '../../realtime/events';
import { TEST_NOW, startTestServer, type TestServer } from '../helpers';

const DAY = 24 * 60 * 60 * 1000;
const WINDOW_CLOSED = 'The 24-hour reply window has closed: send an approved template instead';

const sent: OutgoingMessage[] = [];
let failures = 0;
let report: ((r: DeliveryReport) => Promise<void>) | undefined;
const sender: OutboxSender = {
  name: 'test sender',
  async send(message) {
    if (failures > 0) {
      failures -= 1;
      throw new PermanentDeliveryError('The number is not on WhatsApp.');
    }
    sent.push(message);
  },
  onReport(fn) {
    report = fn;
  },
};

let server: TestServer;
const events: RealtimeEvent[] = [];
beforeAll(async () => {
  server = await startTestServer({ sender });
  const hub = server.app.hub;
  const publish = hub.publish.bind(hub);
  hub.publish = (event) => {
    events.push(event);
    publish(event);
  };
});
afterAll(() => server.close());
/** What reached the sender for one conversation (a reply of an earlier test may still be on its way). */
const sentTo = (conversationId: number) => sent.filter((m) => m.conversationId === conversationId);

beforeEach(() => {
  // Every test starts at the same instant, within the hour of the staff session signed in then.
  server.clock.now = new Date(TEST_NOW);
  sent.length = 0;
  events.length = 0;
  failures = 0;
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  server.app.inject({ method, url, payload: payload as never, headers: { cookie: server.cookie } });

let phone = 700000000;
/** A conversation whose customer wrote at `at`, taken over by staff. */
async function conversation(at = server.clock.now, content = 'Habari') {
  const id = await server.app.services.inbound.customerMessage(`+254${phone++}`, 'Brian Otieno', content, at);
  await server.app.services.conversations.setStatus(id, 'admin_takeover');
  return id;
}
const reply = (id: number, content = 'Karibu!') =>
  call('POST', `/api/conversations/${id}/messages`, { content, messageType: 'text' });

describe('the 24-hour reply window', () => {
  it('is open until 1 ms before 24 h after the customer wrote, and closed at exactly 24 h', async () => {
    // A day less half an hour before the clock: the window's end falls inside the staff session's hour.
    const wrote = new Date('2026-03-09T11:30:00.000Z');
    expect(wrote.getTime()).toBe(TEST_NOW.getTime() - DAY + 30 * 60 * 1000);
    const id = await conversation(wrote);
    expect((await call('GET', `/api/conversations/${id}`)).json().replyWindowClosesAt).toBe('2026-03-10T11:30:00.000Z');
    server.clock.now = new Date(wrote.getTime() + DAY - 1);
    expect((await reply(id)).statusCode).toBe(201);
    server.clock.now = new Date(wrote.getTime() + DAY);
    const refused = await reply(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: WINDOW_CLOSED });
  });

  it('reopens when the customer writes again; the window filters find each state', async () => {
    const now = server.clock.now.getTime();
    const closing = await conversation(new Date(now - DAY + 60 * 60 * 1000));
    const open = await conversation(new Date(now - 60 * 1000));
    const closed = await conversation(new Date(now - 2 * DAY));
    const ids = async (window: string) =>
      ((await call('GET', `/api/conversations/search?replyWindow=${window}`)).json() as { id: number }[]).map(
        (c) => c.id,
      );
    expect(await ids('closing')).toContain(closing);
    expect(await ids('closing')).not.toContain(open);
    expect(await ids('open')).toEqual(expect.arrayContaining([open, closing]));
    expect(await ids('closed')).toContain(closed);
    expect(await ids('open')).not.toContain(closed);

    await server.app.services.inbound.customerMessage(
      (await call('GET', `/api/conversations/${closed}`)).json().whatsappPhoneNumber,
      null,
      'Still there?',
    );
    expect(await ids('open')).toContain(closed);
    expect((await reply(closed)).statusCode).toBe(201);
  });

  it('sends a template with every variable, after the window closed too', async () => {
    const id = await conversation(new Date(server.clock.now.getTime() - 3 * DAY));
    const templates = (await call('GET', '/api/message-templates')).json() as { id: number; name: string }[];
    expect(templates.map((t) => t.name).sort()).toEqual([
      'delivery_update',
      'follow_up_reminder',
      'order_update',
      'order_update',
      'payment_reminder',
      'quote_ready',
    ]);
    const missing = await call('POST', `/api/conversations/${id}/template-messages`, {
      templateId: 2,
      variables: ['Brian'],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: 'Fill in every variable of the template: Product' });
    const blank = await call('POST', `/api/conversations/${id}/template-messages`, {
      templateId: 2,
      variables: ['  ', 'Absolute Black Granite'],
    });
    expect(blank.json()).toEqual({ message: 'Fill in every variable of the template: Customer name' });
    const extra = await call('POST', `/api/conversations/${id}/template-messages`, {
      templateId: 1,
      variables: ['Brian', 'more'],
    });
    expect(extra.json()).toEqual({ message: 'The template has 1 variable' });
    const unknown = await call('POST', `/api/conversations/${id}/template-messages`, {
      templateId: 999,
      variables: [],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ message: 'Unknown template' });
    expect(sentTo(id)).toHaveLength(0);

    const ok = await call('POST', `/api/conversations/${id}/template-messages`, {
      templateId: 2,
      variables: ['Brian', 'Absolute Black Granite'],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      sender: 'admin',
      messageType: 'template',
      deliveryStatus: 'queued',
      content:
        'Hello Brian, your quote for Absolute Black Granite is ready. Reply to this message to see it and confirm your order.',
    });
    await server.app.services.outbox.idle();
    expect(sentTo(id)).toHaveLength(1);
    expect(sentTo(id)[0].template).toEqual({
      name: 'quote_ready',
      language: 'en',
      variables: ['Brian', 'Absolute Black Granite'],
    });
  });
});

describe('a blank left to fill in', () => {
  it('refuses text with an unfilled {{variable}} (422, in plain words), stores and sends nothing', async () => {
    const id = await conversation();
    const before = (await call('GET', `/api/conversations/${id}`)).json().messageCount;
    const refused = await reply(id, 'We can do {{offerPrice}} for Calacatta Gold Quartz');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'Fill in {{offerPrice}} before sending' });
    const two = await reply(id, 'Hi {{ customerName }}, {{productName}} is {{priceRange}}');
    expect(two.json()).toEqual({
      message: 'Fill in {{customerName}}, {{productName}} and {{priceRange}} before sending',
    });
    expect((await call('GET', `/api/conversations/${id}`)).json().messageCount).toBe(before);
    await server.app.services.outbox.idle();
    expect(sentTo(id)).toEqual([]);
  });

  it('sends text whose braces are not a blank', async () => {
    const id = await conversation();
    expect((await reply(id, 'We can do KES 12,000 {for the slab} {{ }}')).statusCode).toBe(201);
  });
});

describe('delivery state', () => {
  it('moves queued → sent → delivered → read as the sender reports, never back, announcing each', async () => {
    const id = await conversation();
    const message = (await reply(id)).json() as { id: number; deliveryStatus: string };
    expect(message.deliveryStatus).toBe('queued');
    await server.app.services.outbox.idle();
    const outboxId = sentTo(id)[0].id;
    await report!({ id: outboxId, status: 'read' });
    await report!({ id: outboxId, status: 'delivered' });
    const stored = (await call('GET', `/api/conversations/${id}/messages`)).json() as {
      id: number;
      deliveryStatus?: string;
      sender: string;
    }[];
    expect(stored.find((m) => m.id === message.id)?.deliveryStatus).toBe('read');
    // The customer's own message has no delivery state.
    expect(stored.find((m) => m.sender === 'customer')).not.toHaveProperty('deliveryStatus');
    const statuses = events.filter((e) => e.type === 'message_status').map((e) => e.data as { conversationId: number });
    expect(statuses.filter((data) => data.conversationId === id)).toEqual([
      { conversationId: id, messageId: message.id, deliveryStatus: 'sent' },
      { conversationId: id, messageId: message.id, deliveryStatus: 'read' },
    ]);
  });

  it('a failed message says why; two retries at once send it once more', async () => {
    const id = await conversation();
    failures = 1;
    const message = (await reply(id, 'Shall I send the M-Pesa details?')).json() as { id: number };
    await server.app.services.outbox.idle();
    const failed = (await call('GET', `/api/conversations/${id}/messages`)).json() as {
      id: number;
      deliveryStatus?: string;
      failureReason?: string;
    }[];
    expect(failed.find((m) => m.id === message.id)).toMatchObject({
      deliveryStatus: 'failed',
      failureReason: 'The number is not on WhatsApp.',
    });
    expect(sentTo(id)).toHaveLength(0);

    const url = `/api/conversations/${id}/messages/${message.id}/retry`;
    const answers = await Promise.all([call('POST', url), call('POST', url)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      message: 'Only a failed message can be sent again',
    });
    expect(answers.find((a) => a.statusCode === 200)!.json()).toMatchObject({
      deliveryStatus: 'queued',
      failureReason: null,
    });
    await server.app.services.outbox.idle();
    expect(sentTo(id).map((m) => m.content)).toEqual(['Shall I send the M-Pesa details?']);
    expect((await call('POST', url)).statusCode).toBe(409);
    expect((await call('POST', `/api/conversations/${id}/messages/2147483647/retry`)).statusCode).toBe(404);
  });
});

describe('unread per conversation', () => {
  const unreadOf = async (id: number) => (await call('GET', `/api/conversations/${id}`)).json().unreadCount as number;
  const unreadIds = async () =>
    ((await call('GET', '/api/conversations/search?unread=true')).json() as { id: number }[]).map((c) => c.id);

  it('counts nothing while the bot answers; from the hand-off the message that caused it and those after, until read', async () => {
    const inbound = server.app.services.inbound;
    const number = `+254${phone++}`;
    const id = await inbound.customerMessage(number, 'Brian Otieno', 'How much is Absolute Black?');
    await inbound.botMessage(id, 'Absolute Black Granite costs KES 9,500 to KES 12,000 per slab.');
    await inbound.customerMessage(number, null, 'Do you deliver to Eldoret?');
    // The bot has it: answered messages are nobody's to read.
    expect(await unreadOf(id)).toBe(0);
    expect(await unreadIds()).not.toContain(id);

    await inbound.handoff(id, 'delivery_inquiry', 'Brian Otieno asks about delivery to Eldoret');
    expect(await unreadOf(id)).toBe(1);
    expect(await unreadIds()).toContain(id);
    await inbound.botMessage(id, 'A person will answer shortly.');
    await inbound.customerMessage(number, null, 'Hello?');
    expect(await unreadOf(id)).toBe(2);

    expect((await call('POST', `/api/conversations/${id}/read`)).json().unreadCount).toBe(0);
    expect(await unreadIds()).not.toContain(id);
    expect((await call('DELETE', `/api/conversations/${id}/read`)).json().unreadCount).toBe(1);
    expect(await unreadOf(id)).toBe(1);
    expect((await call('POST', '/api/conversations/2147483647/read')).statusCode).toBe(404);

    // Taken over: still a person's to read.
    await call('PATCH', `/api/conversations/${id}`, { status: 'admin_takeover' });
    await inbound.customerMessage(number, null, 'Are you there?');
    expect(await unreadOf(id)).toBe(2);
    // Back to the bot: nothing left for a person, and the bot answers what comes next.
    await call('PATCH', `/api/conversations/${id}`, { status: 'bot_active' });
    expect(await unreadOf(id)).toBe(0);
    await inbound.customerMessage(number, null, 'Thanks');
    expect(await unreadOf(id)).toBe(0);
    expect(await unreadIds()).not.toContain(id);
  });

  it('a second hand-off of a conversation already handed over adds nothing of its own', async () => {
    const inbound = server.app.services.inbound;
    const number = `+254${phone++}`;
    const id = await inbound.customerMessage(number, null, 'Ile kitu ya jana, bado iko?');
    await inbound.handoff(id, 'unclear_request', 'Unclear request');
    await inbound.customerMessage(number, null, 'Hello?');
    await inbound.handoff(id, 'unclear_request', 'Unclear request');
    expect(await unreadOf(id)).toBe(2);
  });
});

describe('follow-ups respect the window', () => {
  it('send the settings text inside the window and the approved template after it', async () => {
    const db = server.database.db;
    // Only the two conversations of this test are due.
    await db
      .updateTable('conversations')
      .set({ last_follow_up_at: new Date(server.clock.now.getTime() + DAY) })
      .execute();
    const now = server.clock.now.getTime();
    // Customers writing English: one writing Swahili gets the Swahili text (follow-ups.test.ts).
    const inside = await conversation(new Date(now - 3 * 60 * 60 * 1000), 'Hello');
    const outside = await conversation(new Date(now - 2 * DAY), 'Hello');
    await db.updateTable('conversations').set({ status: 'bot_active' }).where('id', 'in', [inside, outside]).execute();
    await call('PATCH', '/api/follow-ups/settings', {
      enabled: true,
      hoursUntilFollowUp: 2,
      followUpMessage: 'Still interested?',
    });
    const result = (await call('POST', '/api/follow-ups/check')).json();
    expect(result.count).toBe(2);
    const last = async (id: number) =>
      (
        (await call('GET', `/api/conversations/${id}/messages`)).json() as { content: string; messageType: string }[]
      ).at(-1);
    expect(await last(inside)).toMatchObject({ content: 'Still interested?', messageType: 'follow_up' });
    expect(await last(outside)).toMatchObject({
      messageType: 'template',
      content:
        'Hello Brian Otieno, this is Stone & Sinks following up on your enquiry. Reply to this message and we will gladly help you complete your order.',
    });
  });
});

describe('quick replies', () => {
  it('are created, changed, ordered and deleted; an order that leaves one out is refused', async () => {
    const seeded = (await call('GET', '/api/quick-replies')).json() as { id: number; title: string }[];
    expect(seeded.map((q) => q.title)).toEqual(['Delivery areas', 'Payment terms', 'Price of the product', 'Offer']);
    const created = await call('POST', '/api/quick-replies', { title: 'Hours', content: 'Open 8 to 6.' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await call('PATCH', `/api/quick-replies/${id}`, { content: 'Open 8 to 7.' })).json()).toEqual({
      id,
      title: 'Hours',
      content: 'Open 8 to 7.',
      contentSw: null,
    });
    const order = [id, ...seeded.map((q) => q.id)];
    expect(
      ((await call('PUT', '/api/quick-replies/order', { ids: order })).json() as { id: number }[]).map((q) => q.id),
    ).toEqual(order);
    const partial = await call('PUT', '/api/quick-replies/order', { ids: order.slice(1) });
    expect(partial.statusCode).toBe(422);
    expect(partial.json()).toEqual({ message: 'The order must name every quick reply exactly once' });
    expect((await call('DELETE', `/api/quick-replies/${id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/quick-replies/${id}`)).statusCode).toBe(404);
    expect(((await call('GET', '/api/quick-replies')).json() as unknown[]).length).toBe(4);
  });

  it('keep a Swahili text beside the English one until it is changed or removed (null)', async () => {
    const created = await call('POST', '/api/quick-replies', {
      title: 'Opening hours',
      content: 'We are open 8 to 6.',
      contentSw: 'Tuko wazi saa mbili hadi saa kumi na mbili.',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toEqual({
      id,
      title: 'Opening hours',
      content: 'We are open 8 to 6.',
      contentSw: 'Tuko wazi saa mbili hadi saa kumi na mbili.',
    });
    // Changing the English text keeps the Swahili one.
    expect((await call('PATCH', `/api/quick-replies/${id}`, { content: 'We are open 8 to 7.' })).json().contentSw).toBe(
      'Tuko wazi saa mbili hadi saa kumi na mbili.',
    );
    const listed = (await call('GET', '/api/quick-replies')).json() as { id: number; contentSw: string | null }[];
    expect(listed.find((q) => q.id === id)?.contentSw).toBe('Tuko wazi saa mbili hadi saa kumi na mbili.');
    expect((await call('PATCH', `/api/quick-replies/${id}`, { contentSw: '  ' })).statusCode).toBe(422);
    expect((await call('PATCH', `/api/quick-replies/${id}`, { contentSw: null })).json()).toMatchObject({
      content: 'We are open 8 to 7.',
      contentSw: null,
    });
    expect((await call('DELETE', `/api/quick-replies/${id}`)).statusCode).toBe(204);
  });

  it('stop at 200', async () => {
    for (let i = 4; i < 200; i++)
      expect((await call('POST', '/api/quick-replies', { title: `R${i}`, content: 'x' })).statusCode).toBe(201);
    const full = await call('POST', '/api/quick-replies', { title: 'One more', content: 'x' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: 'You can keep up to 200 quick replies: delete one first' });
  });
});
