// The counts of notifications read and unread that migration 013's triggers
// keep: after its back-fill of notifications stored before it, and after
// random inserts, marks as read one by one and all at once, updates of other
// columns, deletes (directly and by a conversation's cascade) and a truncate,
// the list's X-Total-Count sources (all, unread) equal a count of every row.
// On PGlite, and on a PostgreSQL server when one can be started (there also
// with concurrent writers).
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection';
import { loadMigrations, migrate } from '../../db/migrate';
import type { DB } from '../../db/schema';
import { notificationsRepository } from '../../modules/notifications/repository';
import { postgresUnavailable, startPostgres, type PostgresProcess } from '../processes';
import { randomFrom, type Random } from '../random';
import { beforeChannels } from '../helpers';

const TYPES = ['product_not_found', 'delivery_inquiry', 'payment_inquiry', 'unclear_request'] as const;
const NOW = new Date('2026-03-10T12:00:00Z');

async function expectCountsEqualRows(db: Kysely<DB>) {
  const { all, unread } = await db
    .selectFrom('notifications')
    .select([
      sql<number>`count(*)::int`.as('all'),
      sql<number>`(count(*) filter (where not is_read))::int`.as('unread'),
    ])
    .executeTakeFirstOrThrow();
  const repo = notificationsRepository(db);
  expect(await repo.count(false), 'all notifications').toBe(all);
  expect(await repo.count(true), 'unread notifications').toBe(unread);
}

type Schema = 'current' | 'before channels';

async function conversationIds(db: Kysely<DB>, random: Random, schema: Schema): Promise<number[]> {
  const ids = (await db.selectFrom('conversations').select('id').execute()).map((r) => r.id);
  if (ids.length >= 3) return ids;
  const added = await db
    .insertInto('conversations')
    .values(
      Array.from({ length: 5 }, () => {
        const row = { customer_address: `+2547${random.int(10_000_000, 99_999_999)}` };
        return schema === 'current' ? row : beforeChannels(row);
      }),
    )
    .returning('id')
    .execute();
  return [...ids, ...added.map((r) => r.id)];
}

async function addNotifications(db: Kysely<DB>, random: Random, count: number, schema: Schema = 'current') {
  const conversations = await conversationIds(db, random, schema);
  await db
    .insertInto('notifications')
    .values(
      Array.from({ length: count }, () => ({
        type: random.pick(TYPES),
        message: 'The customer asked for something the bot could not answer',
        conversation_id: random.pick(conversations),
        created_at: NOW,
        is_read: random.next() < 0.3,
      })),
    )
    .execute();
}

async function randomWrites(database: Database, seed: number) {
  const random = randomFrom(seed);
  const db = database.db;
  // Stored before migration 013: its back-fill counts them.
  await migrate(
    database,
    loadMigrations().filter((m) => m.version < 13),
  );
  await addNotifications(db, random, 40, 'before channels');
  await migrate(database);
  await expectCountsEqualRows(db);

  const repo = notificationsRepository(db);
  for (let op = 0; op < 120; op++) {
    const ids = (await db.selectFrom('notifications').select('id').execute()).map((r) => r.id);
    const roll = random.next();
    if (ids.length === 0 || roll < 0.25) await addNotifications(db, random, random.int(1, 8));
    else if (roll < 0.5) await repo.markRead(random.pick(ids));
    else if (roll < 0.6) await repo.markAllRead();
    else if (roll < 0.7)
      // Back to unread, some already unread: only the rows that change move a count.
      await db
        .updateTable('notifications')
        .set({ is_read: false })
        .where('id', 'in', [random.pick(ids), random.pick(ids), random.pick(ids)])
        .execute();
    else if (roll < 0.8)
      // Not a change of is_read: the counts stay.
      await db.updateTable('notifications').set({ message: 'Changed' }).where('id', '=', random.pick(ids)).execute();
    else if (roll < 0.9)
      await db
        .deleteFrom('notifications')
        .where('id', 'in', [random.pick(ids), random.pick(ids)])
        .execute();
    else if (roll < 0.97) {
      // A conversation deleted takes its notifications with it.
      const conversation = await db.selectFrom('conversations').select('id').limit(1).executeTakeFirst();
      if (conversation) await db.deleteFrom('conversations').where('id', '=', conversation.id).execute();
    } else await sql`truncate notifications restart identity`.execute(db);
    if (op % 20 === 19) await expectCountsEqualRows(db);
  }
  await expectCountsEqualRows(db);
}

describe('notification counts, read and unread', () => {
  it('equal the rows after the back-fill and random writes (PGlite)', async () => {
    const database = await openDatabase({});
    try {
      await randomWrites(database, 1310);
    } finally {
      await database.close();
    }
  });

  describe.skipIf(postgresUnavailable())('on a PostgreSQL server', () => {
    let postgres: PostgresProcess | undefined;
    afterAll(async () => {
      await postgres?.stop();
    });

    it('equal the rows after random writes, and after concurrent writers', async () => {
      postgres = await startPostgres();
      const database = await openDatabase({ databaseUrl: postgres.url });
      try {
        await randomWrites(database, 1311);
        const random = randomFrom(1312);
        await addNotifications(database.db, random, 64);
        const repo = notificationsRepository(database.db);
        // Eight writers at once: new hand-offs, marks as read, and "Mark all as read".
        await Promise.all(
          Array.from({ length: 8 }, async (_, writer) => {
            const mine = randomFrom(1400 + writer);
            for (let i = 0; i < 25; i++) {
              const roll = mine.next();
              if (roll < 0.4) await addNotifications(database.db, mine, 2);
              else if (roll < 0.9) {
                const ids = (await database.db.selectFrom('notifications').select('id').execute()).map((r) => r.id);
                if (ids.length > 0) await repo.markRead(mine.pick(ids));
              } else await repo.markAllRead();
            }
          }),
        );
        await expectCountsEqualRows(database.db);
      } finally {
        await database.close();
      }
    });
  });
});
