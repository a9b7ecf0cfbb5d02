import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function analyticsRepository(db: Kysely<DB>) {
  return {
    async overview(now: Date) {
      const since30 = new Date(now.getTime() - 30 * 86_400_000);
      const since24h = new Date(now.getTime() - 86_400_000);
      const counts = await db
        .selectFrom('conversations')
        .select([
          sql<number>`count(*)::int`.as('total'),
          sql<number>`(count(*) filter (where created_at >= ${since30}))::int`.as('last30'),
          sql<number>`(count(*) filter (where converted))::int`.as('converted'),
          sql<number>`(count(*) filter (where last_message_at >= ${since24h}))::int`.as('active'),
        ])
        .executeTakeFirstOrThrow();
      // Bot response time: from a customer message to the bot message right after it.
      const response = await sql<{ seconds: number | string | null }>`
        select avg(extract(epoch from (timestamp - previous_at)))::float8 as seconds
        from (
          select sender, timestamp,
                 lag(sender) over w as previous_sender,
                 lag(timestamp) over w as previous_at
          from messages
          window w as (partition by conversation_id order by timestamp, id)
        ) pairs
        where sender = 'bot' and previous_sender = 'customer'`.execute(db);
      return { ...counts, responseSeconds: Number(response.rows[0]?.seconds ?? 0) };
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
    /** Conversations started per UTC day, every day of the window present. */
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
