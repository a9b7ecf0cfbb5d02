import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { serverMessage } from '../../../api/error-message';
import { useCreateDeliveryZone, useUpdateDeliveryZone } from '../../../api/generated/endpoints/delivery/delivery';
import type { DeliveryZone } from '../../../api/generated/model/deliveryZone';
import { useToast } from '../../../lib/toast/toast-context';
import {
  DAYS_MAX,
  deliveryZoneSchema,
  deliveryZoneToFormValues,
  type DeliveryZoneFormOutput,
  type DeliveryZoneFormValues,
} from '../delivery-zone-schema';

/** The ids of a field's hint and error, for aria-describedby. */
const describedBy = (id: string, hint: boolean, error?: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/**
 * Adds a delivery zone, or edits `zone`. Invalid entries are named under
 * their fields and nothing is sent; a refusal (a name already taken) says
 * why and keeps everything typed.
 */
export function DeliveryZoneForm({ zone, onDone }: { zone?: DeliveryZone; onDone: () => void }) {
  const create = useCreateDeliveryZone();
  const update = useUpdateDeliveryZone();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<DeliveryZoneFormValues, unknown, DeliveryZoneFormOutput>({
    resolver: zodResolver(deliveryZoneSchema),
    defaultValues: deliveryZoneToFormValues(zone),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  // The form takes the place of the button that opened it: the keyboard goes on in its first field.
  useEffect(() => setFocus('name'), [setFocus]);
  const pending = create.isPending || update.isPending;
  const prefix = zone ? `delivery-zone-${zone.id}` : 'delivery-zone-new';

  const save = async (data: DeliveryZoneFormOutput) => {
    setFailure(null);
    try {
      if (zone) await update.mutateAsync({ zoneId: zone.id, data });
      else await create.mutateAsync({ data });
      toast({
        title: 'Delivery zone saved',
        description: `The bot now answers delivery questions about ${data.name}.`,
      });
      onDone();
    } catch (error) {
      setFailure(serverMessage(error, 'Failed to save the delivery zone'));
    }
  };

  const field = (
    name: keyof DeliveryZoneFormValues,
    label: string,
    hint: string | null,
    input: { inputMode?: 'decimal' | 'numeric'; autoComplete?: string },
  ) => {
    const id = `${prefix}-${name}`;
    const error = errors[name]?.message;
    return (
      <div className="settings-field">
        <label htmlFor={id}>{label}</label>
        <InputText
          id={id}
          {...input}
          invalid={!!error}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint !== null, error)}
          {...register(name)}
        />
        {hint && (
          <small id={`${id}-hint`} className="settings-hint">
            {hint}
          </small>
        )}
        {error && (
          <small id={`${id}-error`} className="field-error">
            {error}
          </small>
        )}
      </div>
    );
  };

  return (
    <form
      className="delivery-zone-form"
      aria-label={zone ? `Edit ${zone.name}` : 'New delivery zone'}
      onSubmit={(event) => void handleSubmit(save)(event)}
      noValidate
    >
      {field('name', 'Zone name', null, { autoComplete: 'off' })}
      {field('places', 'Other places in the zone', 'Optional. Separated by commas, e.g. "Thika town, Makongeni".', {
        autoComplete: 'off',
      })}
      {field('fee', 'Fee (KES)', null, { inputMode: 'decimal', autoComplete: 'off' })}
      {field('leadDays', 'Lead time (days)', `0 for the same day, up to ${DAYS_MAX}.`, {
        inputMode: 'numeric',
        autoComplete: 'off',
      })}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="settings-actions">
        <Button type="submit" label="Save" loading={pending} />
        <Button type="button" label="Cancel" outlined disabled={pending} onClick={onDone} />
      </div>
    </form>
  );
}
