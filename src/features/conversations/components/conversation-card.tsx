import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Conversation } from '../../../api/generated/model/conversation';
import { QuoteLine } from '../../../components/ui/quote-line';
import { UNKNOWN_CUSTOMER, customerDisplayName } from '../../../lib/format/customer';
import { formatDateTime } from '../../../lib/format/date';
import { formatTimeLeft } from '../../../lib/format/duration';
import { formatKES } from '../../../lib/format/money';
import { replyWindow, useNow } from '../reply-window';
import { handoffOf, waitingText } from '../handoff';
import { messageCount } from '../status';
import { StatusBadge } from './status-badge';

/**
 * One conversation of the list, linking to its detail. A customer without a name (or with a blank
 * one) reads 'Unknown Customer'. The last message's first line shows on one line when the server
 * sends it; for a conversation waiting for a person whose backend says why, the reason and the
 * customer's words show instead (the last message is then the bot's hand-over line, which says
 * nothing), with how long it has waited. Beyond the spec, a conversation holding a deal says at
 * what price.
 */
export const ConversationCard = memo(function ConversationCard({ conversation }: { conversation: Conversation }) {
  const needsAdmin = conversation.status === 'admin_required';
  const unread = conversation.unreadCount ?? 0;
  const now = useNow(conversation.replyWindowClosesAt);
  const reply = replyWindow(conversation.replyWindowClosesAt, now);
  // Beyond the spec: the last message's first line, when the server keeps it.
  const preview = conversation.lastMessagePreview?.trim();
  const handoff = needsAdmin ? handoffOf(conversation) : undefined;
  const why = handoff && (handoff.reason !== undefined || handoff.customerText !== undefined);
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
          {handoff?.since !== undefined && (
            <span className="plain-badge waiting-badge">
              <i className="pi pi-hourglass" aria-hidden="true" /> {waitingText(handoff.since, now)}
            </span>
          )}
          {conversation.deal && (
            <span className="plain-badge deal-badge">
              <i className="pi pi-check-circle" aria-hidden="true" /> Deal at {formatKES(conversation.deal.unitPrice)}
            </span>
          )}
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
        {why ? (
          <>
            {handoff.reason && (
              <p className="handoff-reason">
                <span className="sr-only">Needs a person: </span>
                {handoff.reason}
              </p>
            )}
            {handoff.customerText && <QuoteLine text={handoff.customerText} label="Customer wrote" />}
          </>
        ) : (
          preview && <QuoteLine text={preview} label="Last message text" quoted={false} />
        )}
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
