import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { serverMessage } from '../../../api/error-message';
import { useUpdateDeliveryPickup } from '../../../api/generated/endpoints/delivery/delivery';
import type { Pickup } from '../../../api/generated/model/pickup';
import { useToast } from '../../../lib/toast/toast-context';
import {
  DAYS_MAX,
  pickupSchema,
  pickupToFormValues,
  type PickupFormOutput,
  type PickupFormValues,
} from '../delivery-zone-schema';

/**
 * Whether customers may collect their order, where, and after how many days.
 * A refused save says why and keeps everything typed.
 */
export function DeliveryPickupForm({ pickup }: { pickup: Pickup }) {
  const toast = useToast();
  const form = useForm<PickupFormValues, unknown, PickupFormOutput>({
    resolver: zodResolver(pickupSchema),
    defaultValues: pickupToFormValues(pickup),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const save = useUpdateDeliveryPickup({
    mutation: {
      onSuccess: (saved) => {
        // keepValues: what was typed while the save was under way stays.
        form.reset(pickupToFormValues(saved), { keepValues: true });
        toast({
          title: 'Pickup settings saved',
          description: saved.enabled ? 'The bot tells customers where to collect.' : 'Pickup is off.',
        });
      },
      onError: (error) =>
        toast({
          title: 'Pickup settings not saved',
          description: serverMessage(error, 'Failed to save the pickup settings'),
          variant: 'destructive',
        }),
    },
  });
  const enabled = useWatch({ control, name: 'enabled' });
  const locationError = errors.location?.message;
  const daysError = errors.leadDays?.message;

  return (
    <form
      className="delivery-pickup-form"
      aria-label="Pickup"
      onSubmit={(event) => void form.handleSubmit((data) => save.mutate({ data }))(event)}
      noValidate
    >
      <h3>Pickup</h3>
      <Controller
        name="enabled"
        control={control}
        render={({ field }) => (
          <div className="settings-field">
            <div className="settings-switch">
              <InputSwitch
                inputId="pickup-enabled"
                checked={field.value}
                aria-describedby="pickup-enabled-hint"
                onChange={(event) => field.onChange(Boolean(event.value))}
                onBlur={field.onBlur}
                inputRef={field.ref}
              />
              <label htmlFor="pickup-enabled">Customers may collect their order</label>
            </div>
            <small id="pickup-enabled-hint" className="settings-hint">
              {enabled
                ? 'The bot tells a customer who asks to collect where and when the order is ready.'
                : 'Off: a customer who asks to collect is handed to staff.'}
            </small>
          </div>
        )}
      />
      <div className="settings-field">
        <label htmlFor="pickup-location">Where customers collect</label>
        <InputText
          id="pickup-location"
          invalid={!!locationError}
          aria-invalid={locationError ? true : undefined}
          aria-describedby={locationError ? 'pickup-location-error' : undefined}
          {...register('location')}
        />
        {locationError && (
          <small id="pickup-location-error" className="field-error">
            {locationError}
          </small>
        )}
      </div>
      <div className="settings-field">
        <label htmlFor="pickup-days">Ready after (days)</label>
        <InputText
          id="pickup-days"
          inputMode="numeric"
          invalid={!!daysError}
          aria-invalid={daysError ? true : undefined}
          aria-describedby={`pickup-days-hint${daysError ? ' pickup-days-error' : ''}`}
          {...register('leadDays')}
        />
        <small id="pickup-days-hint" className="settings-hint">
          0 for the same day, up to {DAYS_MAX}.
        </small>
        {daysError && (
          <small id="pickup-days-error" className="field-error">
            {daysError}
          </small>
        )}
      </div>
      <div className="settings-actions">
        <Button type="submit" label="Save pickup" loading={save.isPending} />
      </div>
    </form>
  );
}
