import type { Conversation } from '../../../api/generated/model/conversation';
import { useGetProduct } from '../../../api/generated/endpoints/products/products';
import { formatDateTime } from '../../../lib/format/date';
import { formatKES } from '../../../lib/format/money';
import { handoffOf, waitingText } from '../handoff';
import { useNow } from '../reply-window';
import { StatusBadge } from './status-badge';

/**
 * 'Conversation Info': status, start, last activity, the current product and offer when there are
 * any, and beyond the spec the hand-off when the backend says why a person is needed (the reason,
 * the customer's words, since when, and while it still waits, for how long) and the deal the
 * customer agreed to, when the backend keeps deals.
 */
export function ConversationInfo({ conversation }: { conversation: Conversation }) {
  const { currentProductId, currentOfferPrice, bargainingRound, deal } = conversation;
  const handoff = handoffOf(conversation);
  return (
    <section className="card conversation-info" aria-labelledby="conversation-info-title">
      <h2 id="conversation-info-title">Conversation Info</h2>
      <dl>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={conversation.status} />
          </dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{formatDateTime(conversation.createdAt)}</dd>
        </div>
        <div>
          <dt>Last Activity</dt>
          <dd>{formatDateTime(conversation.lastMessageAt)}</dd>
        </div>
        {handoff && (
          <div>
            <dt>Hand-off</dt>
            <dd className="handoff-info">
              {handoff.reason && <p className="handoff-reason">{handoff.reason}</p>}
              {handoff.customerText && (
                <p className="handoff-quote">
                  <span className="sr-only">Customer wrote: </span>“{handoff.customerText}”
                </p>
              )}
              {handoff.since !== undefined && (
                <HandoffSince since={handoff.since} waiting={conversation.status === 'admin_required'} />
              )}
            </dd>
          </div>
        )}
        {currentProductId != null && (
          <div>
            <dt>Current Product Interest</dt>
            <dd>
              <ProductName id={currentProductId} />
            </dd>
          </div>
        )}
        {currentOfferPrice != null && (
          <div>
            <dt>Current Offer</dt>
            <dd className="current-offer">
              <span>{formatKES(currentOfferPrice)}</span>
              {bargainingRound != null && <span className="plain-badge">Round {bargainingRound}</span>}
            </dd>
          </div>
        )}
        {deal && (
          <div>
            <dt>Deal</dt>
            <dd className="deal-info">
              <p>
                {deal.productName} at {formatKES(deal.unitPrice)}
                {deal.quantity != null && ` × ${deal.quantity}`}
              </p>
              {/* Beyond the spec: where it goes, when the customer said after agreeing (absent: not kept). */}
              {deal.pickup ? (
                <p>The customer collects it</p>
              ) : (
                deal.deliveryTown && <p>Delivery to {deal.deliveryTown}</p>
              )}
              <p className="muted">
                Agreed by {deal.agreedBy === 'bot' ? 'the chatbot' : 'staff'} on {formatDateTime(deal.agreedAt)}
              </p>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** "Since 22 Nov 2026, 08:14 · Waiting 2 h" (the waiting time only while a person is still needed). */
function HandoffSince({ since, waiting }: { since: number; waiting: boolean }) {
  const now = useNow();
  return (
    <p className="muted">
      Since {formatDateTime(new Date(since).toISOString())}
      {waiting && (
        <>
          {' · '}
          <span className="handoff-waiting">{waitingText(since, now)}</span>
        </>
      )}
    </p>
  );
}

/** The conversation holds a product id; staff read the product's name (the id until it loads, or if it is gone). */
function ProductName({ id }: { id: number }) {
  const product = useGetProduct(id);
  return <>{product.data?.name ?? `Product #${id}`}</>;
}
