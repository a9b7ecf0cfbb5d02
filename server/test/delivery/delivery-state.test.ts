// The delivery state machine (server/delivery/state.ts), the one writer of
// messages.delivery_status: forward only, a failure's reason clipped once,
// the outbox row failed with it, and one message_status event per change.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection';
import { migrate } from '../../db/migrate';
import type { DeliveryStatus } from '../../db/schema';
import { deliveryStates, requeueFailed, statesBefore } from '../../delivery/state';
import { ERROR_TEXT_MAX } from '../../jobs/error-text';
import type { RealtimeEvent } from '../../realtime/events';

let database: Database;
let conversationId: number;
let events: RealtimeEvent[];
const states = () => deliveryStates(database.db, { publish: (event) => events.push(event) });

beforeAll(async () => {
  database = await openDatabase({});
  await migrate(database);
  const conversation = await database.db
    .insertInto('conversations')
    .values({ customer_address: '+254700000001', customer_name: 'Achieng', last_message_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  conversationId = conversation.id;
});
afterAll(async () => {
  await database?.close();
});
beforeEach(() => {
  events = [];
});

/** A message of ours in `status`, with its outbox row (sent, as after a send). */
async function message(status: DeliveryStatus | null = 'queued') {
  const row = await database.db
    .insertInto('messages')
    .values({
      conversation_id: conversationId,
      sender: status === null ? 'customer' : 'admin',
      content: 'Your sink ships on Monday.',
      message_type: 'text',
      delivery_status: status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto('outbox')
    .values({
      conversation_id: conversationId,
      to_address: '+254700000001',
      content: 'Your sink ships on Monday.',
      kind: 'admin_reply',
      status: 'sent',
      message_id: row.id,
    })
    .execute();
  return row.id;
}
const stored = (id: number) =>
  database.db
    .selectFrom('messages')
    .select(['delivery_status', 'failure_reason', 'failure'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const outboxOf = (id: number) =>
  database.db
    .selectFrom('outbox')
    .select(['status', 'last_error'])
    .where('message_id', '=', id)
    .executeTakeFirstOrThrow();

describe('the delivery state machine', () => {
  it('moves forward only: queued → sent → delivered → read', async () => {
    const id = await message();
    for (const status of ['sent', 'delivered', 'read'] as const)
      expect(await states().advance(id, { status })).toEqual({ conversationId, messageId: id });
    expect((await stored(id)).delivery_status).toBe('read');
    expect(events.map((event) => event.type === 'message_status' && event.data.deliveryStatus)).toEqual([
      'sent',
      'delivered',
      'read',
    ]);
  });

  it('ignores a late "sent" or "delivered" after "read", and a repeated status, without an event', async () => {
    const id = await message('read');
    expect(await states().advance(id, { status: 'sent' })).toBeUndefined();
    expect(await states().advance(id, { status: 'delivered' })).toBeUndefined();
    expect(await states().advance(id, { status: 'read' })).toBeUndefined();
    expect((await stored(id)).delivery_status).toBe('read');
    expect(events).toEqual([]);
  });

  it('skips states (queued → read) but never touches a customer message', async () => {
    const id = await message();
    expect(await states().advance(id, { status: 'read' })).toBeDefined();
    const customer = await message(null);
    expect(await states().advance(customer, { status: 'delivered' })).toBeUndefined();
    expect((await stored(customer)).delivery_status).toBeNull();
  });

  it('fails only a message not yet delivered; nothing follows failed', async () => {
    const delivered = await message('delivered');
    expect(await states().advance(delivered, { status: 'failed', reason: 'too late' })).toBeUndefined();
    expect(await outboxOf(delivered)).toEqual({ status: 'sent', last_error: null });

    const id = await message('sent');
    expect(await states().advance(id, { status: 'failed', reason: 'not on WhatsApp' })).toBeDefined();
    expect(await states().advance(id, { status: 'read' })).toBeUndefined();
    expect((await stored(id)).delivery_status).toBe('failed');
    expect(statesBefore('failed')).toEqual(['queued', 'sent']);
    expect(statesBefore('read')).toEqual(['queued', 'sent', 'delivered']);
  });

  it('stores a failure clipped once, keeps the channel’s words, fails the outbox row and publishes once', async () => {
    const id = await message('sent');
    const reason = `WhatsApp could not deliver it: ${'because '.repeat(200)}`;
    const failure = { code: 131026, title: 'Message undeliverable', details: null };
    await states().advance(id, { status: 'failed', reason, failure });
    // The same report again (a repeated webhook) changes nothing and says nothing.
    await states().advance(id, { status: 'failed', reason, failure });

    const row = await stored(id);
    expect(Array.from(row.failure_reason!)).toHaveLength(ERROR_TEXT_MAX);
    expect(row.failure_reason!.endsWith('…')).toBe(true);
    expect(row.failure).toEqual(failure);
    expect(await outboxOf(id)).toEqual({ status: 'failed', last_error: row.failure_reason });
    expect(events).toEqual([
      {
        type: 'message_status',
        data: { conversationId, messageId: id, deliveryStatus: 'failed', failureReason: row.failure_reason },
      },
    ]);
  });

  it('leaves the last_error of an outbox row the outbox failed itself', async () => {
    const id = await message('queued');
    await database.db
      .updateTable('outbox')
      .set({ status: 'failed', last_error: 'gateway down' })
      .where('message_id', '=', id)
      .execute();
    await states().advance(id, { status: 'failed', reason: 'WhatsApp did not accept the message after 10 attempts.' });
    expect(await outboxOf(id)).toEqual({ status: 'failed', last_error: 'gateway down' });
    expect((await stored(id)).failure_reason).toBe('WhatsApp did not accept the message after 10 attempts.');
  });

  it('queues a failed message again (staff’s retry), once', async () => {
    const id = await message('sent');
    await states().advance(id, { status: 'failed', reason: 'not on WhatsApp' });
    const [first, second] = await Promise.all([
      database.db.transaction().execute((trx) => requeueFailed(trx, id)),
      database.db.transaction().execute((trx) => requeueFailed(trx, id)),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect((first ?? second)!.outboxRow).toBe(true);
    expect(await stored(id)).toMatchObject({ delivery_status: 'queued', failure_reason: null });
    expect(await outboxOf(id)).toEqual({ status: 'pending', last_error: null });
  });
});
