import { memo } from 'react';
import type { Message } from '../../../api/generated/model/message';
import type { MessageSender } from '../../../api/generated/model/messageSender';
import { formatDateTime } from '../../../lib/format/date';
import { DeliveryState } from './delivery-state';

const senderLabels: Record<MessageSender, string> = { customer: 'Customer', bot: 'Bot', admin: 'Admin' };

interface MessageBubbleProps {
  message: Message;
  /** The conversation the message belongs to: what a failed message's Retry sends to. */
  conversationId?: number;
}

/**
 * Customer messages on the left, bot and admin messages on the right. The content is a
 * text node (React escapes it): what a customer types is never read as HTML.
 * A message with a delivery state (beyond the spec) shows it under the time; one
 * without shows none.
 * Memoised: a refetch keeps unchanged messages as the same objects, so only
 * new ones (and ones whose state changed, which arrive as new objects) render.
 */
export const MessageBubble = memo(function MessageBubble({ message, conversationId }: MessageBubbleProps) {
  const side = message.sender === 'customer' ? 'message-left' : 'message-right';
  const status = message.deliveryStatus;
  return (
    <div className={`message ${side} message-${message.sender}`}>
      <div className="message-bubble">
        <span className="message-sender">{senderLabels[message.sender]}</span>
        <p className="message-content">{message.content}</p>
        <time className="message-time" dateTime={message.timestamp}>
          {formatDateTime(message.timestamp)}
        </time>
        {status && <DeliveryState message={{ ...message, deliveryStatus: status }} conversationId={conversationId} />}
      </div>
    </div>
  );
});
