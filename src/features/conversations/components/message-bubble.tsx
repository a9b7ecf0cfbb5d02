import { memo } from 'react';
import type { Message } from '../../../api/generated/model/message';
import type { MessageSender } from '../../../api/generated/model/messageSender';
import { formatDateTime } from '../../../lib/format/date';
import { DeliveryState } from './delivery-state';

const senderLabels: Record<MessageSender, string> = { customer: 'Customer', bot: 'Bot', admin: 'Admin' };

/**
 * Customer messages on the left, bot and admin messages on the right. The content is a
 * text node (React escapes it): what a customer types is never read as HTML.
 * Memoised: a refetch keeps unchanged messages as the same objects, so only
 * new ones render.
 */
export const MessageBubble = memo(function MessageBubble({ message }: { message: Message }) {
  const side = message.sender === 'customer' ? 'message-left' : 'message-right';
  return (
    <div className={`message ${side} message-${message.sender}`}>
      <div className="message-bubble">
        <span className="message-sender">{senderLabels[message.sender]}</span>
        <p className="message-content">{message.content}</p>
        <time className="message-time" dateTime={message.timestamp}>
          {formatDateTime(message.timestamp)}
        </time>
        {message.deliveryStatus !== undefined && (
          <DeliveryState message={message as Message & { deliveryStatus: NonNullable<Message['deliveryStatus']> }} />
        )}
      </div>
    </div>
  );
});
