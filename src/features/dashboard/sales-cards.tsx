import { Link } from 'react-router-dom';
import type { SalesSummary } from '../../api/generated/model/salesSummary';
import { formatKES } from '../../lib/format/money';
import { StatCard } from './stat-card';

/**
 * Beyond the spec: how the sales stand, when the summary says (a backend that keeps quotes and
 * orders). Deals a customer agreed that nobody has priced, orders due within the week, and what
 * customers still owe. A backend without them shows nothing here.
 */
export function SalesCards({ sales, onRetry }: { sales: SalesSummary; onRetry: () => void }) {
  return (
    <div className="stat-grid sales-grid">
      <StatCard
        title="Deals Awaiting a Quote"
        icon="pi pi-thumbs-up"
        state="success"
        value={sales.dealsAwaitingQuote}
        caption={<Link to="/conversations?deal=true">View deals</Link>}
        onRetry={onRetry}
      />
      <StatCard
        title="Orders to Deliver This Week"
        icon="pi pi-truck"
        state="success"
        value={sales.ordersToDeliverThisWeek}
        caption={<Link to="/orders">View orders</Link>}
        onRetry={onRetry}
      />
      <StatCard
        title="Balance Outstanding"
        icon="pi pi-wallet"
        state="success"
        value={formatKES(sales.balanceOutstanding)}
        description="Still owed on open orders"
        onRetry={onRetry}
      />
    </div>
  );
}
