import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useUpdateOrder } from '../../../api/generated/endpoints/orders/orders';
import type { OrderDetail } from '../../../api/generated/model/orderDetail';
import { serverMessage } from '../../../api/error-message';
import { useToast } from '../../../lib/toast/toast-context';

/** The delivery date, address and town; a field emptied is cleared. */
export function DeliveryForm({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const update = useUpdateOrder();
  const toast = useToast();
  const [date, setDate] = useState(order.deliveryDate ?? '');
  const [address, setAddress] = useState(order.deliveryAddress ?? '');
  const [town, setTown] = useState(order.deliveryTown ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({
        orderId: order.id,
        data: {
          deliveryDate: date || null,
          deliveryAddress: address.trim() || null,
          deliveryTown: town.trim() || null,
        },
      });
      toast({ title: 'Delivery saved', description: `${order.number}: delivery details saved` });
      onDone();
    } catch (error) {
      setProblem(serverMessage(error, 'The delivery could not be saved. Try again.'));
    }
  };

  return (
    <form className="delivery-form" aria-label="Delivery" onSubmit={(e) => void submit(e)}>
      <div className="field">
        <label htmlFor="delivery-date">Delivery date</label>
        <InputText id="delivery-date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="delivery-address">Address</label>
        <InputText
          id="delivery-address"
          value={address}
          maxLength={300}
          onChange={(event) => setAddress(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="delivery-town">Town</label>
        <InputText id="delivery-town" value={town} maxLength={80} onChange={(event) => setTown(event.target.value)} />
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="order-actions-row">
        <Button type="submit" label="Save delivery" loading={update.isPending} />
        <Button type="button" label="Cancel" outlined onClick={onDone} />
      </div>
    </form>
  );
}
