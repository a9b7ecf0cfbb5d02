// The staff's first response in the analytics overview: from a hand-off (the
// conversation becoming admin_required) to the first admin message after it,
// averaged over the hand-offs staff answered; and migration 023, which
// back-fills it from the hand-offs' notifications and leaves nothing unread
// in the conversations the bot has.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { loadMigrations, migrate } from '../../db/migrate';
import { analyticsRepository } from '../../modules/analytics/repository';
import { TEST_NOW, beforeChannels, startTestServer, type TestServer } from '../helpers';

const SECOND = 1000;
let server: TestServer;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { cookie: server.cookie } });
const db = () => server.database.db;
const staffTime = async () => (await call('GET', '/api/analytics/overview')).json().staffAverageResponseTime;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  await sql`truncate messages, product_events, notifications, outbox, conversations restart identity cascade`.execute(
    db(),
  );
  server.clock.now = new Date(TEST_NOW);
});

let phone = 711000000;
/** The clock moved to `seconds` after TEST_NOW. */
const at = (seconds: number) => {
  server.clock.now = new Date(TEST_NOW.getTime() + seconds * SECOND);
  return server.clock.now;
};
async function customer(seconds: number) {
  return server.app.services.inbound.customerMessage(`+254${phone++}`, 'Brian Otieno', 'Do you deliver?', at(seconds));
}
/** Handed over `seconds` after TEST_NOW (the bot hands over when the customer writes: then at the message's time). */
async function handOver(id: number, seconds: number) {
  await server.app.services.inbound.handoff(id, 'delivery_inquiry', 'Brian Otieno asks about delivery', {
    at: at(seconds),
  });
}
async function staffReply(id: number, seconds: number, content = 'We deliver to Eldoret on Thursdays.') {
  at(seconds);
  const answer = await call('POST', `/api/conversations/${id}/messages`, { content, messageType: 'text' });
  expect(answer.statusCode).toBe(201);
}
const takeOver = (id: number, status: 'admin_takeover' | 'bot_active' = 'admin_takeover') =>
  call('PATCH', `/api/conversations/${id}`, { status });

describe("the staff's first response", () => {
  it('runs from the hand-off to the first staff reply after it, past the bot telling the customer; null before any', async () => {
    expect(await staffTime()).toBeNull();
    const first = await customer(0);
    await handOver(first, 10);
    // The bot tells the customer a person will answer: a staff reply then follows the bot,
    // not the customer, and still answers the hand-off.
    await server.app.services.inbound.botReply(first, 'A colleague will answer you shortly.', {
      handedOver: true,
      store: true,
      at: at(12),
    });
    expect(await staffTime()).toBeNull();
    at(60);
    await takeOver(first);
    await staffReply(first, 130);
    expect(await staffTime()).toBe(120);
    // Only the first reply after a hand-off counts.
    await staffReply(first, 900, 'Shall I book it?');
    expect(await staffTime()).toBe(120);

    const second = await customer(1000);
    await handOver(second, 1000);
    at(1010);
    await takeOver(second);
    await staffReply(second, 1060);
    // Averaged over the two hand-offs: (120 + 60) / 2.
    expect(await staffTime()).toBe(90);
  });

  it('counts nothing for a conversation staff took without a hand-off, or one handed back to the bot unanswered', async () => {
    const direct = await customer(0);
    at(5);
    await takeOver(direct);
    await staffReply(direct, 30);

    const returned = await customer(100);
    await handOver(returned, 110);
    at(200);
    await takeOver(returned, 'bot_active');
    at(300);
    await takeOver(returned);
    await staffReply(returned, 400);
    expect(await staffTime()).toBeNull();
  });

  it('measures a conversation handed over again from its new hand-off, and a repeated hand-off from the first', async () => {
    const id = await customer(0);
    await handOver(id, 0);
    // Handed over again before anyone answered: the customer has waited since the first.
    await handOver(id, 50);
    at(60);
    await takeOver(id);
    await staffReply(id, 100);
    expect(await staffTime()).toBe(100);
    // Staff give it to the queue again later: a new hand-off, answered 40 s after.
    at(500);
    await takeOver(id, 'bot_active');
    await server.app.services.inbound.customerMessage(
      (await call('GET', `/api/conversations/${id}`)).json().whatsappPhoneNumber,
      null,
      'One more thing',
      at(600),
    );
    await handOver(id, 610);
    at(620);
    await takeOver(id);
    await staffReply(id, 650);
    expect(await staffTime()).toBe(70);
  });
});

describe('migration 023 on stored data', () => {
  it('back-fills answered hand-offs from their notifications, leaves the open one open, and clears what the bot has', async () => {
    const database = await openDatabase({});
    try {
      const all = loadMigrations();
      await migrate(
        database,
        all.filter((m) => m.version < 21),
        // Before the hand-off's own columns (021): the notifications are all that tells of hand-offs.
      );
      const d = database.db;
      const t = (seconds: number) => new Date(TEST_NOW.getTime() + seconds * SECOND);
      const conversation = async (status: string) =>
        (
          await d
            .insertInto('conversations')
            .values(
              beforeChannels({
                customer_address: `+254${phone++}`,
                created_at: t(0),
                last_message_at: t(0),
                status,
              }),
            )
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const message = (conversation_id: number, sender: string, seconds: number) =>
        d
          .insertInto('messages')
          .values({ conversation_id, sender, content: 'x', message_type: 'text', timestamp: t(seconds) })
          .execute();
      const notification = (conversation_id: number, seconds: number) =>
        d
          .insertInto('notifications')
          .values({ conversation_id, type: 'delivery_inquiry', message: 'm', created_at: t(seconds) })
          .execute();

      // Handed over twice: answered 30 s after the first, 90 s after the second.
      const twice = await conversation('admin_takeover');
      await message(twice, 'customer', 0);
      await notification(twice, 5);
      await message(twice, 'bot', 6);
      await message(twice, 'admin', 35);
      await message(twice, 'admin', 40);
      await notification(twice, 100);
      await message(twice, 'admin', 190);
      // Handed over, not answered yet.
      const waiting = await conversation('admin_required');
      await message(waiting, 'customer', 0);
      await notification(waiting, 2);
      // The bot's, counted unread by the old rule.
      const bots = await conversation('bot_active');
      await message(bots, 'customer', 0);
      await d.updateTable('conversations').set({ unread_count: 3 }).where('id', 'in', [bots, waiting]).execute();

      expect(await migrate(database)).toEqual(all.filter((m) => m.version >= 21).map((m) => m.version));
      const overview = await analyticsRepository(d).overview(t(1000));
      expect(overview.staffResponseSeconds).toBe(60);
      const rows = await d
        .selectFrom('conversations')
        .select(['id', 'unread_count', 'handoff_unanswered_at'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: twice, unread_count: 0, handoff_unanswered_at: null },
        // Migration 021 dates a stored hand-off from the conversation's last activity.
        { id: waiting, unread_count: 3, handoff_unanswered_at: t(0) },
        { id: bots, unread_count: 0, handoff_unanswered_at: null },
      ]);
      // The open hand-off is answered by the next admin message: 0 s to 150 s, (30 + 90 + 150) / 3.
      await message(waiting, 'admin', 150);
      expect((await analyticsRepository(d).overview(t(1000))).staffResponseSeconds).toBe(90);
    } finally {
      await database.close();
    }
  });
});
