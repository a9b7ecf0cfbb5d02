// The counts per status that migration 008's triggers keep: after its
// back-fill of conversations stored before it, and after random inserts,
// changes of status, other updates, deletes and a truncate, they equal a count
// of every row, and so do the list's X-Total-Count source, the status filter's
// and the summary's counters that read them. On PGlite, and on a PostgreSQL
// server when one can be started (there also with concurrent writers).
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection';
import { loadMigrations, migrate } from '../../db/migrate';
import type { DB } from '../../db/schema';
import { conversationsRepository } from '../../modules/conversations/repository';
import { summaryRepository } from '../../modules/summary/repository';
import { postgresUnavailable, startPostgres, type PostgresProcess } from '../processes';
import { beforeChannels, openMigratedDatabase } from '../helpers';
import { randomFrom } from '../random';

const STATUSES = ['bot_active', 'admin_required', 'admin_takeover'] as const;
const NOW = new Date('2026-03-10T12:00:00Z');

async function expectCountsEqualRows(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('conversations')
    .select(['status', sql<number>`count(*)::int`.as('n')])
    .groupBy('status')
    .execute();
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]));
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  const repo = conversationsRepository(db, () => NOW);
  expect(await repo.count({})).toBe(total);
  for (const status of STATUSES) expect(await repo.count({ status }), status).toBe(byStatus[status]);
  const summary = await summaryRepository(db).counts(NOW);
  expect(summary.totalConversations).toBe(total);
  expect(summary.conversationsNeedingAttention).toBe(byStatus.admin_required);
  // Active: a message in the 24 hours before now, counted from the rows.
  const active = await db
    .selectFrom('conversations')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('last_message_at', '>=', new Date(NOW.getTime() - 86_400_000))
    .executeTakeFirstOrThrow();
  expect(summary.activeConversations).toBe(active.n);
  // A filter the counts cannot answer is still counted from the rows.
  const readAttention = await db
    .selectFrom('conversations')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('status', '=', 'admin_required')
    .where('unread_count', '=', 0)
    .executeTakeFirstOrThrow();
  expect(await repo.count({ status: 'admin_required', unread: false })).toBe(readAttention.n);
}

async function addConversations(
  db: Kysely<DB>,
  random: ReturnType<typeof randomFrom>,
  count: number,
  schema: 'current' | 'before channels' = 'current',
) {
  await db
    .insertInto('conversations')
    .values(
      Array.from({ length: count }, () => {
        const row = {
          customer_address: `+2547${random.int(10_000_000, 99_999_999)}`,
          status: random.pick(STATUSES),
          created_at: NOW,
          last_message_at: new Date(NOW.getTime() - random.int(0, 72) * 3_600_000),
        };
        return schema === 'current' ? row : beforeChannels(row);
      }),
    )
    .execute();
}

async function randomWrites(database: Database, seed: number) {
  const random = randomFrom(seed);
  const db = database.db;
  // Stored before migration 008: its back-fill counts them.
  await migrate(
    database,
    loadMigrations().filter((m) => m.version < 8),
  );
  await addConversations(db, random, 40, 'before channels');
  await migrate(database);
  await expectCountsEqualRows(db);

  for (let op = 0; op < 120; op++) {
    const ids = (await db.selectFrom('conversations').select('id').execute()).map((r) => r.id);
    const roll = random.next();
    if (ids.length === 0 || roll < 0.2) await addConversations(db, random, random.int(1, 5));
    else if (roll < 0.55)
      await db
        .updateTable('conversations')
        .set({ status: random.pick(STATUSES) })
        .where('id', 'in', [random.pick(ids), random.pick(ids), random.pick(ids)])
        .execute();
    else if (roll < 0.75)
      // Not a change of status: the counts stay.
      await db
        .updateTable('conversations')
        .set({ last_message_at: NOW, unread_count: random.int(0, 3) })
        .where('id', '=', random.pick(ids))
        .execute();
    else if (roll < 0.95)
      await db
        .deleteFrom('conversations')
        .where('id', 'in', [random.pick(ids), random.pick(ids)])
        .execute();
    else if (roll < 0.97) await sql`truncate conversations restart identity cascade`.execute(db);
    else
      // Every status at once, some to the same one.
      await db
        .updateTable('conversations')
        .set({ status: random.pick(STATUSES) })
        .execute();
    if (op % 20 === 19) await expectCountsEqualRows(db);
  }
  await expectCountsEqualRows(db);
}

describe('conversation counts per status', () => {
  it('equal the rows after the back-fill and random writes (PGlite)', async () => {
    const database = await openDatabase({});
    try {
      await randomWrites(database, 2810);
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
        await randomWrites(database, 2811);
        const random = randomFrom(2812);
        await addConversations(database.db, random, 64);
        const ids = (await database.db.selectFrom('conversations').select('id').execute()).map((r) => r.id);
        // Eight writers at once, each moving conversations between statuses and adding new ones.
        await Promise.all(
          Array.from({ length: 8 }, async (_, writer) => {
            const mine = randomFrom(3000 + writer);
            for (let i = 0; i < 25; i++) {
              if (mine.next() < 0.3) await addConversations(database.db, mine, 2);
              else
                await database.db
                  .updateTable('conversations')
                  .set({ status: mine.pick(STATUSES) })
                  .where('id', '=', mine.pick(ids))
                  .execute();
            }
          }),
        );
        await expectCountsEqualRows(database.db);

        // Conversations of one shard moving at once in opposite directions (A: bot_active ⇄
        // admin_required, B the other way): the counts' two rows are locked in one order, so no
        // write ends in a deadlock (migration 020; before it, this failed within a few rounds).
        const shard = ids.filter((id) => id % 16 === ids[0]! % 16).slice(0, 8);
        await database.db
          .updateTable('conversations')
          .set({ status: 'bot_active' })
          .where(
            'id',
            'in',
            shard.filter((_, i) => i % 2 === 0),
          )
          .execute();
        await database.db
          .updateTable('conversations')
          .set({ status: 'admin_required' })
          .where(
            'id',
            'in',
            shard.filter((_, i) => i % 2 === 1),
          )
          .execute();
        await Promise.all(
          shard.map(async (id, i) => {
            for (let round = 0; round < 40; round++) {
              const forward = (round + i) % 2 === 0;
              await database.db
                .updateTable('conversations')
                .set({ status: forward ? 'admin_required' : 'bot_active' })
                .where('id', '=', id)
                .execute();
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

// A product search's X-Total-Count is remembered with the mentions' version
// (migration 015) and answered again while nothing was mentioned or removed:
// after each kind of write that moves it, the count is the rows' again.
describe("a product search's count", () => {
  async function expectProductCount(db: Kysely<DB>, text: string) {
    const rows = await db
      .selectFrom('conversations')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(
        sql<boolean>`exists (select 1 from unnest(products_mentioned) as p(name) where p.name ilike ${`%${text}%`})`,
      )
      .executeTakeFirstOrThrow();
    const repo = conversationsRepository(db, () => NOW);
    // Twice: the second answer is the remembered one when nothing moved.
    for (let i = 0; i < 2; i++) {
      const page = await repo.page({ productMentioned: text }, undefined, 2, true);
      expect(page.length === 0 ? 0 : page[0].total, `${text}, answer ${i + 1}`).toBe(rows.n);
    }
    expect(await repo.count({ productMentioned: text })).toBe(rows.n);
  }

  async function mentionWrites(database: Database) {
    const db = database.db;
    await migrate(database);
    const mention = (names: string[], phone: string) =>
      db
        .insertInto('conversations')
        .values({
          customer_address: phone,
          status: 'bot_active',
          created_at: NOW,
          last_message_at: NOW,
          products_mentioned: names,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await mention(['Galaxy Black Granite', 'Steel Sink'], '+254700000001');
    await mention(['Galaxy Black Granite 30mm'], '+254700000002');
    await expectProductCount(db, 'galaxy black');
    await expectProductCount(db, 'Sink');

    // A new conversation mentioning it, one without products, a name changed, a conversation gone.
    const third = await mention(['Galaxy Black Granite'], '+254700000003');
    await expectProductCount(db, 'galaxy black');
    await mention([], '+254700000004');
    await expectProductCount(db, 'galaxy black');
    await db
      .updateTable('conversations')
      .set({ products_mentioned: ['Steel Sink'] })
      .where('id', '=', first.id)
      .execute();
    await expectProductCount(db, 'galaxy black');
    await expectProductCount(db, 'Sink');
    await db.deleteFrom('conversations').where('id', '=', third.id).execute();
    await expectProductCount(db, 'galaxy black');
    // A write that does not mention anything leaves the remembered count standing, and true.
    await db.updateTable('conversations').set({ last_message_at: NOW, unread_count: 2 }).execute();
    await expectProductCount(db, 'galaxy black');
    // A transaction's own uncommitted mention is never remembered for others.
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('conversations')
          .values({
            customer_address: '+254700000005',
            status: 'bot_active',
            created_at: NOW,
            last_message_at: NOW,
            products_mentioned: ['Galaxy Black Granite'],
          })
          .execute();
        const inside = await conversationsRepository(trx, () => NOW).page(
          { productMentioned: 'galaxy black' },
          undefined,
          2,
          true,
        );
        expect(inside[0].total).toBe(2);
        throw new Error('rolled back');
      })
      .catch((error: Error) => expect(error.message).toBe('rolled back'));
    await expectProductCount(db, 'galaxy black');
    await sql`truncate conversations restart identity cascade`.execute(db);
    await expectProductCount(db, 'galaxy black');
    await mention(['Galaxy Black Granite'], '+254700000006');
    await expectProductCount(db, 'galaxy black');
  }

  it('follows every mention added or removed (PGlite)', async () => {
    const database = await openMigratedDatabase();
    try {
      await mentionWrites(database);
    } finally {
      await database.close();
    }
  });

  it.skipIf(postgresUnavailable())('follows every mention added or removed (PostgreSQL)', async () => {
    const postgres = await startPostgres();
    const database = await openDatabase({ databaseUrl: postgres.url });
    try {
      await mentionWrites(database);
    } finally {
      await database.close();
      await postgres.stop();
    }
  });
});
