// Follow-ups reach only customers the bot is still serving, and leave the
// conversation's place in the list as the customer and staff left it.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_NOW, startTestServer, type TestServer } from '../helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let server: TestServer;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { cookie: server.cookie } });
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  // The staff session is signed in at TEST_NOW and lasts an hour: every test starts there.
  server.clock.now = new Date(TEST_NOW);
  await sql`truncate messages, product_events, notifications, outbox, conversations restart identity cascade`.execute(
    db(),
  );
  await call('PATCH', '/api/follow-ups/settings', {
    enabled: true,
    hoursUntilFollowUp: 2,
    followUpMessage: 'Still interested?',
  });
});

let phone = 711000100;
/** A conversation whose customer last wrote `hoursAgo` hours ago (nothing after). */
const quietCustomer = (hoursAgo: number, content = 'Hi') =>
  server.app.services.inbound.customerMessage(
    `+254${phone++}`,
    'Amina Wanjiku',
    content,
    new Date(server.clock.now.getTime() - hoursAgo * HOUR),
  );

const outboxOf = (id: number) =>
  db().selectFrom('outbox').select(['kind', 'content']).where('conversation_id', '=', id).execute();
// Through the service: some tests move the clock past the staff session's hour.
const check = () => server.app.services.followUps.check();
const due = async () => (await server.app.services.followUps.due()).count;

describe('follow-ups go only to conversations the bot is serving', () => {
  it('never to one waiting for staff (admin required), nor after the hand-off is older than the window', async () => {
    const inbound = server.app.services.inbound;
    const waiting = await quietCustomer(3, 'Can you deliver to Nakuru?');
    await inbound.handoff(waiting, 'delivery_inquiry', 'Customer asks about delivery to Nakuru');
    const handedOffLongAgo = await quietCustomer(12 * 24);
    await inbound.handoff(handedOffLongAgo, 'unclear_request', 'Unclear request');
    expect(await due()).toBe(0);
    expect(await check()).toMatchObject({ count: 0 });
    expect(await outboxOf(waiting)).toEqual([]);
    expect(await outboxOf(handedOffLongAgo)).toEqual([]);
  });

  it('never to one staff have taken over', async () => {
    const taken = await quietCustomer(3);
    await server.app.services.conversations.setStatus(taken, 'admin_takeover');
    expect(await due()).toBe(0);
    expect(await check()).toMatchObject({ count: 0 });
    expect(await outboxOf(taken)).toEqual([]);
  });

  it('never to a customer who accepted a deal (converted), even while the bot serves them', async () => {
    const accepted = await quietCustomer(3, 'Deal, KES 9,500 is fine');
    await server.app.services.inbound.converted(accepted);
    const open = await quietCustomer(3);
    expect(await due()).toBe(1);
    expect(await check()).toMatchObject({ count: 1 });
    expect(await outboxOf(accepted)).toEqual([]);
    expect(await outboxOf(open)).toEqual([{ kind: 'follow_up', content: 'Still interested?' }]);
  });

  it('to one handed back to the bot, once it is quiet', async () => {
    const back = await quietCustomer(3);
    await server.app.services.conversations.setStatus(back, 'admin_required');
    expect(await check()).toMatchObject({ count: 0 });
    await server.app.services.conversations.setStatus(back, 'bot_active');
    expect(await check()).toMatchObject({ count: 1 });
    expect(await outboxOf(back)).toEqual([{ kind: 'follow_up', content: 'Still interested?' }]);
  });
});

describe('a follow-up does not move the conversation in the list', () => {
  it('keeps its last activity, preview and order; the message is in the thread, and it is sent once', async () => {
    const older = await quietCustomer(12 * 24, 'Is the Calacatta Gold Quartz in stock?');
    const newer = await quietCustomer(5, 'How much is the Absolute Black Granite?');
    const before = (await call('GET', `/api/conversations/${older}`)).json();
    const listOrder = async () =>
      ((await call('GET', '/api/conversations')).json() as { id: number }[]).map((c) => c.id);
    expect(await listOrder()).toEqual([newer, older]);

    // Twelve days quiet: past the reply window, so the approved template goes.
    expect(await check()).toMatchObject({ count: 2 });
    const after = (await call('GET', `/api/conversations/${older}`)).json();
    expect(after.lastMessageAt).toBe(before.lastMessageAt);
    expect(after.lastMessagePreview).toBe(before.lastMessagePreview);
    expect(after.lastCustomerMessagePreview).toBe('Is the Calacatta Gold Quartz in stock?');
    expect(after.messageCount).toBe(before.messageCount + 1);
    expect(await listOrder()).toEqual([newer, older]);
    const thread = (await call('GET', `/api/conversations/${older}/messages`)).json() as { messageType: string }[];
    expect(thread.at(-1)).toMatchObject({ messageType: 'template' });

    // Still quiet: no second follow-up (the last one is after the last message).
    server.clock.now = new Date(server.clock.now.getTime() + DAY);
    expect(await due()).toBe(0);
    expect(await check()).toMatchObject({ count: 0 });
  });

  it('the customer writing again moves it, and makes a later follow-up possible', async () => {
    const id = await quietCustomer(3);
    expect(await check()).toMatchObject({ count: 1 });
    const answered = new Date(server.clock.now.getTime() + HOUR);
    await server.app.services.inbound.customerMessage(
      (await server.app.services.conversations.get(id)).whatsappPhoneNumber,
      null,
      'Yes, still interested',
      answered,
    );
    expect((await server.app.services.conversations.get(id)).lastMessageAt).toBe(answered.toISOString());
    server.clock.now = new Date(answered.getTime() + 3 * HOUR);
    expect(await check()).toMatchObject({ count: 1 });
    expect(await outboxOf(id)).toHaveLength(2);
  });
});

describe("a follow-up in the customer's language", () => {
  it('keeps a Swahili message beside the English one; a save without it keeps it', async () => {
    const stored = (await call('GET', '/api/follow-ups/settings')).json();
    expect(stored.followUpMessageSw).toBe(
      'Habari kutoka Stone & Sinks! Bado unavutiwa na bidhaa ulizouliza? Jibu hapa nasi tutakusaidia.',
    );
    const saved = await call('PATCH', '/api/follow-ups/settings', { ...stored, followUpMessageSw: 'Bado unavutiwa?' });
    expect(saved.json()).toMatchObject({ followUpMessage: 'Still interested?', followUpMessageSw: 'Bado unavutiwa?' });
    await call('PATCH', '/api/follow-ups/settings', { enabled: true, hoursUntilFollowUp: 2, followUpMessage: 'Hi?' });
    expect((await call('GET', '/api/follow-ups/settings')).json().followUpMessageSw).toBe('Bado unavutiwa?');
    expect((await call('PATCH', '/api/follow-ups/settings', { ...stored, followUpMessageSw: ' ' })).statusCode).toBe(
      422,
    );
  });

  it('sends the Swahili text to a customer writing Swahili, and the Swahili template once the window has closed', async () => {
    await call('PATCH', '/api/follow-ups/settings', {
      enabled: true,
      hoursUntilFollowUp: 2,
      followUpMessage: 'Still interested?',
      followUpMessageSw: 'Bado unavutiwa?',
    });
    const swahili = await quietCustomer(3, 'Habari, mnauza sinki?');
    const english = await quietCustomer(3, 'Do you sell sinks?');
    const swahiliLate = await quietCustomer(30, 'Sinki ya bakuli mbili ni ngapi?');
    const englishLate = await quietCustomer(30, 'How much is the double bowl sink?');
    const template = await db()
      .insertInto('message_templates')
      .values({
        name: 'follow_up_reminder',
        label: 'Follow-up',
        language: 'sw',
        body: 'Habari {{1}}, ni Stone & Sinks tukifuatilia ulizo lako.',
        variables: JSON.stringify([{ label: 'Customer name', example: 'Wanjiru' }]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect(await check()).toMatchObject({ count: 4 });
      expect(await outboxOf(swahili)).toEqual([{ kind: 'follow_up', content: 'Bado unavutiwa?' }]);
      expect(await outboxOf(english)).toEqual([{ kind: 'follow_up', content: 'Still interested?' }]);
      expect(await outboxOf(swahiliLate)).toEqual([
        { kind: 'follow_up', content: 'Habari Amina Wanjiku, ni Stone & Sinks tukifuatilia ulizo lako.' },
      ]);
      expect((await outboxOf(englishLate))[0]?.content).toMatch(/^Hello Amina Wanjiku, this is Stone & Sinks/);
    } finally {
      await db().deleteFrom('message_templates').where('id', '=', template.id).execute();
    }
  });
});
