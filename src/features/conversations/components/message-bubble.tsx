import { memo, useState } from 'react';
import type { Message } from '../../../api/generated/model/message';
import type { MessageSender } from '../../../api/generated/model/messageSender';
import type { Quote } from '../../../api/generated/model/quote';
import { formatDateTime } from '../../../lib/format/date';
import type { Reaction } from '../reactions';
import { DeliveryState } from './delivery-state';
import { MessageAttachmentView } from './message-attachment';
import { messagePicture } from './product-card';
import { QuoteInThread } from './quotes/quote-in-thread';

const senderLabels: Record<MessageSender, string> = { customer: 'Customer', bot: 'Bot', admin: 'Admin' };

interface MessageBubbleProps {
  message: Message;
  /** The conversation the message belongs to: what a failed message's Retry sends to. */
  conversationId?: number;
  /** How the customer is named, for a photo's description ("Photo from Brian Otieno"). */
  customerName?: string;
  /** Reactions to this message (beyond the spec), shown under it. */
  reactions?: readonly Reaction[];
  /** The quote this message sent (beyond the spec), shown under its text as it stands now. */
  quote?: Quote;
}

/**
 * A product card's "Picture: <url>" line as the picture itself under the text, as the
 * customer receives it on WhatsApp (the image with the text as its caption). A picture that
 * does not load shows the line as it was written.
 */
function ContentWithPicture({ content }: { content: string }) {
  const [failed, setFailed] = useState(false);
  const { text, picture } = messagePicture(content, window.location.origin);
  if (!picture || failed) return <p className="message-content">{content}</p>;
  const name = text.split('\n', 1)[0].trim();
  return (
    <div className="message-attachment">
      {text && <p className="message-content">{text}</p>}
      <a className="message-image-link" href={picture} target="_blank" rel="noopener noreferrer">
        <img
          className="message-image"
          src={picture}
          alt={name ? `Picture of ${name}` : 'Product picture'}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
        <span className="sr-only"> (opens full size in a new tab)</span>
      </a>
    </div>
  );
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
  quote,
}: MessageBubbleProps) {
  const side = message.sender === 'customer' ? 'message-left' : 'message-right';
  const status = message.deliveryStatus;
  // A customer's link is never loaded (it would tell their server who reads the inbox).
  const line =
    message.sender === 'customer' ? (
      <p className="message-content">{message.content}</p>
    ) : (
      <ContentWithPicture content={message.content} />
    );
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
        {quote && <QuoteInThread quote={quote} />}
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
