import { Link } from 'react-router-dom';
import { useListProducts } from '../../api/generated/endpoints/products/products';
import { useSearchConversations } from '../../api/generated/endpoints/conversations/conversations';
import { useGetSummary } from '../../api/generated/endpoints/summary/summary';
import { QuoteLine } from '../../components/ui/quote-line';
import { VariantBadge } from '../../components/ui/variant-badge';
import { customerDisplayName } from '../../lib/format/customer';
import { formatDateTime } from '../../lib/format/date';
import { formatPriceRange } from '../../lib/format/money';
import { useUnreadNotifications } from '../../lib/notifications/use-unread-count';
import { CATEGORY_LABELS } from '../../lib/format/product';
import {
  DASHBOARD_LIST_LIMIT,
  attentionCaption,
  pendingConversations,
  productsCaption,
  recentProducts,
} from './dashboard-selectors';
import { useDashboardCounts } from './use-dashboard-counts';
import { DashboardList } from './dashboard-list';
import type { Conversation } from '../../api/generated/model/conversation';
import type { Product } from '../../api/generated/model/product';
import { SalesCards } from './sales-cards';
import { StatCard } from './stat-card';
import './dashboard.css';

const RECENT_PRODUCTS = { limit: DASHBOARD_LIST_LIMIT } as const;
const PENDING_CONVERSATIONS = { status: 'admin_required', limit: DASHBOARD_LIST_LIMIT } as const;
// The first page, or everything from a server that does not page: the panels take the first five.
const selectRecent = (answer: { data: Product[] }) => recentProducts(answer.data);
const selectPending = (answer: { data: Conversation[] }) => pendingConversations(answer.data);

/**
 * /: three counters (from the summary; see use-dashboard-counts.ts), Recent Products and Pending
 * Actions (by name, else phone, with what the customer last wrote when the server says) from the
 * first five of their lists, Quick Actions.
 */
export function DashboardPage() {
  const counts = useDashboardCounts();
  // The same query as the counters' (one request): its sales, when the backend keeps them.
  const summary = useGetSummary();
  const sales = summary.data?.sales;
  const products = useListProducts(RECENT_PRODUCTS, { query: { select: selectRecent } });
  const conversations = useSearchConversations(PENDING_CONVERSATIONS, { query: { select: selectPending } });
  const unread = useUnreadNotifications();
  const unreadCount = unread.data ?? 0;

  return (
    <div className="page dashboard-page">
      <header>
        <h1>Dashboard</h1>
        <p className="muted">Overview of products, customer conversations and notifications</p>
      </header>

      <div className="stat-grid">
        <StatCard
          title="Active Products"
          icon="pi pi-box"
          state={counts.products.state}
          value={counts.products.active}
          caption={counts.products.total === undefined ? undefined : productsCaption(counts.products.total)}
          onRetry={counts.products.retry}
        />
        <StatCard
          title="Active Conversations"
          icon="pi pi-comments"
          state={counts.conversations.state}
          value={counts.conversations.active}
          caption={
            counts.conversations.needingAttention === undefined
              ? undefined
              : attentionCaption(counts.conversations.needingAttention)
          }
          onRetry={counts.conversations.retry}
        />
        <StatCard
          title="Unread Notifications"
          icon="pi pi-bell"
          state={unread.status}
          value={unread.data}
          description="New customer inquiries"
          onRetry={() => void unread.refetch()}
        />
      </div>

      {sales && <SalesCards sales={sales} onRetry={() => void summary.refetch()} />}

      <div className="dashboard-panels">
        <DashboardList
          title="Recent Products"
          to="/products"
          linkLabel="View all products"
          state={products.status}
          loadingText="Loading products..."
          errorText="Failed to load products."
          emptyText="No products yet"
          onRetry={() => void products.refetch()}
        >
          {(products.data ?? []).map((product) => (
            <li key={product.id} className="dashboard-item">
              <div className="dashboard-item-text">
                <span className="dashboard-item-title">{product.name}</span>
                <span className="muted">
                  {CATEGORY_LABELS[product.category]} · {formatPriceRange(product.startingPrice, product.endingPrice)}
                </span>
              </div>
              <VariantBadge variant={product.isActive ? 'success' : 'secondary'}>
                {product.isActive ? 'Active' : 'Inactive'}
              </VariantBadge>
            </li>
          ))}
        </DashboardList>

        <DashboardList
          title="Pending Actions"
          to="/conversations"
          linkLabel="View all conversations"
          state={conversations.status}
          loadingText="Loading conversations..."
          errorText="Failed to load conversations."
          emptyText="No pending conversations"
          onRetry={() => void conversations.refetch()}
        >
          {(conversations.data ?? []).map((conversation) => {
            const who = customerDisplayName(conversation);
            const quote = conversation.lastCustomerMessagePreview?.trim();
            return (
              <li key={conversation.id} className="dashboard-item">
                <div className="dashboard-item-text">
                  <span className="dashboard-item-title">{who}</span>
                  {quote && <QuoteLine text={quote} label="Customer wrote" />}
                  <time className="muted" dateTime={conversation.lastMessageAt}>
                    {formatDateTime(conversation.lastMessageAt)}
                  </time>
                </div>
                <Link
                  to={`/conversations/${conversation.id}`}
                  className="p-button p-component p-button-outlined p-button-sm dashboard-item-action"
                  aria-label={`View conversation with ${who}`}
                >
                  <span className="p-button-label">View</span>
                </Link>
              </li>
            );
          })}
        </DashboardList>
      </div>

      <section className="card dashboard-panel" aria-labelledby="panel-quick-actions">
        <h2 id="panel-quick-actions">Quick Actions</h2>
        <div className="quick-actions">
          <Link to="/products/new" className="quick-action">
            <i className="pi pi-plus" aria-hidden="true" />
            <span>Add New Product</span>
          </Link>
          <Link to="/conversations" className="quick-action">
            <i className="pi pi-comments" aria-hidden="true" />
            <span>Monitor Conversations</span>
          </Link>
          <Link to="/notifications" className="quick-action">
            <i className="pi pi-bell" aria-hidden="true" />
            <span>View Notifications</span>
            {unreadCount > 0 && (
              <span className="count-badge" data-testid="quick-unread-badge" aria-label={`${unreadCount} unread`}>
                {unreadCount}
              </span>
            )}
          </Link>
        </div>
      </section>
    </div>
  );
}
