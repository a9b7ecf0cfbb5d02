import type { Conversation } from '../../../api/generated/model/conversation';
import { useGetProduct } from '../../../api/generated/endpoints/products/products';
import { formatDateTime } from '../../../lib/format/date';
import { formatKES } from '../../../lib/format/money';
import { StatusBadge } from './status-badge';

/** 'Conversation Info': status, start, last activity, and the current product and offer when there are any. */
export function ConversationInfo({ conversation }: { conversation: Conversation }) {
  const { currentProductId, currentOfferPrice, bargainingRound } = conversation;
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
      </dl>
    </section>
  );
}

/** The conversation holds a product id; staff read the product's name (the id until it loads, or if it is gone). */
function ProductName({ id }: { id: number }) {
  const product = useGetProduct(id);
  return <>{product.data?.name ?? `Product #${id}`}</>;
}
