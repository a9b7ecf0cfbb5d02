import { memo } from 'react';
import type { Message } from '../../../api/generated/model/message';
import type { MessageSender } from '../../../api/generated/model/messageSender';
import { formatDateTime } from '../../../lib/format/date';
import type { Reaction } from '../reactions';
import { DeliveryState } from './delivery-state';
import { MessageAttachmentView } from './message-attachment';

const senderLabels: Record<MessageSender, string> = { customer: 'Customer', bot: 'Bot', admin: 'Admin' };

interface MessageBubbleProps {
  message: Message;
  /** The conversation the message belongs to: what a failed message's Retry sends to. */
  conversationId?: number;
  /** How the customer is named, for a photo's description ("Photo from Brian Otieno"). */
  customerName?: string;
  /** Reactions to this message (beyond the spec), shown under it. */
  reactions?: readonly Reaction[];
}

/**
 * Customer messages on the left, bot and admin messages on the right. The content is a
 * text node (React escapes it): what a customer types is never read as HTML.
 * A message with a delivery state (beyond the spec) shows it under the time; one
 * without shows none. A message with an attachment (beyond the spec: a photo, a
 * document, a location…) shows it in place of its plain line; one without, or of
 * a kind shown as words, shows the line.
 * Memoised: a refetch keeps unchanged messages as the same objects, so only
 * new ones (and ones whose state changed, which arrive as new objects) render.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  conversationId,
  customerName,
  reactions,
}: MessageBubbleProps) {
  const side = message.sender === 'customer' ? 'message-left' : 'message-right';
  const status = message.deliveryStatus;
  const line = <p className="message-content">{message.content}</p>;
  return (
    <div className={`message ${side} message-${message.sender}`}>
      <div className="message-bubble">
        <span className="message-sender">{senderLabels[message.sender]}</span>
        {message.attachment ? (
          <MessageAttachmentView
            message={message}
            attachment={message.attachment}
            customerName={customerName}
            fallback={line}
          />
        ) : (
          line
        )}
        <time className="message-time" dateTime={message.timestamp}>
          {formatDateTime(message.timestamp)}
        </time>
        {status && <DeliveryState message={{ ...message, deliveryStatus: status }} conversationId={conversationId} />}
        {reactions && reactions.length > 0 && (
          <div className="message-reactions">
            {reactions.map((reaction) => (
              <span
                key={reaction.sender}
                className="message-reaction"
                role="img"
                aria-label={`${senderLabels[reaction.sender]} reacted ${reaction.emoji}`}
              >
                {reaction.emoji}
              </span>
            ))}
          </div>
        )}
      </div>
    </div>
  );
});
