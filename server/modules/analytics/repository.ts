// The analytics read small rollups and index ranges, never every row:
// bot_response_daily and product_event_counts are kept by triggers
// (db/migrations/004-analytics-rollups.sql); the counts and the timeline use
// the conversations' indexes. `definitions` below are the same figures
// computed from every row, the reference the rollups are tested against.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const DAY_MS = 86_400_000;

export function analyticsRepository(db: Kysely<DB>) {
  return {
    async overview(now: Date) {
      const since30 = new Date(now.getTime() - 30 * DAY_MS);
      const since24h = new Date(now.getTime() - DAY_MS);
      // One statement, so the figures come from one snapshot; each count is an index scan.
      const result = await sql<{
        total: number;
        last30: number;
        converted: number;
        active: number;
        seconds: number | null;
      }>`
        select
          (select count(*) from conversations)::int as total,
          (select count(*) from conversations where created_at >= ${since30})::int as last30,
          (select count(*) from conversations where converted)::int as converted,
          (select count(*) from conversations where last_message_at >= ${since24h})::int as active,
          (select (sum(seconds) / nullif(sum(pairs), 0))::float8 from bot_response_daily) as seconds`.execute(db);
      const row = result.rows[0]!;
      return {
        total: row.total,
        last30: row.last30,
        converted: row.converted,
        active: row.active,
        responseSeconds: Number(row.seconds ?? 0),
      };
    },
    top: async (kind: 'view' | 'inquiry', limit: number) =>
      (
        await sql<{ productId: number; productName: string; count: number }>`
          select p.id as "productId", p.name as "productName", c.count::int as count
          from product_event_counts c
          join products p on p.id = c.product_id
          where c.kind = ${kind} and c.count > 0
          order by c.count desc, p.id
          limit ${limit}`.execute(db)
      ).rows,
    /** Conversations started per UTC day, every day of the window present. */
    timeline: async (days: number, now: Date) =>
      (
        await sql<{ date: string; count: number }>`
          with bounds as (
            select (${now}::timestamptz at time zone 'UTC')::date - ${days - 1}::int as first,
                   (${now}::timestamptz at time zone 'UTC')::date as last
          ), started as (
            select (c.created_at at time zone 'UTC')::date as day, count(*) as count
            from conversations c, bounds b
            where c.created_at >= (b.first::timestamp at time zone 'UTC')
              and c.created_at < ((b.last + 1)::timestamp at time zone 'UTC')
            group by 1
          )
          select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(s.count, 0)::int as count
          from bounds b
          cross join generate_series(b.first, b.last, interval '1 day') as d(day)
          left join started s on s.day = d.day::date
          order by d.day`.execute(db)
      ).rows,
  };
}

/**
 * The same figures from every row, as the analytics computed them before the
 * rollups: slow on a large database, kept as the tests' reference.
 */
export function analyticsDefinitions(db: Kysely<DB>) {
  return {
    async responseSeconds(): Promise<number> {
      const response = await sql<{ seconds: number | null }>`
        select avg(extract(epoch from (timestamp - previous_at)))::float8 as seconds
        from (
          select sender, timestamp,
                 lag(sender) over w as previous_sender,
                 lag(timestamp) over w as previous_at
          from messages
          window w as (partition by conversation_id order by timestamp, id)
        ) pairs
        where sender = 'bot' and previous_sender = 'customer'`.execute(db);
      return Number(response.rows[0]?.seconds ?? 0);
    },
    /** Per UTC day of the bot's message: the seconds summed (as text, exact) and the pairs. */
    async responseDays(): Promise<{ day: string; seconds: string; pairs: number }[]> {
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
          where sender = 'bot' and previous_sender = 'customer'
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
    async responseDays(): Promise<{ day: string; seconds: string; pairs: number }[]> {
      return (
        await sql<{ day: string; seconds: string; pairs: number }>`
          select to_char(day, 'YYYY-MM-DD') as day, sum(seconds)::text as seconds, sum(pairs)::int as pairs
          from bot_response_daily group by day having sum(pairs) <> 0 or sum(seconds) <> 0 order by day`.execute(db)
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
