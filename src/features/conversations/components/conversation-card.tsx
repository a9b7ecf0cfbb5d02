import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Conversation } from '../../../api/generated/model/conversation';
import { UNKNOWN_CUSTOMER, customerDisplayName } from '../../../lib/format/customer';
import { formatDateTime } from '../../../lib/format/date';
import { messageCount } from '../status';
import { StatusBadge } from './status-badge';

/** One conversation of the list, linking to its detail. A customer without a name (or with a blank one) reads 'Unknown Customer'. */
export const ConversationCard = memo(function ConversationCard({ conversation }: { conversation: Conversation }) {
  const needsAdmin = conversation.status === 'admin_required';
  return (
    <li>
      <Link
        to={`/conversations/${conversation.id}`}
        className={`card conversation-card${needsAdmin ? ' conversation-card-attention' : ''}`}
      >
        <div className="conversation-card-top">
          <h2 className="conversation-card-name">{customerDisplayName(conversation, UNKNOWN_CUSTOMER)}</h2>
          <StatusBadge status={conversation.status} />
          {conversation.messageCount !== undefined && (
            <span className="plain-badge">{messageCount(conversation.messageCount)}</span>
          )}
        </div>
        <p className="conversation-card-phone">
          <i className="pi pi-phone" aria-hidden="true" /> {conversation.whatsappPhoneNumber}
        </p>
        <p className="muted">Last message: {formatDateTime(conversation.lastMessageAt)}</p>
        {conversation.productsMentioned.length > 0 && (
          <p className="conversation-card-products">
            <span className="muted">Products:</span>
            {conversation.productsMentioned.map((product, index) => (
              <span key={`${index}-${product}`} className="plain-badge">
                {product}
              </span>
            ))}
          </p>
        )}
      </Link>
    </li>
  );
});
