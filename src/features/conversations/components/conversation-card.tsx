import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Conversation } from '../../../api/generated/model/conversation';
import { QuoteLine } from '../../../components/ui/quote-line';
import { UNKNOWN_CUSTOMER, customerDisplayName } from '../../../lib/format/customer';
import { formatDateTime } from '../../../lib/format/date';
import { formatTimeLeft } from '../../../lib/format/duration';
import { replyWindow, useNow } from '../reply-window';
import { messageCount } from '../status';
import { StatusBadge } from './status-badge';

/**
 * One conversation of the list, linking to its detail. A customer without a name (or with a blank
 * one) reads 'Unknown Customer'. The last message's first line shows on one line when the server
 * sends it.
 */
export const ConversationCard = memo(function ConversationCard({ conversation }: { conversation: Conversation }) {
  const needsAdmin = conversation.status === 'admin_required';
  const unread = conversation.unreadCount ?? 0;
  const now = useNow(conversation.replyWindowClosesAt);
  const reply = replyWindow(conversation.replyWindowClosesAt, now);
  // Beyond the spec: the last message's first line, when the server keeps it.
  const preview = conversation.lastMessagePreview?.trim();
  return (
    <li>
      <Link
        to={`/conversations/${conversation.id}`}
        className={`card conversation-card${needsAdmin ? ' conversation-card-attention' : ''}${unread > 0 ? ' conversation-card-unread' : ''}`}
      >
        <div className="conversation-card-top">
          <h2 className="conversation-card-name">{customerDisplayName(conversation, UNKNOWN_CUSTOMER)}</h2>
          <StatusBadge status={conversation.status} />
          {conversation.messageCount !== undefined && (
            <span className="plain-badge">{messageCount(conversation.messageCount)}</span>
          )}
          {unread > 0 && <span className="plain-badge unread-badge">{unread} unread</span>}
          {reply.state === 'open' && reply.closing && (
            <span className="plain-badge reply-window-badge">
              <i className="pi pi-clock" aria-hidden="true" /> Reply window closes in {formatTimeLeft(reply.msLeft)}
            </span>
          )}
        </div>
        <p className="conversation-card-phone">
          <i className="pi pi-phone" aria-hidden="true" /> {conversation.whatsappPhoneNumber}
        </p>
        <p className="muted">Last message: {formatDateTime(conversation.lastMessageAt)}</p>
        {preview && <QuoteLine text={preview} label="Last message text" quoted={false} />}
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
