import { useListProducts } from '../../api/generated/endpoints/products/products';
import { useListConversations } from '../../api/generated/endpoints/conversations/conversations';
import { useUnreadCount } from '../notifications/use-unread-count';

// The dashboard's lists (Recent Products, Pending Actions, Quick Actions) land with their own issue.
export function DashboardPage() {
  const products = useListProducts();
  const conversations = useListConversations();
  const unread = useUnreadCount();

  const activeProducts = products.data?.filter((p) => p.isActive).length;
  const active = conversations.data?.length;
  const attention = conversations.data?.filter((c) => c.status === 'admin_required').length;

  return (
    <div className="page">
      <h1>Dashboard</h1>
      <div className="stat-grid">
        <section className="card stat" aria-label="Active Products">
          <h2>Active Products</h2>
          <p className="stat-value">{activeProducts ?? '…'}</p>
          <p className="muted">{products.data ? `${products.data.length} total` : ''}</p>
        </section>
        <section className="card stat" aria-label="Active Conversations">
          <h2>Active Conversations</h2>
          <p className="stat-value">{active ?? '…'}</p>
          <p className="muted">{attention !== undefined ? `${attention} need attention` : ''}</p>
        </section>
        <section className="card stat" aria-label="Unread Notifications">
          <h2>Unread Notifications</h2>
          <p className="stat-value">{unread}</p>
          <p className="muted">New customer inquiries</p>
        </section>
      </div>
    </div>
  );
}
