import { Link } from 'react-router-dom';
import { useGetOrder } from '../../../../api/generated/endpoints/orders/orders';
import type { Quote } from '../../../../api/generated/model/quote';
import { VariantBadge } from '../../../../components/ui/variant-badge';
import { formatDate } from '../../../../lib/format/date';
import { formatKES } from '../../../../lib/format/money';
import { PAYMENT_LABELS, PAYMENT_VARIANTS, STATUS_LABELS, STATUS_VARIANTS } from '../../../../lib/format/order';
import { QUOTE_STATUS_LABELS, QUOTE_STATUS_VARIANTS, quoteTitle } from './quote-status';
import './quotes.css';

const apiBase: string = import.meta.env.VITE_API_BASE_URL ?? '';

/**
 * The order an accepted quote became, as it stands now: its two states, the balance and a link
 * to its page. Nothing while it loads, or when the backend keeps no orders (404).
 */
function OrderInThread({ orderId }: { orderId: number }) {
  const { data: order } = useGetOrder(orderId);
  if (!order) return null;
  return (
    <div className="thread-card-order">
      <p className="thread-card-head">
        <Link to={`/orders/${order.id}`}>Order {order.number}</Link>
        <VariantBadge variant={STATUS_VARIANTS[order.status]}>{STATUS_LABELS[order.status]}</VariantBadge>
        <VariantBadge variant={PAYMENT_VARIANTS[order.paymentStatus]}>
          {PAYMENT_LABELS[order.paymentStatus]}
        </VariantBadge>
      </p>
      {order.balance > 0 && <p>Balance {formatKES(order.balance)}</p>}
    </div>
  );
}

/**
 * Beyond the spec: the quote a message sent, shown in the thread under that message, as it
 * stands now (its state, total, deposit, validity and PDF), and the order it became once the
 * customer accepted it.
 */
export function QuoteInThread({ quote }: { quote: Quote }) {
  const title = quoteTitle(quote);
  return (
    <div className="thread-card" role="group" aria-label={`Quote ${title}`}>
      <p className="thread-card-head">
        <strong>Quote {title}</strong>
        <VariantBadge variant={QUOTE_STATUS_VARIANTS[quote.status]}>{QUOTE_STATUS_LABELS[quote.status]}</VariantBadge>
      </p>
      <p>
        Total {formatKES(quote.total)} · Deposit {formatKES(quote.deposit)}
        {quote.status === 'sent' && ` · Valid until ${formatDate(new Date(quote.validUntil))}`}
      </p>
      <p>
        <a href={`${apiBase}${quote.pdfUrl}`} target="_blank" rel="noreferrer">
          <i className="pi pi-file-pdf" aria-hidden="true" /> Quote {title} PDF
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      {typeof quote.orderId === 'number' && <OrderInThread orderId={quote.orderId} />}
    </div>
  );
}
