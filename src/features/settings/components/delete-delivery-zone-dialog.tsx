import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { DeliveryZone } from '../../../api/generated/model/deliveryZone';

/** Asks before a delivery zone is deleted; Cancel (the choice that loses nothing) has the focus. */
export function DeleteDeliveryZoneDialog({
  zone,
  pending,
  onCancel,
  onConfirm,
}: {
  zone: DeliveryZone | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (zone: DeliveryZone) => void;
}) {
  return (
    <Dialog
      header="Delete delivery zone"
      visible={zone !== null}
      onHide={onCancel}
      style={{ width: '28rem' }}
      breakpoints={{ '640px': '92vw' }}
      draggable={false}
      resizable={false}
      footer={
        <div className="dialog-actions">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself, on the choice that loses nothing */}
          <Button type="button" label="Cancel" outlined autoFocus onClick={onCancel} />
          <Button
            type="button"
            label="Delete"
            severity="danger"
            loading={pending}
            onClick={() => zone && onConfirm(zone)}
          />
        </div>
      }
    >
      {zone && (
        <p className="dialog-text">
          Delete delivery zone &quot;{zone.name}&quot;? The bot will hand questions about it to staff.
        </p>
      )}
    </Dialog>
  );
}
