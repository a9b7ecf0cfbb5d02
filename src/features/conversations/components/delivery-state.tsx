import { useRef, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { serverMessage } from '../../../api/error-message';
import { useRetryConversationMessage } from '../../../api/generated/endpoints/conversations/conversations';
import type { DeliveryStatus } from '../../../api/generated/model/deliveryStatus';
import type { Message } from '../../../api/generated/model/message';
import { useToast } from '../../../lib/toast/toast-context';

export const DELIVERY_LABELS: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
};

/** Said when WhatsApp gave no reason. */
export const DELIVERY_FAILED_FALLBACK = 'WhatsApp did not deliver this message.';

/** Two ticks, as WhatsApp shows a delivered (and, highlighted, a read) message. */
function DoubleCheck() {
  return (
    <svg
      className="message-delivery-icon"
      viewBox="0 0 20 16"
      width="16"
      height="13"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M1 8.5l4 4L13 3.5M8.5 11l1.5 1.5L19 3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const icons: Record<DeliveryStatus, ReactNode> = {
  queued: <i className="message-delivery-icon pi pi-clock" aria-hidden="true" />,
  sent: <i className="message-delivery-icon pi pi-check" aria-hidden="true" />,
  delivered: <DoubleCheck />,
  read: <DoubleCheck />,
  failed: <i className="message-delivery-icon pi pi-exclamation-circle" aria-hidden="true" />,
};

interface DeliveryStateProps {
  message: Message & { deliveryStatus: DeliveryStatus };
  /** The conversation the message belongs to: without it a failed message offers no Retry. */
  conversationId?: number;
}

/**
 * Where a message to the customer has got to (beyond the spec: deliveryStatus),
 * in words beside an icon ("Delivery: Read" to a screen reader). A failed one
 * says why and offers Retry.
 */
export function DeliveryState({ message, conversationId }: DeliveryStateProps) {
  const status = message.deliveryStatus;
  return (
    <div className={`message-delivery message-delivery-${status}`}>
      <span className="message-delivery-label">
        {icons[status]}
        <span className="sr-only">Delivery: </span>
        {DELIVERY_LABELS[status]}
      </span>
      {status === 'failed' && (
        <>
          <p className="message-delivery-reason">{message.failureReason?.trim() || DELIVERY_FAILED_FALLBACK}</p>
          {conversationId !== undefined && <RetryButton conversationId={conversationId} messageId={message.id} />}
        </>
      )}
    </div>
  );
}

/**
 * Queues the failed message once more (POST …/messages/{messageId}/retry). A
 * second click before the first has been answered does nothing; on success the
 * messages are refetched (the invalidation table) and the new state shows.
 */
function RetryButton({ conversationId, messageId }: { conversationId: number; messageId: number }) {
  const retry = useRetryConversationMessage();
  const toast = useToast();
  // The pending flag reaches the button a render later; this stops the second click of a double click.
  const inFlight = useRef(false);

  const again = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await retry.mutateAsync({ id: conversationId, messageId });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to send the message again'),
        variant: 'destructive',
      });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Button
      type="button"
      className="message-delivery-retry"
      label="Retry"
      icon={retry.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-refresh'}
      size="small"
      outlined
      aria-label="Retry sending this message"
      aria-busy={retry.isPending}
      disabled={retry.isPending}
      onClick={() => void again()}
    />
  );
}
