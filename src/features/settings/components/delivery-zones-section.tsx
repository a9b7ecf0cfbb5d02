import { useState } from 'react';
import { Button } from 'primereact/button';
import { isMissing, serverMessage } from '../../../api/error-message';
import { useDeleteDeliveryZone, useListDeliveryZones } from '../../../api/generated/endpoints/delivery/delivery';
import type { DeliveryZone } from '../../../api/generated/model/deliveryZone';
import { LoadError } from '../../../components/ui/load-error';
import { formatKES } from '../../../lib/format/money';
import { useToast } from '../../../lib/toast/toast-context';
import { formatLeadTime } from '../delivery-zone-schema';
import { DeleteDeliveryZoneDialog } from './delete-delivery-zone-dialog';
import { DeliveryPickupForm } from './delivery-pickup-form';
import { DeliveryZoneForm } from './delivery-zone-form';

/**
 * Settings → Delivery (beyond the spec): the zones the business delivers to,
 * each with its fee and lead time, and pickup. The bot answers delivery
 * questions from them. A backend without them (404) shows no section.
 */
export function DeliveryZonesSection() {
  const list = useListDeliveryZones();
  const remove = useDeleteDeliveryZone();
  const toast = useToast();
  // null: no form; 'new': adding; a zone: editing it.
  const [editing, setEditing] = useState<DeliveryZone | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DeliveryZone | null>(null);

  if (isMissing(list.error)) return null;
  const zones = list.data?.zones ?? [];

  const confirmDelete = async (zone: DeliveryZone) => {
    try {
      await remove.mutateAsync({ zoneId: zone.id });
      setDeleting(null);
      toast({ title: 'Delivery zone deleted', description: `"${zone.name}" was deleted.` });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to delete the delivery zone'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section className="card settings-card delivery-settings" aria-labelledby="delivery-title">
      <h2 id="delivery-title">Delivery</h2>
      <p className="settings-hint">
        Where you deliver, at what fee and in how many days. The bot answers &quot;do you deliver to Nakuru?&quot; from
        these zones, by a zone&apos;s name or any of its places; a town that is in no zone is handed to staff.
      </p>
      {list.isPending ? (
        <p role="status">Loading delivery zones...</p>
      ) : list.isError ? (
        <LoadError message="Failed to load delivery zones" onRetry={list.refetch} />
      ) : (
        <>
          {zones.length === 0 ? (
            <p>No delivery zones yet.</p>
          ) : (
            <ul className="settings-list delivery-zones" aria-label="Delivery zones">
              {zones.map((zone) => (
                <li key={zone.id} className="settings-item delivery-zone">
                  {editing !== null && editing !== 'new' && editing.id === zone.id ? (
                    <DeliveryZoneForm zone={zone} onDone={() => setEditing(null)} />
                  ) : (
                    <>
                      <h3>{zone.name}</h3>
                      <dl className="delivery-zone-facts">
                        <div>
                          <dt>Fee</dt>
                          <dd>{formatKES(zone.fee)}</dd>
                        </div>
                        <div>
                          <dt>Lead time</dt>
                          <dd>{formatLeadTime(zone.leadDays)}</dd>
                        </div>
                        {zone.places.length > 0 && (
                          <div className="delivery-zone-places">
                            <dt>Places</dt>
                            <dd>{zone.places.join(', ')}</dd>
                          </div>
                        )}
                      </dl>
                      <div className="settings-actions">
                        <Button
                          type="button"
                          label="Edit"
                          size="small"
                          outlined
                          aria-label={`Edit ${zone.name}`}
                          onClick={() => setEditing(zone)}
                        />
                        <Button
                          type="button"
                          label="Delete"
                          size="small"
                          outlined
                          severity="danger"
                          aria-label={`Delete ${zone.name}`}
                          onClick={() => setDeleting(zone)}
                        />
                      </div>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
          {editing === 'new' ? (
            <DeliveryZoneForm onDone={() => setEditing(null)} />
          ) : (
            <div className="settings-actions">
              <Button type="button" label="Add delivery zone" icon="pi pi-plus" onClick={() => setEditing('new')} />
            </div>
          )}
          <DeliveryPickupForm pickup={list.data.pickup} />
        </>
      )}
      <DeleteDeliveryZoneDialog
        zone={deleting}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={(zone) => void confirmDelete(zone)}
      />
    </section>
  );
}
