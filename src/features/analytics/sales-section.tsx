import { isMissing } from '../../api/error-message';
import { useGetSalesAnalytics } from '../../api/generated/endpoints/analytics/analytics';
import { LoadError } from '../../components/ui/load-error';
import { formatKES } from '../../lib/format/money';
import { periodLabel, type PeriodDays } from './analytics-format';

/** "66.7%"; one decimal at most, as the server rounds it. */
const percent = (value: number) => `${Number(value.toFixed(1))}%`;

/**
 * Beyond the spec: the period's sales (revenue confirmed and received, quotes that became orders,
 * the average discount from the starting price), for the same 7, 30 or 90 days as the chart. A
 * backend without quotes and orders (404) shows nothing.
 */
export function SalesSection({ days }: { days: PeriodDays }) {
  const sales = useGetSalesAnalytics({ days });
  if (isMissing(sales.error)) return null;
  const s = sales.data;
  return (
    <section className="card sales-analytics" aria-labelledby="sales-title">
      <h2 id="sales-title">Sales</h2>
      <p className="analytics-period-note">{periodLabel(days)}</p>
      {sales.isPending ? (
        <p role="status">Loading sales...</p>
      ) : sales.isError || !s ? (
        <LoadError className="analytics-error" message="Failed to fetch sales" onRetry={() => void sales.refetch()} />
      ) : (
        <dl className="sales-figures">
          <div>
            <dt>Revenue confirmed</dt>
            <dd>{formatKES(s.revenueConfirmed)}</dd>
            <dd className="muted">
              {s.ordersConfirmed} {s.ordersConfirmed === 1 ? 'order' : 'orders'}
            </dd>
          </div>
          <div>
            <dt>Payments received</dt>
            <dd>{formatKES(s.paymentsReceived)}</dd>
          </div>
          <div>
            <dt>Quotes that became orders</dt>
            <dd>{percent(s.quoteConversionRate)}</dd>
            <dd className="muted">
              {s.quotesConverted} of {s.quotesSent} sent
            </dd>
          </div>
          <div>
            <dt>Average discount from the starting price</dt>
            <dd>{s.averageDiscountPercent === null ? 'No deals yet' : percent(s.averageDiscountPercent)}</dd>
            <dd className="muted">
              {s.dealsAgreed} {s.dealsAgreed === 1 ? 'deal' : 'deals'} agreed
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
