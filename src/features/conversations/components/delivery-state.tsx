import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { serverMessage } from '../../../api/error-message';
import { useRetryConversationMessage } from '../../../api/generated/endpoints/conversations/conversations';
import type { DeliveryStatus } from '../../../api/generated/model/deliveryStatus';
import type { Message } from '../../../api/generated/model/message';
import { useToast } from '../../../lib/toast/toast-context';

const labels: Record<DeliveryStatus, { text: string; icon: string }> = {
  queued: { text: 'Queued', icon: 'pi pi-clock' },
  sent: { text: 'Sent', icon: 'pi pi-check' },
  delivered: { text: 'Delivered', icon: 'pi pi-check-circle' },
  read: { text: 'Read', icon: 'pi pi-eye' },
  failed: { text: 'Failed', icon: 'pi pi-exclamation-circle' },
};

/**
 * Where a message to the customer has got to (beyond the spec: deliveryStatus).
 * A failed one says why and offers Retry, which queues it once more: a second
 * click while the first is on its way does nothing.
 */
export function DeliveryState({ message }: { message: Message & { deliveryStatus: DeliveryStatus } }) {
  const status = message.deliveryStatus;
  const label = labels[status];
  return (
    <div className={`delivery-state delivery-${status}`}>
      <span className="delivery-label">
        <i className={label.icon} aria-hidden="true" />
        <span className="sr-only">Delivery: </span>
        {label.text}
      </span>
      {status === 'failed' && <FailedDelivery message={message} />}
    </div>
  );
}

function FailedDelivery({ message }: { message: Message }) {
  const conversationId = Number(useParams().id);
  const retry = useRetryConversationMessage();
  const toast = useToast();
  const inFlight = useRef(false);

  const again = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await retry.mutateAsync({ id: conversationId, messageId: message.id });
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
    <>
      <span className="delivery-reason">{message.failureReason || 'WhatsApp did not deliver this message.'}</span>
      <Button
        type="button"
        label="Retry"
        icon={retry.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-refresh'}
        size="small"
        outlined
        severity="danger"
        aria-label="Retry sending this message"
        disabled={retry.isPending}
        onClick={() => void again()}
      />
    </>
  );
}
