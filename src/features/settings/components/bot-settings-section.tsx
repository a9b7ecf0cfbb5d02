import { useRef, type FormEvent } from 'react';
import { Controller, FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { isMissing, serverMessage } from '../../../api/error-message';
import { useGetBotSettings, useUpdateBotSettings } from '../../../api/generated/endpoints/bot/bot';
import { useListProducts } from '../../../api/generated/endpoints/products/products';
import type { BotSettings } from '../../../api/generated/model/botSettings';
import type { Product } from '../../../api/generated/model/product';
import { LoadError } from '../../../components/ui/load-error';
import { useInFlight } from '../../../lib/forms/use-in-flight';
import { useToast } from '../../../lib/toast/toast-context';
import {
  PERCENT_MAX,
  PERCENT_MIN,
  ROUNDS_MAX,
  ROUNDS_MIN,
  botSettingsSchema,
  botSettingsToFormValues,
  lowestPriceHint,
  roundsHint,
  type BotFormOutput,
  type BotFormValues,
} from '../bot-settings-schema';
import { BotBusinessHours } from './bot-business-hours';
import { BotField, botDescribedBy } from './bot-field';
import { useReportUnsaved } from '../unsaved-sections';
import { BotProductLimits } from './bot-product-limits';

/**
 * How the server's chatbot answers customers (beyond the spec): on or off,
 * its greeting, how far it bargains, business hours and the out-of-hours
 * message (each text in English and, when the backend has them, Swahili). A backend without it (404) shows no section; another load failure
 * says so with a way to try again.
 */
export function BotSettingsSection() {
  const settings = useGetBotSettings();
  if (isMissing(settings.error)) return null;
  return (
    <section className="card settings-card bot-settings" aria-labelledby="bot-settings-title">
      <h2 id="bot-settings-title">Chatbot</h2>
      <p className="settings-hint">
        The shop&apos;s assistant answers customers on WhatsApp while their conversation is with the bot, from the
        catalogue, and hands over to staff when a person is needed.
      </p>
      {/* Once filled, the form stays: a later refetch (after a save) does not replace what is typed. */}
      {settings.data ? (
        <BotSettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <LoadError message="Failed to load chatbot settings" onRetry={settings.refetch} />
      ) : (
        <p role="status">Loading chatbot settings...</p>
      )}
    </section>
  );
}

const selectProducts = (answer: { data: Product[] }) => [...answer.data].sort((a, b) => a.name.localeCompare(b.name));

/**
 * The values without what a removed product row can leave behind: an event that arrives from
 * a row's input after the row was removed (a blur) makes react-hook-form write the row's old
 * name back, an entry of `undefined` past the rows on screen. Every row on screen holds its
 * amount as text, so such an entry is no row.
 */
function withoutLeftovers(values: BotFormValues): BotFormValues {
  const rows = values.bargaining.productLimits.filter((row) => row?.lowestPrice !== undefined);
  return { ...values, bargaining: { ...values.bargaining, productLimits: rows } };
}

/**
 * The chatbot settings form, filled from `settings`. Invalid entries are
 * named under their fields and nothing is sent; a refused save shows the
 * server's message and keeps everything typed.
 */
function BotSettingsForm({ settings }: { settings: BotSettings }) {
  const toast = useToast();
  const products = useListProducts(undefined, { query: { select: selectProducts } });
  // The catalogue's ids once loaded: a row for a product it no longer has is refused before sending.
  const known = useRef<ReadonlySet<number> | undefined>(undefined);
  known.current = products.data ? new Set(products.data.map((product) => product.id)) : undefined;
  const resolver: Resolver<BotFormValues, unknown, BotFormOutput> = (values, context, options) =>
    zodResolver(botSettingsSchema(known.current))(withoutLeftovers(values), context, options) as ReturnType<
      Resolver<BotFormValues, unknown, BotFormOutput>
    >;
  const form = useForm<BotFormValues, unknown, BotFormOutput>({
    resolver,
    defaultValues: botSettingsToFormValues(settings),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    control,
    register,
    formState: { errors, isDirty },
  } = form;
  // Leaving the settings screen with unsaved chatbot settings asks first; a save makes them saved.
  useReportUnsaved('chatbot', isDirty);

  const saveOnce = useInFlight();
  const update = useUpdateBotSettings({
    mutation: {
      onSuccess: (_answer, { data }) => {
        // keepValues: what was typed while the save was under way stays.
        form.reset(botSettingsToFormValues(data), { keepValues: true });
        toast({ title: 'Chatbot settings saved', description: 'The bot uses them from the next customer message on.' });
      },
      onError: (error) =>
        toast({
          title: 'Chatbot settings not saved',
          description: serverMessage(error, 'Failed to save chatbot settings'),
          variant: 'destructive',
        }),
    },
  });
  // One save at a time, from the click to the answer: a double click sends once even when the
  // check of the entries (asynchronous) outlasts the gap between the clicks.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    saveOnce((settled) => {
      const send = (body: BotFormOutput) =>
        new Promise<void>((resolve) => update.mutate({ data: body }, { onSettled: () => resolve() }));
      void form.handleSubmit(send)(event).finally(settled);
    });
  };

  const enabled = useWatch({ control, name: 'enabled' });
  const rounds = useWatch({ control, name: 'bargaining.maxRounds' });
  const percent = useWatch({ control, name: 'bargaining.lowestPricePercent' });
  const greetingError = errors.greeting?.message;
  const greetingSwError = errors.greetingSw?.message;
  // A backend without the Swahili texts gets no Swahili fields (and none are sent to it).
  const swahiliGreeting = settings.greetingSw !== undefined;
  const roundsError = errors.bargaining?.maxRounds?.message;
  const percentError = errors.bargaining?.lowestPricePercent?.message;
  const saving = update.isPending;

  return (
    <FormProvider {...form}>
      <form className="bot-settings-form" onSubmit={submit} noValidate aria-busy={saving}>
        <Controller
          name="enabled"
          control={control}
          render={({ field }) => (
            <div className="settings-field">
              <div className="settings-switch">
                <InputSwitch
                  inputId="bot-enabled"
                  checked={field.value}
                  aria-describedby="bot-enabled-hint"
                  onChange={(event) => field.onChange(Boolean(event.value))}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                />
                <label htmlFor="bot-enabled">Let the bot answer customers</label>
              </div>
              <small id="bot-enabled-hint" className="settings-hint">
                {enabled
                  ? 'The bot answers from the catalogue, bargains within the limits below and hands over when a person is needed.'
                  : 'Off: the bot answers nothing itself; every new customer message is handed to staff.'}
              </small>
            </div>
          )}
        />
        <BotField
          id="bot-greeting"
          label="Greeting"
          hint={
            swahiliGreeting
              ? "The bot's answer to a hello from a customer writing English."
              : "The bot's answer to a customer's hello."
          }
          error={greetingError}
        >
          <InputTextarea
            id="bot-greeting"
            rows={3}
            autoResize
            invalid={!!greetingError}
            aria-invalid={greetingError ? true : undefined}
            aria-describedby={botDescribedBy('bot-greeting', { hint: true, error: greetingError })}
            {...register('greeting')}
          />
        </BotField>
        {swahiliGreeting && (
          <BotField
            id="bot-greeting-sw"
            label="Greeting (Swahili)"
            hint="The bot's answer to a hello from a customer writing Swahili or Sheng."
            error={greetingSwError}
          >
            <InputTextarea
              id="bot-greeting-sw"
              lang="sw"
              rows={3}
              autoResize
              invalid={!!greetingSwError}
              aria-invalid={greetingSwError ? true : undefined}
              aria-describedby={botDescribedBy('bot-greeting-sw', { hint: true, error: greetingSwError })}
              {...register('greetingSw')}
            />
          </BotField>
        )}
        <fieldset className="bot-fieldset">
          <legend>Bargaining</legend>
          <div className="bot-numbers">
            <BotField
              id="bot-rounds"
              label={`Rounds of bargaining (${ROUNDS_MIN}-${ROUNDS_MAX})`}
              hint={roundsHint(rounds)}
              error={roundsError}
            >
              <InputText
                id="bot-rounds"
                type="number"
                inputMode="numeric"
                min={ROUNDS_MIN}
                max={ROUNDS_MAX}
                step={1}
                invalid={!!roundsError}
                aria-invalid={roundsError ? true : undefined}
                aria-describedby={botDescribedBy('bot-rounds', { hint: true, error: roundsError })}
                {...register('bargaining.maxRounds')}
              />
            </BotField>
            <BotField
              id="bot-percent"
              label={`Lowest price (% of the starting price) (${PERCENT_MIN}-${PERCENT_MAX})`}
              hint={lowestPriceHint(percent)}
              error={percentError}
            >
              <InputText
                id="bot-percent"
                type="number"
                inputMode="numeric"
                min={PERCENT_MIN}
                max={PERCENT_MAX}
                step={1}
                invalid={!!percentError}
                aria-invalid={percentError ? true : undefined}
                aria-describedby={botDescribedBy('bot-percent', { hint: true, error: percentError })}
                {...register('bargaining.lowestPricePercent')}
              />
            </BotField>
          </div>
          <BotProductLimits products={products.data} loadError={products.isError} onRetry={products.refetch} />
        </fieldset>
        <BotBusinessHours swahili={settings.outOfHoursMessageSw !== undefined} />
        <div className="settings-actions">
          <Button
            type="submit"
            label={saving ? 'Saving...' : 'Save chatbot settings'}
            icon={saving ? 'pi pi-spin pi-spinner' : 'pi pi-save'}
            disabled={saving}
          />
        </div>
      </form>
    </FormProvider>
  );
}
