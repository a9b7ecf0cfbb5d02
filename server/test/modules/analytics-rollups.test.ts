// The analytics read rollups that triggers keep (migration 004): after random
// writes — messages out of timestamp order, between two stored ones, with
// equal timestamps, several in one statement, updated, deleted with their
// conversation; product events added and deleted, products deleted — the
// rollups must equal the same figures computed from every row, and the
// overview, top products and timeline must equal what the scans gave. On
// PGlite, and on a PostgreSQL server when one can be started (there also
// with concurrent writers to one conversation, and the back-fill of an
// existing database).
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection';
import { loadMigrations, migrate } from '../../db/migrate';
import type { DB } from '../../db/schema';
import { analyticsRepository } from '../../modules/analytics/repository';
import { analyticsDefinitions, analyticsRollups } from './analytics-reference';
import { openMigratedDatabase } from '../helpers';
import { postgresUnavailable, startPostgres, type PostgresProcess } from '../processes';
import { randomFrom, type Random } from '../random';

const NOW = new Date('2026-03-10T12:00:00Z');
const MINUTE = 60_000;

async function expectRollupsEqualScans(db: Kysely<DB>) {
  const definitions = analyticsDefinitions(db);
  const rollups = analyticsRollups(db);
  const repo = analyticsRepository(db);
  expect(await rollups.responseDays()).toEqual(await definitions.responseDays());
  expect(await rollups.responseDays('admin')).toEqual(await definitions.responseDays('admin'));
  expect(await rollups.productCounts()).toEqual(await definitions.productCounts());
  expect(await rollups.productDailyTotals()).toEqual(await definitions.productCounts());
  const overview = await repo.overview(NOW);
  expect(overview.responseSeconds).toBe(await definitions.responseSeconds());
  // No conversation here is handed over: the staff's first response (from a hand-off) has nothing
  // to average (staff-first-response.test.ts measures it).
  expect(overview.staffResponseSeconds).toBeNull();
  const { responseSeconds: _seconds, staffResponseSeconds: _staff, ...counts } = overview;
  expect(counts).toEqual(await definitions.counts(NOW));
  for (const kind of ['view', 'inquiry'] as const) {
    expect(await repo.top(kind, 10)).toEqual(await definitions.top(kind, 10));
    for (const days of [1, 2, 7])
      expect(await repo.topSince(kind, 10, days, NOW)).toEqual(await definitions.topSince(kind, 10, days, NOW));
  }
  for (const days of [1, 7, 30, 365])
    expect(await repo.timeline(days, NOW)).toEqual(await definitions.timeline(days, NOW));
}

async function ids(db: Kysely<DB>, table: 'conversations' | 'products' | 'messages' | 'product_events') {
  return (await db.selectFrom(table).select('id').orderBy('id').execute()).map((row) => row.id);
}

/** Around midnight UTC of a few days, often equal to a timestamp already stored. */
function messageTime(random: Random, stored: Date[]): Date {
  if (stored.length > 0 && random.next() < 0.15) return random.pick(stored);
  return new Date(NOW.getTime() - random.int(0, 3 * 24 * 60) * MINUTE - random.int(0, 59_999));
}

const SENDERS = ['customer', 'customer', 'bot', 'bot', 'admin'] as const;

async function randomRound(db: Kysely<DB>, random: Random, operations: number) {
  await sql`truncate messages, product_events, notifications, outbox, conversations, products restart identity cascade`.execute(
    db,
  );
  for (let i = 0; i < random.int(2, 5); i++)
    await db
      .insertInto('products')
      .values({
        name: `Slab ${i}`,
        category: 'granite',
        starting_price: 1,
        ending_price: 2,
        stock: 0,
        is_active: true,
        installation_image_urls: [],
      })
      .execute();
  const addConversation = () => {
    const created = new Date(NOW.getTime() - random.int(-60, 45 * 24 * 60) * MINUTE);
    return db
      .insertInto('conversations')
      .values({
        customer_address: `+2547${random.int(10_000_000, 99_999_999)}`,
        created_at: created,
        last_message_at: new Date(created.getTime() + random.int(0, 48 * 60) * MINUTE),
        converted: random.next() < 0.3,
      })
      .execute();
  };
  for (let i = 0; i < random.int(3, 7); i++) await addConversation();
  const stored: Date[] = [];
  for (let op = 0; op < operations; op++) {
    const conversations = await ids(db, 'conversations');
    const products = await ids(db, 'products');
    const roll = random.next();
    if (conversations.length === 0 || roll < 0.03) {
      await addConversation();
    } else if (roll < 0.6) {
      const timestamp = messageTime(random, stored);
      stored.push(timestamp);
      await db
        .insertInto('messages')
        .values({
          conversation_id: random.pick(conversations),
          sender: random.pick(SENDERS),
          content: 'text',
          message_type: 'text',
          timestamp,
        })
        .execute();
    } else if (roll < 0.7) {
      // Several messages in one statement, into one or two conversations.
      const rows = Array.from({ length: random.int(2, 6) }, () => {
        const timestamp = messageTime(random, stored);
        stored.push(timestamp);
        return {
          conversation_id: random.pick(conversations.slice(0, 2)),
          sender: random.pick(SENDERS),
          content: 'batch',
          message_type: 'text',
          timestamp,
        };
      });
      await db.insertInto('messages').values(rows).execute();
    } else if (roll < 0.76) {
      const messages = await ids(db, 'messages');
      if (messages.length > 0)
        await db
          .updateTable('messages')
          .set(
            random.next() < 0.5
              ? { timestamp: messageTime(random, stored) }
              : { sender: random.pick(SENDERS), conversation_id: random.pick(conversations) },
          )
          .where('id', 'in', [random.pick(messages), random.pick(messages)])
          .execute();
    } else if (roll < 0.79) {
      await db.deleteFrom('conversations').where('id', '=', random.pick(conversations)).execute();
    } else if (roll < 0.93 && products.length > 0) {
      await db
        .insertInto('product_events')
        .values(
          Array.from({ length: random.int(1, 4) }, () => ({
            product_id: random.pick(products),
            conversation_id: random.pick(conversations),
            kind: random.pick(['view', 'inquiry'] as const),
            // Now, or on one of the ten days before (the windowed top lists of migration 010).
            created_at: random.next() < 0.5 ? NOW : new Date(NOW.getTime() - random.int(0, 10 * 24 * 60) * MINUTE),
          })),
        )
        .execute();
    } else if (roll < 0.95) {
      const events = await ids(db, 'product_events');
      if (events.length > 0)
        await db
          .deleteFrom('product_events')
          .where('id', 'in', [random.pick(events), random.pick(events)])
          .execute();
    } else if (roll < 0.97) {
      // An event moved to another day or product.
      const events = await ids(db, 'product_events');
      if (events.length > 0 && products.length > 0)
        await db
          .updateTable('product_events')
          .set(
            random.next() < 0.5
              ? { created_at: new Date(NOW.getTime() - random.int(0, 10 * 24 * 60) * MINUTE) }
              : { product_id: random.pick(products) },
          )
          .where('id', '=', random.pick(events))
          .execute();
    } else if (products.length > 0) {
      await db.deleteFrom('products').where('id', '=', random.pick(products)).execute();
    }
    if (op % 25 === 24) await expectRollupsEqualScans(db);
  }
  await expectRollupsEqualScans(db);
}

async function randomWrites(database: Database, seed: number) {
  await migrate(database);
  const random = randomFrom(seed);
  for (let round = 0; round < 4; round++) await randomRound(database.db, random, 90);
  // Messages go with their conversation only: the rollups follow the cascade.
  await database.db.deleteFrom('conversations').execute();
  await expectRollupsEqualScans(database.db);
  expect(await analyticsRollups(database.db).responseDays()).toEqual([]);
  expect(await analyticsRollups(database.db).responseDays('admin')).toEqual([]);
}

/** Rows written before migration 004 existed are counted by its back-fill. */
async function backFill(database: Database, seed: number) {
  const all = loadMigrations();
  await migrate(
    database,
    all.filter((m) => m.version < 4),
  );
  const random = randomFrom(seed);
  const db = database.db;
  await sql`insert into products (name, category, starting_price, ending_price)
    select 'Slab ' || g, 'quartz', 1, 2 from generate_series(1, 4) g`.execute(db);
  await sql`insert into conversations (whatsapp_phone_number, created_at, last_message_at, converted)
    select '+25470000' || g, ${NOW}::timestamptz - g * interval '9 hours', ${NOW}::timestamptz - g * interval '1 hour', g % 3 = 0
    from generate_series(1, 12) g`.execute(db);
  const stored: Date[] = [];
  for (let i = 0; i < 150; i++) {
    const timestamp = messageTime(random, stored);
    stored.push(timestamp);
    await db
      .insertInto('messages')
      .values({
        conversation_id: random.int(1, 12),
        sender: random.pick(SENDERS),
        content: 'x',
        message_type: 'text',
        timestamp,
      })
      .execute();
  }
  await sql`insert into product_events (product_id, conversation_id, kind)
    select 1 + g % 4, 1 + g % 12, case when g % 3 = 0 then 'inquiry' else 'view' end from generate_series(1, 40) g`.execute(
    db,
  );
  expect(await migrate(database)).toEqual(all.filter((m) => m.version >= 4).map((m) => m.version));
  await expectRollupsEqualScans(db);
}

describe('analytics rollups on PGlite', () => {
  it('equal a computation from every row after random writes', { timeout: 120_000 }, async () => {
    const database = await openMigratedDatabase();
    try {
      await randomWrites(database, 20260310);
    } finally {
      await database.close();
    }
  });

  it('are back-filled from the rows already stored', async () => {
    const database = await openDatabase({});
    try {
      await backFill(database, 7);
    } finally {
      await database.close();
    }
  });
});

const noPostgres = postgresUnavailable();
describe.skipIf(Boolean(noPostgres))(
  `analytics rollups on a PostgreSQL server${noPostgres ? ` (skipped: ${noPostgres})` : ''}`,
  () => {
    let server: PostgresProcess | undefined;
    afterAll(async () => server?.stop());
    /** A new database on the test server, so that each test starts empty. */
    async function freshDatabase(name: string): Promise<Database> {
      server ??= await startPostgres();
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      return openDatabase({ databaseUrl: server.url.replace(/\/postgres$/, `/${name}`) });
    }

    it('equal a computation from every row after random writes', { timeout: 120_000 }, async () => {
      const database = await freshDatabase('rollups_random');
      try {
        await randomWrites(database, 97);
      } finally {
        await database.close();
      }
    });

    it('are back-filled from the rows already stored', async () => {
      const database = await freshDatabase('rollups_backfill');
      try {
        await backFill(database, 11);
      } finally {
        await database.close();
      }
    });

    it('stay equal with concurrent writers to the same conversations', { timeout: 60_000 }, async () => {
      const database = await freshDatabase('rollups_concurrent');
      try {
        await migrate(database);
        const db = database.db;
        await sql`insert into conversations (customer_address) select '+25471000' || g from generate_series(1, 3) g`.execute(
          db,
        );
        const random = randomFrom(3);
        const stored: Date[] = [];
        // Ten pool connections writing at once, each message in its own transaction.
        const writes = Array.from({ length: 300 }, () => {
          const timestamp = messageTime(random, stored);
          stored.push(timestamp);
          const row = {
            conversation_id: random.int(1, 3),
            sender: random.pick(SENDERS),
            content: 'x',
            message_type: 'text',
            timestamp,
          };
          return () =>
            db.transaction().execute(async (trx) => {
              await trx.insertInto('messages').values(row).execute();
              await trx
                .updateTable('conversations')
                .set({ last_message_at: timestamp })
                .where('id', '=', row.conversation_id)
                .execute();
            });
        });
        await Promise.all(writes.map((write) => write()));
        await expectRollupsEqualScans(db);
        expect(
          Number(
            (
              await db
                .selectFrom('messages')
                .select(sql<string>`count(*)`.as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ).toBe(300);
      } finally {
        await database.close();
      }
    });
  },
);
