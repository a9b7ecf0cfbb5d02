// The analytics as computed from every row, before the rollups of migration
// 004: slow on a large database, kept as the reference the rollups and the
// repository's figures are tested against (analytics-rollups.test.ts).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const DAY_MS = 86_400_000;

/** The analytics' figures from every row. */
export function analyticsDefinitions(db: Kysely<DB>) {
  return {
    async responseSeconds(responder: 'bot' | 'admin' = 'bot'): Promise<number | null> {
      const response = await sql<{ seconds: number | null }>`
        select avg(extract(epoch from (timestamp - previous_at)))::float8 as seconds
        from (
          select sender, timestamp,
                 lag(sender) over w as previous_sender,
                 lag(timestamp) over w as previous_at
          from messages
          window w as (partition by conversation_id order by timestamp, id)
        ) pairs
        where sender = ${responder} and previous_sender = 'customer'`.execute(db);
      const seconds = response.rows[0]?.seconds ?? null;
      return seconds === null ? (responder === 'bot' ? 0 : null) : Number(seconds);
    },
    /** Per UTC day of the bot's (or the admin's) reply: the seconds summed (as text, exact) and the pairs. */
    async responseDays(responder: 'bot' | 'admin' = 'bot'): Promise<{ day: string; seconds: string; pairs: number }[]> {
      return (
        await sql<{ day: string; seconds: string; pairs: number }>`
          select to_char((timestamp at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
                 sum(extract(epoch from (timestamp - previous_at)))::text as seconds, count(*)::int as pairs
          from (
            select sender, timestamp,
                   lag(sender) over w as previous_sender,
                   lag(timestamp) over w as previous_at
            from messages
            window w as (partition by conversation_id order by timestamp, id)
          ) pairs
          where sender = ${responder} and previous_sender = 'customer'
          group by 1 order by 1`.execute(db)
      ).rows;
    },
    async productCounts(): Promise<{ productId: number; kind: string; count: number }[]> {
      return (
        await sql<{ productId: number; kind: string; count: number }>`
          select product_id as "productId", kind, count(*)::int as count
          from product_events group by 1, 2 order by 1, 2`.execute(db)
      ).rows;
    },
    async counts(now: Date) {
      const since30 = new Date(now.getTime() - 30 * DAY_MS);
      const since24h = new Date(now.getTime() - DAY_MS);
      return db
        .selectFrom('conversations')
        .select([
          sql<number>`count(*)::int`.as('total'),
          sql<number>`(count(*) filter (where created_at >= ${since30}))::int`.as('last30'),
          sql<number>`(count(*) filter (where converted))::int`.as('converted'),
          sql<number>`(count(*) filter (where last_message_at >= ${since24h}))::int`.as('active'),
        ])
        .executeTakeFirstOrThrow();
    },
    top: (kind: 'view' | 'inquiry', limit: number) =>
      db
        .selectFrom('product_events')
        .innerJoin('products', 'products.id', 'product_events.product_id')
        .select(['products.id as productId', 'products.name as productName', sql<number>`count(*)::int`.as('count')])
        .where('product_events.kind', '=', kind)
        .groupBy(['products.id', 'products.name'])
        .orderBy('count', 'desc')
        .orderBy('products.id')
        .limit(limit)
        .execute(),
    /** The top list over the last `days` UTC days, today included. */
    topSince: (kind: 'view' | 'inquiry', limit: number, days: number, now: Date) =>
      db
        .selectFrom('product_events')
        .innerJoin('products', 'products.id', 'product_events.product_id')
        .select(['products.id as productId', 'products.name as productName', sql<number>`count(*)::int`.as('count')])
        .where('product_events.kind', '=', kind)
        .where(
          sql<boolean>`(product_events.created_at at time zone 'UTC')::date >= (${now}::timestamptz at time zone 'UTC')::date - ${days - 1}::int`,
        )
        .groupBy(['products.id', 'products.name'])
        .orderBy('count', 'desc')
        .orderBy('products.id')
        .limit(limit)
        .execute(),
    timeline: async (days: number, now: Date) =>
      (
        await sql<{ date: string; count: number }>`
          select to_char(day, 'YYYY-MM-DD') as date, count(c.id)::int as count
          from generate_series(
                 (${now}::timestamptz at time zone 'UTC')::date - ${days - 1}::int,
                 (${now}::timestamptz at time zone 'UTC')::date,
                 interval '1 day') as day
          left join conversations c on (c.created_at at time zone 'UTC')::date = day::date
          group by day order by day`.execute(db)
      ).rows,
  };
}

/** What the rollup tables hold, in the shape of analyticsDefinitions (empty days and zero counts left out). */
export function analyticsRollups(db: Kysely<DB>) {
  return {
    async responseDays(responder: 'bot' | 'admin' = 'bot'): Promise<{ day: string; seconds: string; pairs: number }[]> {
      const table = sql.table(responder === 'bot' ? 'bot_response_daily' : 'staff_response_daily');
      return (
        await sql<{ day: string; seconds: string; pairs: number }>`
          select to_char(day, 'YYYY-MM-DD') as day, sum(seconds)::text as seconds, sum(pairs)::int as pairs
          from ${table} group by day having sum(pairs) <> 0 or sum(seconds) <> 0 order by day`.execute(db)
      ).rows;
    },
    /** product_event_daily added up per product and kind (zero counts left out). */
    async productDailyTotals(): Promise<{ productId: number; kind: string; count: number }[]> {
      return (
        await sql<{ productId: number; kind: string; count: number }>`
          select product_id as "productId", kind, sum(count)::int as count
          from product_event_daily group by 1, 2 having sum(count) <> 0 order by 1, 2`.execute(db)
      ).rows;
    },
    async productCounts(): Promise<{ productId: number; kind: string; count: number }[]> {
      return (
        await sql<{ productId: number; kind: string; count: number }>`
          select product_id as "productId", kind, count::int as count
          from product_event_counts where count <> 0 order by 1, 2`.execute(db)
      ).rows;
    },
  };
}
