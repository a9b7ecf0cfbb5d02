import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Skeleton } from 'primereact/skeleton';
import {
  useGetAnalyticsOverview,
  useGetAnalyticsProducts,
  useGetAnalyticsTimeline,
} from '../../api/generated/endpoints/analytics/analytics';
import type { AnalyticsProducts } from '../../api/generated/model/analyticsProducts';
import { formatResponseTime } from '../../lib/format/duration';
import {
  CARD_DEFINITIONS,
  STAFF_RESPONSE_DEFINITION,
  formatConversionRate,
  periodLabel,
  productsPeriod,
  TIMELINE_DAYS,
  TOP_PRODUCTS,
  type PeriodDays,
} from './analytics-format';
import { PeriodChoice } from './period-choice';
import { SalesSection } from './sales-section';
import './analytics.css';
import { LoadError } from '../../components/ui/load-error';

const VolumeChart = lazy(() => import('./volume-chart'));

const FetchError = ({ what, retry }: { what: string; retry: () => unknown }) => (
  <LoadError className="analytics-error" message={`Failed to fetch ${what}`} onRetry={retry} />
);

function StatCard({
  title,
  value,
  caption,
  extra,
  definition,
  loading,
}: {
  title: string;
  value?: ReactNode;
  caption?: ReactNode;
  /** A further line under the caption (beyond the spec), when there is one. */
  extra?: ReactNode;
  /** What the card counts (beyond the spec): shown under it, and the card's description. */
  definition: string;
  loading: boolean;
}) {
  const definitionId = useId();
  return (
    <section className="card stat-card" aria-label={title} aria-describedby={definitionId}>
      <h2>{title}</h2>
      {loading ? <Skeleton width="5rem" height="2rem" /> : <p className="stat-value">{value}</p>}
      {loading ? <Skeleton width="10rem" /> : <p className="stat-caption">{caption}</p>}
      {!loading && extra}
      <p id={definitionId} className="stat-definition">
        {definition}
      </p>
    </section>
  );
}

type ProductRow = { productId: number; productName: string; count: number };

/** The two top-10 tables (most viewed, most inquired), from the two lists of one call. */
const PRODUCT_TABLES = [
  {
    title: 'Most Viewed Products',
    countHeader: 'Views',
    empty: 'No product views yet',
    rows: (data: AnalyticsProducts): ProductRow[] => data.mostViewed.map((r) => ({ ...r, count: r.viewCount })),
  },
  {
    title: 'Most Inquired Products',
    countHeader: 'Inquiries',
    empty: 'No product inquiries yet',
    rows: (data: AnalyticsProducts): ProductRow[] => data.mostInquired.map((r) => ({ ...r, count: r.inquiryCount })),
  },
];

function ProductTable(props: {
  title: string;
  countHeader: string;
  empty: string;
  rows: ProductRow[] | undefined;
  /** Which days the counts cover, when known (beyond the spec). */
  period?: string;
  loading: boolean;
  failed: boolean;
  retry: () => unknown;
}) {
  const { rows, loading, failed } = props;
  return (
    <section className="card" aria-labelledby={`${props.countHeader}-title`}>
      <h2 id={`${props.countHeader}-title`}>{props.title}</h2>
      {props.period && !loading && !failed && <p className="analytics-period-note">{props.period}</p>}
      {loading ? (
        <div aria-hidden="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="mb-2" />
          ))}
        </div>
      ) : failed ? (
        <FetchError what="product analytics" retry={props.retry} />
      ) : !rows?.length ? (
        <p className="muted">{props.empty}</p>
      ) : (
        <table className="analytics-table">
          <thead>
            <tr>
              <th scope="col">Product Name</th>
              <th scope="col">{props.countHeader}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, TOP_PRODUCTS).map((row) => (
              <tr key={row.productId}>
                <td>{row.productName}</td>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function AnalyticsPage() {
  const [days, setDays] = useState<PeriodDays>(TIMELINE_DAYS);
  const overview = useGetAnalyticsOverview();
  // The spec's call, narrowed to the chosen days where the backend can (`days` beyond the spec).
  const products = useGetAnalyticsProducts({ days });
  const timeline = useGetAnalyticsTimeline({ days });
  const o = overview.data;
  const staff = o?.staffAverageResponseTime;
  const recent = o?.conversationsLast30Days ?? 0;
  const chartSkeleton = <Skeleton height="18rem" />;

  return (
    <div className="page analytics-page">
      <h1>Analytics Dashboard</h1>
      <p className="muted">Track chatbot performance and customer engagement</p>
      {overview.isError && <FetchError what="analytics overview" retry={overview.refetch} />}
      <div className="stat-grid">
        <StatCard
          title="Total Conversations"
          loading={overview.isLoading}
          value={o?.totalConversations ?? '—'}
          caption={recent > 0 ? <span className="stat-up">+{recent} last 30 days</span> : 'No recent conversations'}
          definition={CARD_DEFINITIONS['Total Conversations']}
        />
        <StatCard
          title="Conversion Rate"
          loading={overview.isLoading}
          value={o ? formatConversionRate(o.conversionRate) : '—'}
          caption="Conversations converted to sales"
          definition={CARD_DEFINITIONS['Conversion Rate']}
        />
        <StatCard
          title="Avg Response Time"
          loading={overview.isLoading}
          value={o ? formatResponseTime(o.averageResponseTime) : '—'}
          caption="Average bot response time"
          definition={
            staff === undefined
              ? CARD_DEFINITIONS['Avg Response Time']
              : `${CARD_DEFINITIONS['Avg Response Time']} ${STAFF_RESPONSE_DEFINITION}`
          }
          extra={
            staff !== undefined && (
              <p className="stat-caption stat-staff">
                Staff first response: {staff === null ? 'no staff replies yet' : formatResponseTime(staff)}
              </p>
            )
          }
        />
        <StatCard
          title="Active Conversations"
          loading={overview.isLoading}
          value={o?.activeConversations ?? '—'}
          caption="Currently ongoing conversations"
          definition={CARD_DEFINITIONS['Active Conversations']}
        />
      </div>
      <PeriodChoice days={days} onChange={setDays} />
      <section className="card" aria-labelledby="volume-title">
        <h2 id="volume-title">Conversation Volume</h2>
        <p className="analytics-period-note">{periodLabel(days)}</p>
        {timeline.isLoading ? (
          chartSkeleton
        ) : timeline.isError ? (
          <FetchError what="timeline" retry={timeline.refetch} />
        ) : (
          <Suspense fallback={chartSkeleton}>
            <VolumeChart points={timeline.data ?? []} />
          </Suspense>
        )}
      </section>
      <div className="table-grid">
        {PRODUCT_TABLES.map((table) => (
          <ProductTable
            key={table.countHeader}
            {...table}
            rows={products.data && table.rows(products.data)}
            period={products.data && productsPeriod(products.data, days)}
            loading={products.isLoading}
            failed={products.isError}
            retry={products.refetch}
          />
        ))}
      </div>
      <SalesSection days={days} />
    </div>
  );
}
