// The orders' list reads indexes, not the whole table: with the repository's
// own SQL (each page with the count it carries), on 30,000 orders (analyzed),
// EXPLAIN shows no sequential scan of orders for the first or a later page,
// a status, a payment status, both, or a search by number, name or phone;
// and the counts without a search read order_counts only (migration 028).
import { CompiledQuery, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/connection';
import type { DB } from '../../db/schema';
import { ordersRepository, type OrderFilter } from '../../modules/orders/repository';
import { TEST_NOW, openMigratedDatabase } from '../helpers';

const AT = `timestamptz '${TEST_NOW.toISOString()}'`;
const SEED = `
  insert into conversations (customer_name, customer_address, last_message_at, created_at)
  values ('Seed', '+254700000000', ${AT}, ${AT});
  insert into orders (conversation_id, customer_name, customer_phone, status, payment_status, subtotal_cents,
                      total_cents, deposit_cents, paid_cents, delivery_date, created_at, updated_at)
  select (select min(id) from conversations), 'Customer ' || g,
         '+2547' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
         (array['confirmed', 'scheduled', 'out_for_delivery', 'delivered', 'delivered', 'delivered', 'cancelled'])[1 + g % 7],
         case when g % 7 = 6 then 'unpaid' when g % 5 = 0 then 'unpaid' when g % 3 = 0 then 'deposit_paid' else 'paid' end,
         100000, 100000, 30000,
         case when g % 7 = 6 or g % 5 = 0 then 0 when g % 3 = 0 then 30000 else 100000 end,
         (${AT} + (g % 30) * interval '1 day')::date,
         ${AT} - g * interval '17 minutes', ${AT} - g * interval '17 minutes'
  from generate_series(1, 30000) g;
  analyze;
`;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

async function captured(db: Kysely<DB>, run: (db: Kysely<DB>) => Promise<unknown>): Promise<CompiledQuery[]> {
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
  return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0].Plan;
}

describe('the orders list uses indexes', () => {
  it('on PGlite, at 30,000 orders', { timeout: 180_000 }, async () => {
    const database = await openMigratedDatabase();
    try {
      await database.exec(SEED);
      const db = database.db;
      const middle = await ordersRepository(db).page({}, undefined, 15000);
      const key = { at: middle.at(-1)!.at, id: middle.at(-1)!.id };
      const filters: [string, OrderFilter][] = [
        ['everything', {}],
        ['a status', { status: 'scheduled' }],
        ['a payment status', { paymentStatus: 'deposit_paid' }],
        ['both', { status: 'confirmed', paymentStatus: 'unpaid' }],
        ['a number', { search: 'SO01234' }],
        ['a name', { search: 'customer 2345' }],
        ['a phone', { search: '0712345' }],
      ];
      const problems: string[] = [];
      for (const [name, filter] of filters)
        for (const [page, after] of [
          ['first page', undefined],
          ['a later page', key],
        ] as const) {
          const [query] = await captured(db, (d) => ordersRepository(d).page(filter, after, 51, true));
          const all = nodes(await explain(database, query));
          const seq = all.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'orders');
          if (seq.length > 0) problems.push(`${name}, ${page}: Seq Scan on orders`);
          if (!all.some((n) => n['Index Name']?.startsWith('orders_')))
            problems.push(`${name}, ${page}: no index of orders`);
        }
      for (const [name, filter] of filters.filter(([, f]) => !f.search)) {
        const [query] = await captured(db, (d) => ordersRepository(d).count(filter));
        const all = nodes(await explain(database, query));
        if (all.some((n) => n['Relation Name'] === 'orders')) problems.push(`count of ${name}: reads orders`);
      }
      expect(problems).toEqual([]);
      // The counts the triggers keep are the orders' own.
      const counted = await ordersRepository(db).count({ status: 'delivered' });
      const real = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'delivered')
        .executeTakeFirstOrThrow();
      expect(counted).toBe(Number(real.n));
    } finally {
      await database.close();
    }
  });
});
