import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useListOrdersInfinite } from '../../api/generated/endpoints/orders/orders';
import type { Order } from '../../api/generated/model/order';
import { cursorPaging, pageItems, pagesTotal, PAGE_SIZES } from '../../api/paging';
import { isMissing } from '../../api/error-message';
import { LoadError } from '../../components/ui/load-error';
import { ShowMore } from '../../components/ui/show-more';
import { VariantBadge } from '../../components/ui/variant-badge';
import { UNKNOWN_CUSTOMER } from '../../lib/format/customer';
import { formatKES } from '../../lib/format/money';
import { useIncrementalList } from '../../lib/lists/use-incremental-list';
import { PAYMENT_LABELS, PAYMENT_VARIANTS, STATUS_LABELS, STATUS_VARIANTS } from '../../lib/format/order';
import { formatDay } from './labels';
import { toListParams, useOrderFilters, type OrderFilters } from './use-order-filters';
import './orders.css';

/** Orders per page asked of the server, and cards rendered per step (the conversations' size). */
export const ORDER_PAGE_SIZE = PAGE_SIZES.conversations;

const SEARCH_MAX_LENGTH = 100;

function OrderCard({ order }: { order: Order }) {
  return (
    <li>
      <Link to={`/orders/${order.id}`} className="card order-card">
        <div className="order-card-top">
          <h2 className="order-card-number">{order.number}</h2>
          <VariantBadge variant={STATUS_VARIANTS[order.status]}>{STATUS_LABELS[order.status]}</VariantBadge>
          <VariantBadge variant={PAYMENT_VARIANTS[order.paymentStatus]}>
            {PAYMENT_LABELS[order.paymentStatus]}
          </VariantBadge>
        </div>
        <p className="order-card-customer">
          {order.customerName?.trim() || UNKNOWN_CUSTOMER} <span className="muted">{order.customerPhone}</span>
        </p>
        <dl className="order-card-figures">
          <div>
            <dt>Total</dt>
            <dd>{formatKES(order.total)}</dd>
          </div>
          <div>
            <dt>Balance</dt>
            <dd>{formatKES(order.balance)}</dd>
          </div>
          <div>
            <dt>Delivery</dt>
            <dd>{order.pickup ? 'Pickup' : order.deliveryDate ? formatDay(order.deliveryDate) : 'Not scheduled'}</dd>
          </div>
        </dl>
      </Link>
    </li>
  );
}

function FilterBar({ filters, update }: { filters: OrderFilters; update: (change: Partial<OrderFilters>) => void }) {
  const [typed, setTyped] = useState(filters.search ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ search: typed.trim() || undefined });
  };
  return (
    <form className="card order-filters" role="search" aria-label="Orders" onSubmit={submit}>
      <div className="field order-search">
        <label htmlFor="order-search">Search</label>
        <div className="order-search-row">
          <InputText
            id="order-search"
            type="search"
            value={typed}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Order number, name or phone"
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" label="Search" icon="pi pi-search" outlined />
        </div>
      </div>
      <div className="field">
        <label htmlFor="order-status">Status</label>
        <select
          id="order-status"
          className="p-inputtext"
          value={filters.status ?? ''}
          onChange={(event) => update({ status: (event.target.value || undefined) as OrderFilters['status'] })}
        >
          <option value="">All statuses</option>
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="order-payment">Payment</label>
        <select
          id="order-payment"
          className="p-inputtext"
          value={filters.paymentStatus ?? ''}
          onChange={(event) =>
            update({ paymentStatus: (event.target.value || undefined) as OrderFilters['paymentStatus'] })
          }
        >
          <option value="">All payments</option>
          {Object.entries(PAYMENT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

/** /orders: the orders made from accepted quotes, searched and filtered, a page at a time. */
export function OrdersPage() {
  const { filters, update } = useOrderFilters();
  const filtering = Object.values(filters).some((value) => value !== undefined);
  const result = useListOrdersInfinite({ ...toListParams(filters), limit: ORDER_PAGE_SIZE }, { query: cursorPaging });
  const items = useMemo(() => pageItems(result.data), [result.data]);
  const list = useIncrementalList(items, ORDER_PAGE_SIZE, JSON.stringify(filters), {
    hasNextPage: result.hasNextPage,
    isFetchingNextPage: result.isFetchingNextPage,
    isFetchNextPageError: result.isFetchNextPageError,
    fetchNextPage: result.fetchNextPage,
    total: pagesTotal(result.data),
  });

  return (
    <div className="page orders-page">
      <header className="orders-header">
        <h1>Orders</h1>
        <p className="muted">Orders made from accepted quotes: delivery and payments</p>
      </header>
      <FilterBar key={filters.search ?? ''} filters={filters} update={update} />
      <div id="order-results" className="order-results">
        {result.isPending ? (
          <p className="orders-state" role="status">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading orders...
          </p>
        ) : result.isError && !result.data ? (
          <LoadError
            className="orders-state orders-error"
            message={isMissing(result.error) ? 'This backend does not offer orders' : 'Failed to fetch orders'}
            onRetry={isMissing(result.error) ? undefined : result.refetch}
          />
        ) : items.length === 0 ? (
          <p className="orders-state">{filtering ? 'No orders match your filters' : 'No orders yet'}</p>
        ) : (
          <>
            <ul className="order-list">
              {list.visible.map((order) => (
                <OrderCard key={order.id} order={order} />
              ))}
            </ul>
            <ShowMore list={list} noun="orders" />
          </>
        )}
      </div>
    </div>
  );
}
