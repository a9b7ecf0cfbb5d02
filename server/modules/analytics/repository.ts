// The analytics read small rollups and index ranges, never every row:
// bot_response_daily and product_event_counts are kept by triggers
// (db/migrations/004-analytics-rollups.sql), product_event_daily too
// (010-staff-response-and-daily-product-events.sql), and
// staff_first_response_daily, the staff's time from a hand-off to their first
// message after it (023-unread-for-staff-and-handoff-response.sql); the counts and the timeline use
// the conversations' indexes. server/test/modules/analytics-reference.ts computes the
// same figures from every row: the reference the rollups are tested against.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const DAY_MS = 86_400_000;

export function analyticsRepository(db: Kysely<DB>) {
  return {
    async overview(now: Date) {
      const since30 = new Date(now.getTime() - 30 * DAY_MS);
      const since24h = new Date(now.getTime() - DAY_MS);
      // One statement, so the figures come from one snapshot; the total is the
      // counts the triggers of migration 008 keep, each other count an index scan.
      const result = await sql<{
        total: number;
        last30: number;
        converted: number;
        active: number;
        seconds: number | null;
        staff_seconds: number | null;
      }>`
        select
          (select coalesce(sum(n), 0) from conversation_counts)::int as total,
          (select count(*) from conversations where created_at >= ${since30})::int as last30,
          (select count(*) from conversations where converted)::int as converted,
          (select count(*) from conversations where last_message_at >= ${since24h})::int as active,
          (select (sum(seconds) / nullif(sum(pairs), 0))::float8 from bot_response_daily) as seconds,
          (select (sum(seconds) / nullif(sum(handoffs), 0))::float8 from staff_first_response_daily) as staff_seconds`.execute(
        db,
      );
      const row = result.rows[0]!;
      return {
        total: row.total,
        last30: row.last30,
        converted: row.converted,
        active: row.active,
        responseSeconds: Number(row.seconds ?? 0),
        staffResponseSeconds: row.staff_seconds === null ? null : Number(row.staff_seconds),
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
    /** The same top list over the last `days` UTC days, today included: a range of product_event_daily's key. */
    topSince: async (kind: 'view' | 'inquiry', limit: number, days: number, now: Date) =>
      (
        await sql<{ productId: number; productName: string; count: number }>`
          select p.id as "productId", p.name as "productName", c.count::int as count
          from (
            select product_id, sum(count) as count
            from product_event_daily
            where kind = ${kind} and day >= (${now}::timestamptz at time zone 'UTC')::date - ${days - 1}::int
            group by product_id
          ) c
          join products p on p.id = c.product_id
          where c.count > 0
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
