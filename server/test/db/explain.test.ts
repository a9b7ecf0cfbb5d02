// The list queries read indexes, not whole tables: with the repositories'
// own SQL (each page with the count it carries, as the server asks it; the
// products' count, of a catalogue of a few thousand, is a query of its own), on a database of 20,000 conversations, 100,000 messages and 5,000
// notifications (analyzed), EXPLAIN shows no sequential scan of
// conversations, messages or notifications for any list page, filter, the
// unread list or a page of messages, on PGlite and, when its binaries are
// installed, on a PostgreSQL server.
import { CompiledQuery, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/connection';
import { migrate } from '../../db/migrate';
import type { DB } from '../../db/schema';
import { conversationsRepository } from '../../modules/conversations/repository';
import { notificationsRepository } from '../../modules/notifications/repository';
import type { Key } from '../../app/paging';
import { productsRepository } from '../../modules/products/repository';
import { TEST_NOW, openMigratedDatabase } from '../helpers';
import { postgresUnavailable, startPostgres, type PostgresProcess } from '../processes';

// The rows lie before a fixed instant, not the database's now(): the date filters below, and
// so the plans, do not depend on the machine's date.
const NOW = TEST_NOW;
const AT = `timestamptz '${NOW.toISOString()}'`;

const SEED = `
  insert into products (name, category, starting_price, ending_price, stock, is_active, installation_image_urls, created_at)
  select 'Product ' || g, 'granite', 1000, 2000, 1, true, '{}', ${AT} - g * interval '7 minutes'
  from generate_series(1, 2000) g;

  -- Few conversations need a human; phone numbers and products mentioned vary.
  insert into conversations (customer_name, customer_address, status, last_message_at, created_at, message_count, products_mentioned)
  select 'Customer ' || g,
         '+2547' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
         case when g % 50 = 0 then 'admin_required' when g % 40 = 1 then 'admin_takeover' else 'bot_active' end,
         ${AT} - g * interval '13 minutes' - (g % 997) * interval '1 microsecond',
         ${AT} - g * interval '14 minutes',
         5,
         case when g % 3 = 0 then array['Kashmir White Granite ' || (g % 300), 'Franke Sink ' || (g % 41)]
              else array['Carrara Marble ' || (g % 250)] end
  from generate_series(1, 20000) g;

  -- 95,000 messages spread over the conversations, and one conversation of 5,000.
  insert into messages (conversation_id, sender, content, timestamp)
  select (select min(id) from conversations) + (g % 19000), 'customer', 'Message ' || g, ${AT} - g * interval '1 minute'
  from generate_series(1, 95000) g;
  insert into messages (conversation_id, sender, content, timestamp)
  select (select max(id) from conversations), 'bot', 'Long chat ' || g, ${AT} - g * interval '1 second'
  from generate_series(1, 5000) g;

  insert into notifications (type, message, conversation_id, is_read, created_at)
  select 'delivery_inquiry', 'Notification ' || g, (select min(id) from conversations) + (g % 20000), g % 10 <> 0,
         ${AT} - g * interval '5 minutes'
  from generate_series(1, 5000) g;

  analyze;
`;

const WATCHED = new Set(['conversations', 'messages', 'notifications', 'products']);

/**
 * The table whose index a query must read; a table of counts (the counts
 * per status that migration 008 keeps, the notifications' of migration 013:
 * a few rows): no list table at all.
 */
type Table =
  | 'conversations'
  | 'messages'
  | 'notifications'
  | 'products'
  | 'conversation_mentions'
  | 'conversation_phone_suffixes'
  | 'conversation_counts'
  | 'notification_counts';
const COUNTS = new Set<Table>(['conversation_counts', 'notification_counts']);
/** A query's name, the table whose index it must read, and the repository call that sends it. */
type Case = readonly [string, Table, (db: Kysely<DB>) => Promise<unknown>];

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** One line per node: "Limit > Index Scan on conversations using conversations_last_message_at". */
function outline(plan: PlanNode, depth = 0): string {
  const on = plan['Relation Name'] ? ` on ${plan['Relation Name']}` : '';
  const using = plan['Index Name'] ? ` using ${plan['Index Name']}` : '';
  return [
    `${'  '.repeat(depth)}${plan['Node Type']}${on}${using}`,
    ...(plan.Plans ?? []).map((p) => outline(p, depth + 1)),
  ].join('\n');
}

/** Runs `run` against `db` and returns the compiled SQL of every query it sent. */
async function captured(db: Kysely<DB>, run: (db: Kysely<DB>) => Promise<unknown>): Promise<CompiledQuery[]> {
  // Subqueries pass through transformQuery too; only the statements run reach transformResult.
  const seen = new Map<QueryId, RootOperationNode>();
  const ran: QueryId[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      seen.set(args.queryId, args.node);
      return args.node;
    },
    transformResult: async (args) => {
      ran.push(args.queryId);
      return args.result;
    },
  };
  await run(db.withPlugin(plugin));
  return ran.map((queryId) => db.getExecutor().compileQuery(seen.get(queryId)!, queryId));
}

async function explain(database: Database, query: CompiledQuery): Promise<PlanNode> {
  const result = await database.db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
  );
  const raw = result.rows[0]['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return parsed[0].Plan;
}

function checks(database: Database) {
  const db = database.db;
  const conversations = conversationsRepository(db);
  const keyAfter = async (rows: Promise<(Key & object)[]>) => {
    const list = await rows;
    const last = list[list.length - 1];
    return { at: last.at, id: last.id };
  };
  /** Each list query, with what it must read through an index. */
  return async () => {
    const middle = await keyAfter(conversations.page({}, undefined, 7000));
    const sinceFilter = {
      startDate: new Date(NOW.getTime() - 30 * 86_400_000).toISOString(),
      endDate: new Date(NOW.getTime() - 20 * 86_400_000).toISOString(),
    };
    const phone = (
      await db
        .selectFrom('conversations')
        .select('customer_address')
        .where('id', '=', middle.id)
        .executeTakeFirstOrThrow()
    ).customer_address;
    const longChat = (
      await db
        .selectFrom('conversations')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id;
    const shortChat = longChat - 1;
    const messagesMiddle = await keyAfter(conversationsRepository(db).messagesPage(longChat, undefined, 2500));
    const notificationsMiddle = await keyAfter(notificationsRepository(db).page(false, undefined, 2000));
    const productsMiddle = await keyAfter(productsRepository(db).page(undefined, 1000));
    const filters = {
      status: { status: 'admin_required' },
      takeover: { status: 'admin_takeover' },
      dates: sinceFilter,
      phoneLocal: { customerPhone: `0${phone.slice(4, 10)}` },
      phoneDigits: { customerPhone: phone.slice(-6) },
      product: { productMentioned: 'kashmir white granite 17' },
      productShort: { productMentioned: 'sink 3' },
      combined: { status: 'bot_active', productMentioned: 'carrara', ...sinceFilter },
    };
    const cases: Case[] = [
      ['conversations, first page', 'conversations', (d) => conversationsRepository(d).page({}, undefined, 51, true)],
      ['conversations, count', 'conversation_counts', (d) => conversationsRepository(d).count({})],
      ['conversations, a middle page', 'conversations', (d) => conversationsRepository(d).page({}, middle, 51, true)],
      [
        'conversations, a batch of the whole list',
        'conversations',
        (d) => conversationsRepository(d).page({}, middle, 1001),
      ],
      ['conversations, an export batch', 'conversations', (d) => conversationsRepository(d).rows({}, middle, 1001)],
      ...Object.entries(filters).flatMap(([name, filter]): Case[] => [
        [
          `search by ${name}, first page`,
          'conversations',
          (d) => conversationsRepository(d).page(filter, undefined, 51, true),
        ],
        [
          `search by ${name}, a later page`,
          'conversations',
          (d) => conversationsRepository(d).page(filter, middle, 51, true),
        ],
        [
          `search by ${name}, count`,
          // A status alone is counted from the maintained counts, a product alone from the mentions, a
          // number alone from its suffixes (migration 008).
          Object.keys(filter).length === 1 && 'status' in filter
            ? 'conversation_counts'
            : Object.keys(filter).length === 1 && 'productMentioned' in filter
              ? 'conversation_mentions'
              : Object.keys(filter).length === 1 && 'customerPhone' in filter
                ? 'conversation_phone_suffixes'
                : 'conversations',
          (d) => conversationsRepository(d).count(filter),
        ],
      ]),
      [
        'notifications, first page',
        'notifications',
        (d) => notificationsRepository(d).page(false, undefined, 51, true),
      ],
      [
        'notifications, a middle page',
        'notifications',
        (d) => notificationsRepository(d).page(false, notificationsMiddle, 51, true),
      ],
      [
        'unread notifications, first page',
        'notifications',
        (d) => notificationsRepository(d).page(true, undefined, 51, true),
      ],
      [
        'unread notifications, a middle page',
        'notifications',
        (d) => notificationsRepository(d).page(true, notificationsMiddle, 51, true),
      ],
      ['unread notifications, count', 'notification_counts', (d) => notificationsRepository(d).count(true)],
      ['notifications, count', 'notification_counts', (d) => notificationsRepository(d).count(false)],
      [
        'messages of a long chat, newest page',
        'messages',
        (d) => conversationsRepository(d).messagesPage(longChat, undefined, 51, true),
      ],
      [
        'messages of a long chat, an older page',
        'messages',
        (d) => conversationsRepository(d).messagesPage(longChat, messagesMiddle, 51, true),
      ],
      [
        'messages of a long chat, a batch of the whole list',
        'messages',
        (d) => conversationsRepository(d).messagesOldestFirst(longChat, messagesMiddle, 1001),
      ],
      ['messages of a long chat, count', 'messages', (d) => conversationsRepository(d).messageCount(longChat)],
      [
        'messages of a short chat, page',
        'messages',
        (d) => conversationsRepository(d).messagesPage(shortChat, undefined, 51, true),
      ],
      ['products, first page', 'products', (d) => productsRepository(d).page(undefined, 51)],
      ['products, a middle page', 'products', (d) => productsRepository(d).page(productsMiddle, 51)],
    ];
    const report: string[] = [];
    const problems: string[] = [];
    for (const [name, table, run] of cases) {
      const queries = await captured(db, run);
      expect(queries, name).toHaveLength(1);
      const plan = await explain(database, queries[0]);
      const all = nodes(plan);
      report.push(`${name}:\n${outline(plan, 1)}`);
      const seq = all.filter((n) => n['Node Type'] === 'Seq Scan' && WATCHED.has(n['Relation Name'] ?? ''));
      if (seq.length > 0) problems.push(`${name}: Seq Scan on ${seq.map((n) => n['Relation Name']).join(', ')}`);
      if (COUNTS.has(table)) {
        const read = all.filter((n) => WATCHED.has(n['Relation Name'] ?? ''));
        if (read.length > 0) problems.push(`${name}: reads ${read.map((n) => n['Relation Name']).join(', ')}`);
      } else if (!all.some((n) => n['Index Name']?.startsWith(table)))
        problems.push(`${name}: no index of ${table} is read`);
    }
    console.log(`EXPLAIN on ${database.kind}:\n${report.join('\n')}`);
    expect(problems).toEqual([]);
  };
}

async function seeded(database: Database) {
  await migrate(database);
  await database.exec(SEED);
  return database;
}

describe('list queries use indexes', () => {
  it('on PGlite', { timeout: 180_000 }, async () => {
    const database = await seeded(await openMigratedDatabase());
    try {
      await checks(database)();
    } finally {
      await database.close();
    }
  });

  const noPostgres = postgresUnavailable();
  let postgres: PostgresProcess | undefined;
  afterAll(async () => postgres?.stop());
  it.skipIf(Boolean(noPostgres))(
    `on a PostgreSQL server${noPostgres ? ` (skipped: ${noPostgres})` : ''}`,
    { timeout: 180_000 },
    async () => {
      postgres = await startPostgres();
      const database = await seeded(await openDatabase({ databaseUrl: postgres.url }));
      try {
        await checks(database)();
      } finally {
        await database.close();
      }
    },
  );
});
