import { Button } from 'primereact/button';
import type { Quote } from '../../../../api/generated/model/quote';
import { VariantBadge } from '../../../../components/ui/variant-badge';
import { formatDate } from '../../../../lib/format/date';
import { formatKES } from '../../../../lib/format/money';
import { QUOTE_STATUS_LABELS, QUOTE_STATUS_VARIANTS, quoteTitle } from './quote-status';

const apiBase: string = import.meta.env.VITE_API_BASE_URL ?? '';

export type QuoteAction = 'edit' | 'send' | 'revise' | 'accept' | 'cancel';

/** What staff can do with a quote in each state (the server refuses the rest). */
const ACTIONS: Record<Quote['status'], QuoteAction[]> = {
  draft: ['edit', 'send', 'cancel'],
  sent: ['accept', 'revise', 'cancel'],
  expired: ['revise', 'cancel'],
  accepted: [],
  cancelled: [],
  superseded: [],
};

const LABELS: Record<QuoteAction, { label: string; icon: string }> = {
  edit: { label: 'Edit', icon: 'pi pi-pencil' },
  send: { label: 'Send', icon: 'pi pi-send' },
  revise: { label: 'Revise', icon: 'pi pi-copy' },
  accept: { label: 'Mark accepted', icon: 'pi pi-check' },
  cancel: { label: 'Cancel quote', icon: 'pi pi-times' },
};

/** One quote: its number, state, amounts, validity, its PDF, and what can be done with it next. */
export function QuoteCard({
  quote,
  busy,
  onAction,
}: {
  quote: Quote;
  /** An action on this quote is under way. */
  busy: boolean;
  onAction: (action: QuoteAction, quote: Quote) => void;
}) {
  const title = quoteTitle(quote);
  const delivery = quote.pickup ? 'Pickup' : quote.deliveryTown ? `Delivery to ${quote.deliveryTown}` : null;
  return (
    <li className="quote-card" aria-labelledby={`quote-${quote.id}-title`}>
      <div className="quote-card-head">
        <h3 id={`quote-${quote.id}-title`}>Quote {title}</h3>
        <VariantBadge variant={QUOTE_STATUS_VARIANTS[quote.status]}>{QUOTE_STATUS_LABELS[quote.status]}</VariantBadge>
      </div>
      <ul className="quote-card-lines">
        {quote.lines.map((line, index) => (
          <li key={index}>
            {line.description} × {line.quantity} · {formatKES(line.lineTotal)}
          </li>
        ))}
      </ul>
      <dl className="quote-card-totals">
        {delivery && (
          <div>
            <dt>{delivery}</dt>
            <dd>{formatKES(quote.deliveryFee)}</dd>
          </div>
        )}
        {quote.discount > 0 && (
          <div>
            <dt>Discount</dt>
            <dd>−{formatKES(quote.discount)}</dd>
          </div>
        )}
        <div className="quote-card-total">
          <dt>Total</dt>
          <dd>{formatKES(quote.total)}</dd>
        </div>
        <div>
          <dt>Deposit ({quote.depositPercent}%)</dt>
          <dd>{formatKES(quote.deposit)}</dd>
        </div>
      </dl>
      <p className="muted">
        {quote.status === 'draft'
          ? `Valid for ${quote.validityDays} ${quote.validityDays === 1 ? 'day' : 'days'} once sent`
          : `Valid until ${formatDate(new Date(quote.validUntil))}`}
      </p>
      <div className="quote-card-actions">
        <a
          className="p-button p-button-sm p-button-text"
          href={`${apiBase}${quote.pdfUrl}`}
          target="_blank"
          rel="noreferrer"
          aria-label={`PDF of quote ${title} (opens in a new tab)`}
        >
          <i className="pi pi-file-pdf" aria-hidden="true" /> PDF
        </a>
        {ACTIONS[quote.status].map((action) => (
          <Button
            key={action}
            type="button"
            size="small"
            outlined={action !== 'send'}
            severity={action === 'cancel' ? 'danger' : undefined}
            label={LABELS[action].label}
            icon={LABELS[action].icon}
            aria-label={`${LABELS[action].label}: quote ${title}`}
            disabled={busy}
            onClick={() => onAction(action, quote)}
          />
        ))}
      </div>
    </li>
  );
}
