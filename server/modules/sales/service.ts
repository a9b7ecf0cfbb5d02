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
 * the rest of the analytics), and the dashboard's counters.
 */
export function salesService(
  db: Kysely<DB>,
  deps: {
    now: () => Date;
    /** M-Pesa is configured: the summary counts the unmatched payments. */
    mpesa?: boolean;
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

    /**
     * The dashboard's counters: deals awaiting a quote, open orders to deliver within the week
     * from now (today and the 6 days after it, overdue ones included) and the KES still owed on
     * orders not cancelled; with M-Pesa, the payments waiting to be matched.
     */
    async summary(): Promise<SalesSummary> {
      const lastDay = new Date(deps.now().getTime() + 6 * DAY_MS).toISOString().slice(0, 10);
      const { deals, toDeliver, outstandingCents, unmatchedPayments } = await repo.standing(lastDay);
      return {
        dealsAwaitingQuote: deals,
        ordersToDeliverThisWeek: toDeliver,
        balanceOutstanding: kes(outstandingCents),
        ...(deps.mpesa ? { unmatchedPayments } : {}),
      };
    },
  };
}
