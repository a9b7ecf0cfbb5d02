import type { Kysely } from 'kysely';
import type { components } from '../../app/openapi/types';
import type { DB } from '../../db/schema';
import { salesRepository } from './repository';

type SalesAnalytics = components['schemas']['SalesAnalytics'];
type SalesSummary = components['schemas']['SalesSummary'];
type Days = SalesAnalytics['days'];

const DAY_MS = 86_400_000;
/** Cents to KES, exact to two decimals. */
const kes = (cents: number) => cents / 100;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * How the sales stand: Analytics → Sales over the last 7, 30 or 90 UTC days (today included, as
 * the rest of the analytics), and the dashboard's counters. The orders' own counters (to deliver
 * this week, balance outstanding) come from the orders module.
 */
export function salesService(
  db: Kysely<DB>,
  deps: {
    now: () => Date;
    orderCounters: (now: Date) => Promise<{ toDeliverThisWeek: number; balanceOutstanding: number }>;
  },
) {
  const repo = salesRepository(db);
  return {
    async analytics(days: Days = 30): Promise<SalesAnalytics> {
      const now = deps.now();
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const p = await repo.period(new Date(today - (days - 1) * DAY_MS));
      return {
        days,
        ordersConfirmed: p.orders,
        revenueConfirmed: kes(p.revenueCents),
        paymentsReceived: kes(p.paymentsCents),
        quotesSent: p.quotesSent,
        quotesConverted: p.quotesConverted,
        quoteConversionRate: p.quotesSent === 0 ? 0 : oneDecimal((p.quotesConverted / p.quotesSent) * 100),
        dealsAgreed: p.deals,
        averageDiscountPercent: p.discountPercent === null ? null : oneDecimal(p.discountPercent),
      };
    },

    async summary(): Promise<SalesSummary> {
      const [deals, orders] = await Promise.all([repo.dealsAwaitingQuote(), deps.orderCounters(deps.now())]);
      return {
        dealsAwaitingQuote: deals,
        ordersToDeliverThisWeek: orders.toDeliverThisWeek,
        balanceOutstanding: orders.balanceOutstanding,
      };
    },
  };
}
