import { memo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { DAY_NAMES, type BotFormOutput, type BotFormValues } from '../bot-settings-schema';
import { BotField, botDescribedBy } from './bot-field';

/** The time zones the browser knows, offered while typing (any name it knows is accepted). */
function knownTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

/** The time zones the browser knows, as suggestions for the time zone input (drawn once: there are hundreds). */
const TimeZoneList = memo(function TimeZoneList({ id, zones }: { id: string; zones: string[] }) {
  return (
    <datalist id={id}>
      {zones.map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
});

const ZONES = knownTimeZones();

/**
 * Business hours: whether the bot keeps them, the time zone they are in,
 * for each day from Monday whether the shop opens and from when to when, and
 * what a customer is told outside them (in Swahili too when `swahili`: the
 * backend's settings have that text).
 * The times stay editable on a closed day: they are kept for when it opens.
 */
export function BotBusinessHours({ swahili = false }: { swahili?: boolean }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<BotFormValues, unknown, BotFormOutput>();
  const days = useWatch({ control, name: 'businessHours.days' });
  const used = useWatch({ control, name: 'businessHours.enabled' });
  const zones = ZONES;
  const timezoneError = errors.businessHours?.timezone?.message;
  const outOfHoursError = errors.outOfHoursMessage?.message;
  const outOfHoursSwError = errors.outOfHoursMessageSw?.message;

  return (
    <fieldset className="bot-fieldset">
      <legend>Business hours</legend>
      <Controller
        name="businessHours.enabled"
        control={control}
        render={({ field }) => (
          <div className="settings-field">
            <div className="settings-switch">
              <InputSwitch
                inputId="bot-hours-enabled"
                checked={field.value}
                aria-describedby="bot-hours-enabled-hint"
                onChange={(event) => field.onChange(Boolean(event.value))}
                onBlur={field.onBlur}
                inputRef={field.ref}
              />
              <label htmlFor="bot-hours-enabled">Use business hours</label>
            </div>
            <small id="bot-hours-enabled-hint" className="settings-hint">
              {used
                ? 'The bot tells customers these hours when they ask. Outside them, a customer who needs a person gets the out-of-hours message first.'
                : 'Off: the shop counts as always open, and a person answers questions about opening hours. The hours below are kept for when you turn this on.'}
            </small>
          </div>
        )}
      />
      <BotField
        id="bot-timezone"
        label="Time zone"
        hint="A time zone name such as Africa/Nairobi."
        error={timezoneError}
        className="bot-timezone"
      >
        <InputText
          id="bot-timezone"
          list={zones.length ? 'bot-timezones' : undefined}
          autoComplete="off"
          spellCheck={false}
          invalid={!!timezoneError}
          aria-invalid={timezoneError ? true : undefined}
          aria-describedby={botDescribedBy('bot-timezone', { hint: true, error: timezoneError })}
          {...register('businessHours.timezone')}
        />
      </BotField>
      {zones.length > 0 && <TimeZoneList id="bot-timezones" zones={zones} />}
      <ul className="bot-days" aria-label="Opening hours">
        {days.map((day, index) => {
          const name = DAY_NAMES[day.day];
          const id = `bot-day-${day.day}`;
          const fromError = errors.businessHours?.days?.[index]?.from?.message;
          const toError = errors.businessHours?.days?.[index]?.to?.message;
          return (
            <li key={day.day} className="bot-day">
              <span className="bot-day-name">{name}</span>
              <Controller
                name={`businessHours.days.${index}.open`}
                control={control}
                render={({ field }) => (
                  <span className="bot-day-open settings-switch">
                    <InputSwitch
                      inputId={`${id}-open`}
                      checked={field.value}
                      onChange={(event) => field.onChange(Boolean(event.value))}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                    />
                    <label htmlFor={`${id}-open`}>
                      Open<span className="sr-only"> on {name}</span>
                    </label>
                  </span>
                )}
              />
              <span className="bot-day-time">
                <label htmlFor={`${id}-from`}>
                  Opens<span className="sr-only"> on {name}</span>
                </label>
                <input
                  id={`${id}-from`}
                  type="time"
                  className={fromError ? 'p-inputtext p-invalid' : 'p-inputtext'}
                  aria-invalid={fromError ? true : undefined}
                  aria-describedby={botDescribedBy(`${id}-from`, { error: fromError })}
                  {...register(`businessHours.days.${index}.from`)}
                />
              </span>
              <span className="bot-day-time">
                <label htmlFor={`${id}-to`}>
                  Closes<span className="sr-only"> on {name}</span>
                </label>
                <input
                  id={`${id}-to`}
                  type="time"
                  className={toError ? 'p-inputtext p-invalid' : 'p-inputtext'}
                  aria-invalid={toError ? true : undefined}
                  aria-describedby={botDescribedBy(`${id}-to`, { error: toError })}
                  {...register(`businessHours.days.${index}.to`)}
                />
              </span>
              {fromError && (
                <small id={`${id}-from-error`} className="field-error bot-day-error">
                  {fromError}
                </small>
              )}
              {toError && (
                <small id={`${id}-to-error`} className="field-error bot-day-error">
                  {toError}
                </small>
              )}
            </li>
          );
        })}
      </ul>
      <BotField
        id="bot-out-of-hours"
        label="Out-of-hours message"
        hint={
          swahili
            ? 'What a customer writing English is told outside business hours when a person is needed.'
            : 'What a customer is told outside business hours when a person is needed.'
        }
        error={outOfHoursError}
      >
        <InputTextarea
          id="bot-out-of-hours"
          rows={3}
          autoResize
          invalid={!!outOfHoursError}
          aria-invalid={outOfHoursError ? true : undefined}
          aria-describedby={botDescribedBy('bot-out-of-hours', { hint: true, error: outOfHoursError })}
          {...register('outOfHoursMessage')}
        />
      </BotField>
      {swahili && (
        <BotField
          id="bot-out-of-hours-sw"
          label="Out-of-hours message (Swahili)"
          hint="What a customer writing Swahili or Sheng is told outside business hours when a person is needed."
          error={outOfHoursSwError}
        >
          <InputTextarea
            id="bot-out-of-hours-sw"
            lang="sw"
            rows={3}
            autoResize
            invalid={!!outOfHoursSwError}
            aria-invalid={outOfHoursSwError ? true : undefined}
            aria-describedby={botDescribedBy('bot-out-of-hours-sw', { hint: true, error: outOfHoursSwError })}
            {...register('outOfHoursMessageSw')}
          />
        </BotField>
      )}
    </fieldset>
  );
}
