import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { useGetOrder } from '../../api/generated/endpoints/orders/orders';
import type { OrderDetail } from '../../api/generated/model/orderDetail';
import { isMissing } from '../../api/error-message';
import { LoadError } from '../../components/ui/load-error';
import { VariantBadge } from '../../components/ui/variant-badge';
import { UNKNOWN_CUSTOMER } from '../../lib/format/customer';
import { formatDateTime } from '../../lib/format/date';
import { formatKES } from '../../lib/format/money';
import { DeliveryForm } from './components/delivery-form';
import { RecordPaymentForm } from './components/record-payment-form';
import { StatusActions } from './components/status-actions';
import { PAYMENT_LABELS, PAYMENT_VARIANTS, STATUS_LABELS, STATUS_VARIANTS } from '../../lib/format/order';
import { formatDay, METHOD_LABELS } from './labels';
import './orders.css';

function Lines({ order }: { order: OrderDetail }) {
  return (
    <section className="card" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title">Items</h2>
      <div className="order-table-wrap">
        <table className="order-table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Qty</th>
              <th scope="col">Unit price</th>
              <th scope="col">Installation</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={index}>
                <td data-label="Item">{line.description}</td>
                <td data-label="Qty">{line.quantity}</td>
                <td data-label="Unit price">{formatKES(line.unitPrice)}</td>
                <td data-label="Installation">{formatKES(line.installationPerUnit)}</td>
                <td data-label="Total">{formatKES(line.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="order-totals">
        <dt>Subtotal</dt>
        <dd>{formatKES(order.subtotal)}</dd>
        <dt>Delivery</dt>
        <dd>{formatKES(order.deliveryFee)}</dd>
        {order.discount > 0 && (
          <>
            <dt>Discount</dt>
            <dd>−{formatKES(order.discount)}</dd>
          </>
        )}
        <dt>Total</dt>
        <dd className="order-total">{formatKES(order.total)}</dd>
        <dt>Deposit</dt>
        <dd>{formatKES(order.deposit)}</dd>
      </dl>
    </section>
  );
}

function Payments({ order }: { order: OrderDetail }) {
  return (
    <section className="card" aria-labelledby="order-payments-title">
      <h2 id="order-payments-title">Payments</h2>
      <dl className="order-totals">
        <dt>Paid</dt>
        <dd>{formatKES(order.paid)}</dd>
        <dt>Balance</dt>
        <dd className="order-balance" data-testid="order-balance">
          {formatKES(order.balance)}
        </dd>
      </dl>
      {order.payments.length === 0 ? (
        <p className="muted">No payments yet</p>
      ) : (
        <ul className="order-payments">
          {order.payments.map((payment) => (
            <li key={payment.id}>
              <strong>{formatKES(payment.amount)}</strong> {METHOD_LABELS[payment.method]} · {payment.reference}
              <span className="muted">
                {' '}
                {formatDateTime(payment.receivedAt)} by {payment.recordedBy}
              </span>
            </li>
          ))}
        </ul>
      )}
      {order.status !== 'cancelled' && order.balance > 0 && <RecordPaymentForm order={order} />}
    </section>
  );
}

function Delivery({ order }: { order: OrderDetail }) {
  const [editing, setEditing] = useState(false);
  const open = order.status !== 'delivered' && order.status !== 'cancelled';
  return (
    <section className="card" aria-labelledby="order-delivery-title">
      <h2 id="order-delivery-title">{order.pickup ? 'Pickup' : 'Delivery'}</h2>
      {editing ? (
        <DeliveryForm order={order} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className="order-totals">
            <dt>Date</dt>
            <dd>{order.deliveryDate ? formatDay(order.deliveryDate) : 'Not scheduled'}</dd>
            <dt>Address</dt>
            <dd>{order.deliveryAddress ?? '—'}</dd>
            <dt>Town</dt>
            <dd>{order.deliveryTown ?? '—'}</dd>
          </dl>
          {open && (
            <Button type="button" label="Edit delivery" icon="pi pi-pencil" outlined onClick={() => setEditing(true)} />
          )}
        </>
      )}
    </section>
  );
}

function Timeline({ order }: { order: OrderDetail }) {
  return (
    <section className="card" aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title">Timeline</h2>
      <ol className="order-timeline">
        {order.timeline.map((event, index) => (
          <li key={index}>
            <span className="muted">
              {formatDateTime(event.at)} · {event.by}
            </span>
            <p>{event.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /orders/:id: an order's items, totals, payments, delivery, status and timeline. */
export function OrderDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id >= 1;
  const order = useGetOrder(id, { query: { enabled: valid } });

  if (!valid || isMissing(order.error))
    return (
      <div className="page orders-page">
        <LoadError className="orders-state" message="Order not found" />
        <Link to="/orders">Back to orders</Link>
      </div>
    );
  if (order.isPending)
    return (
      <p className="orders-state" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading order...
      </p>
    );
  if (!order.data)
    return (
      <div className="page orders-page">
        <LoadError className="orders-state orders-error" message="Failed to fetch the order" onRetry={order.refetch} />
      </div>
    );
  const data = order.data;
  return (
    <div className="page orders-page order-detail">
      <Link to="/orders" className="back-link">
        <i className="pi pi-arrow-left" aria-hidden="true" /> Orders
      </Link>
      <header className="orders-header">
        <h1>Order {data.number}</h1>
        <div className="order-card-top">
          <VariantBadge variant={STATUS_VARIANTS[data.status]}>{STATUS_LABELS[data.status]}</VariantBadge>
          <VariantBadge variant={PAYMENT_VARIANTS[data.paymentStatus]}>
            {PAYMENT_LABELS[data.paymentStatus]}
          </VariantBadge>
        </div>
        <p>
          {data.customerName?.trim() || UNKNOWN_CUSTOMER} · {data.customerPhone} ·{' '}
          <Link to={`/conversations/${data.conversationId}`}>Conversation</Link>
          {data.quoteNumber && <span className="muted"> · from quote {data.quoteNumber}</span>}
        </p>
      </header>
      <div className="order-detail-grid">
        <Lines order={data} />
        <Payments order={data} />
        <Delivery order={data} />
        <StatusActions order={data} />
        <Timeline order={data} />
      </div>
    </div>
  );
}
