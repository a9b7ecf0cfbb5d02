import type { Kysely } from 'kysely';
import type { components } from '../../app/openapi/types';
import type { DB } from '../../db/schema';
import { analyticsRepository } from './repository';

type Overview = components['schemas']['AnalyticsOverview'];

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

// "Active" is read as a conversation with a message in the last 24 hours;
// "converted" is a flag the chatbot's backend sets when a sale closes.
export function analyticsService(db: Kysely<DB>, deps: { now: () => Date }) {
  const repo = analyticsRepository(db);
  return {
    async overview(): Promise<Overview> {
      const o = await repo.overview(deps.now());
      return {
        totalConversations: o.total,
        conversationsLast30Days: o.last30,
        conversionRate: o.total === 0 ? 0 : round((o.converted / o.total) * 100, 2),
        averageResponseTime: round(o.responseSeconds, 1),
        activeConversations: o.active,
        staffAverageResponseTime: o.staffResponseSeconds === null ? null : round(o.staffResponseSeconds, 1),
      };
    },
    /** Every day's counts, or (with `days`) those of the last `days` UTC days, today included. */
    async products(days?: number) {
      const now = deps.now();
      const top = (kind: 'view' | 'inquiry') =>
        days === undefined ? repo.top(kind, 10) : repo.topSince(kind, 10, days, now);
      const [viewed, inquired] = await Promise.all([top('view'), top('inquiry')]);
      return {
        ...(days === undefined ? {} : { days }),
        mostViewed: viewed.map((r) => ({ productId: r.productId, productName: r.productName, viewCount: r.count })),
        mostInquired: inquired.map((r) => ({
          productId: r.productId,
          productName: r.productName,
          inquiryCount: r.count,
        })),
      };
    },
    timeline: (days = 30) => repo.timeline(days, deps.now()),
  };
}
