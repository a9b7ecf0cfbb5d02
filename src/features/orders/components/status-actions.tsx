import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useChangeOrderStatus } from '../../../api/generated/endpoints/orders/orders';
import type { OrderDetail } from '../../../api/generated/model/orderDetail';
import type { OrderStatus } from '../../../api/generated/model/orderStatus';
import { serverMessage } from '../../../api/error-message';
import { useToast } from '../../../lib/toast/toast-context';
import { STATUS_LABELS } from '../../../lib/format/order';
import { canCancel, NEXT_STATUS } from '../labels';

/**
 * The order's next step (one button) and Cancel order (after a confirmation), with "Tell the
 * customer" for either. Delivered and cancelled orders have none.
 */
export function StatusActions({ order }: { order: OrderDetail }) {
  const change = useChangeOrderStatus();
  const toast = useToast();
  const [tell, setTell] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const next = NEXT_STATUS[order.status];
  if (!next && !canCancel(order.status)) return null;

  const move = async (status: OrderStatus) => {
    setConfirming(false);
    try {
      await change.mutateAsync({ orderId: order.id, data: { status, tellCustomer: tell } });
      toast({ title: 'Order updated', description: `${order.number} is ${STATUS_LABELS[status].toLowerCase()}` });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error, 'The order could not be changed. Try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section className="card order-actions" aria-labelledby="order-actions-title">
      <h2 id="order-actions-title">Status</h2>
      <div className="order-actions-row">
        {next && (
          <Button
            type="button"
            label={`Mark as ${STATUS_LABELS[next].toLowerCase()}`}
            icon="pi pi-arrow-right"
            disabled={change.isPending}
            onClick={() => void move(next)}
          />
        )}
        {canCancel(order.status) && (
          <Button
            type="button"
            label="Cancel order"
            icon="pi pi-times"
            severity="danger"
            outlined
            disabled={change.isPending}
            onClick={() => setConfirming(true)}
          />
        )}
      </div>
      <div className="order-tell">
        <input id="order-tell" type="checkbox" checked={tell} onChange={(event) => setTell(event.target.checked)} />
        <label htmlFor="order-tell">Tell the customer</label>
      </div>
      <Dialog
        header={`Cancel order ${order.number}?`}
        visible={confirming}
        onHide={() => setConfirming(false)}
        style={{ width: 'min(28rem, 95vw)' }}
        footer={
          <>
            <Button type="button" label="Keep order" outlined onClick={() => setConfirming(false)} />
            <Button type="button" label="Cancel order" severity="danger" onClick={() => void move('cancelled')} />
          </>
        }
      >
        <p>
          The order cannot be reopened once cancelled.
          {tell ? ' The customer will be told.' : ' The customer will not be told.'}
        </p>
      </Dialog>
    </section>
  );
}
