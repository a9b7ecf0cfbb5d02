import { useRef, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { isMissing, serverMessage } from '../../../api/error-message';
import {
  useGetBusinessProfile,
  useUpdateBusinessProfile,
  useUploadBusinessLogo,
} from '../../../api/generated/endpoints/business/business';
import type { BusinessProfile } from '../../../api/generated/model/businessProfile';
import { LoadError } from '../../../components/ui/load-error';
import { useInFlight } from '../../../lib/forms/use-in-flight';
import { useToast } from '../../../lib/toast/toast-context';
import {
  ADDRESS_MAX,
  businessSchema,
  businessToFormValues,
  DEPOSIT_MAX,
  VALIDITY_MAX,
  type BusinessFormOutput,
  type BusinessFormValues,
} from '../business-schema';
import { useReportUnsaved } from '../unsaved-sections';
import { BotField, botDescribedBy } from './bot-field';

const apiBase: string = import.meta.env.VITE_API_BASE_URL ?? '';
/** The contract's limit on a logo (BusinessLogoForm): checked here too, so a big file is refused before it is sent. */
const LOGO_MAX_BYTES = 1024 * 1024;
const LOGO_TYPES = ['image/png', 'image/jpeg'];

/**
 * Beyond the spec: the business's name, contacts and logo as its quotes print them, and the
 * deposit and validity a new quote starts with. A backend without it (404) shows no section.
 */
export function BusinessSection() {
  const profile = useGetBusinessProfile();
  if (isMissing(profile.error)) return null;
  return (
    <section className="card settings-card" aria-labelledby="business-title">
      <h2 id="business-title">Business</h2>
      <p className="settings-hint">What quotes print at their head, and the terms a new quote starts with.</p>
      {profile.isPending ? (
        <p role="status">Loading business details...</p>
      ) : profile.isError ? (
        <LoadError message="Failed to load business details" onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <BusinessLogo profile={profile.data} />
          <BusinessForm profile={profile.data} />
        </>
      )}
    </section>
  );
}

function BusinessForm({ profile }: { profile: BusinessProfile }) {
  const toast = useToast();
  const form = useForm<BusinessFormValues, unknown, BusinessFormOutput>({
    resolver: zodResolver(businessSchema),
    defaultValues: businessToFormValues(profile),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    register,
    formState: { errors, isDirty },
  } = form;
  useReportUnsaved('business', isDirty);
  const saveOnce = useInFlight();
  const update = useUpdateBusinessProfile({
    mutation: {
      onSuccess: (saved) => {
        form.reset(businessToFormValues(saved), { keepValues: true });
        toast({ title: 'Business details saved', description: 'New quotes print them.' });
      },
      onError: (error) =>
        toast({
          title: 'Business details not saved',
          description: serverMessage(error, 'Failed to save business details'),
          variant: 'destructive',
        }),
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    saveOnce((settled) => {
      const send = (data: BusinessFormOutput) =>
        new Promise<void>((resolve) => update.mutate({ data }, { onSettled: () => resolve() }));
      void form.handleSubmit(send)(event).finally(settled);
    });
  };

  const field = (
    id: string,
    name: keyof BusinessFormValues,
    label: string,
    options: { hint?: string; type?: string; inputMode?: 'numeric' | 'email' | 'tel'; autoComplete?: string } = {},
  ) => {
    const error = errors[name]?.message;
    return (
      <BotField id={id} label={label} hint={options.hint} error={error}>
        <InputText
          id={id}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          autoComplete={options.autoComplete}
          invalid={!!error}
          aria-invalid={error ? true : undefined}
          aria-describedby={botDescribedBy(id, { hint: Boolean(options.hint), error })}
          {...register(name)}
        />
      </BotField>
    );
  };
  const addressError = errors.address?.message;

  return (
    <form className="business-form" onSubmit={submit} noValidate aria-busy={update.isPending}>
      {field('business-name', 'name', 'Business name', { autoComplete: 'organization' })}
      <div className="business-contacts">
        {field('business-phone', 'phone', 'Phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
        {field('business-email', 'email', 'Email', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
      </div>
      <BotField id="business-address" label="Address" error={addressError}>
        <InputTextarea
          id="business-address"
          rows={2}
          maxLength={ADDRESS_MAX}
          invalid={!!addressError}
          aria-invalid={addressError ? true : undefined}
          aria-describedby={botDescribedBy('business-address', { error: addressError })}
          {...register('address')}
        />
      </BotField>
      <div className="bot-numbers">
        {field('business-deposit', 'quoteDepositPercent', `Deposit on a new quote (0-${DEPOSIT_MAX} %)`, {
          inputMode: 'numeric',
          hint: 'What the customer pays before delivery.',
        })}
        {field('business-validity', 'quoteValidityDays', `Quote valid for (1-${VALIDITY_MAX} days)`, {
          inputMode: 'numeric',
          hint: 'Counted from the day it is sent.',
        })}
      </div>
      <div className="settings-actions">
        <Button
          type="submit"
          label={update.isPending ? 'Saving...' : 'Save business details'}
          icon={update.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-save'}
          disabled={update.isPending}
        />
      </div>
    </form>
  );
}

/** The logo quotes print: a PNG or JPEG of at most 1 MB, replaced by choosing another. */
function BusinessLogo({ profile }: { profile: BusinessProfile }) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadBusinessLogo();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const refuse = (description: string) => toast({ title: 'Logo not saved', description, variant: 'destructive' });
    if (!LOGO_TYPES.includes(file.type)) return refuse('The logo must be a PNG or JPEG image.');
    if (file.size > LOGO_MAX_BYTES) return refuse('The logo must be at most 1 MB.');
    try {
      await upload.mutateAsync({ data: { logo: file } });
      toast({ title: 'Logo saved', description: 'New quotes print it.' });
    } catch (error) {
      refuse(serverMessage(error, 'Failed to upload the logo'));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="business-logo settings-field">
      <span id="business-logo-label" className="settings-label">
        Logo
      </span>
      {profile.logoUrl ? (
        <img src={`${apiBase}${profile.logoUrl}`} alt={`${profile.name} logo`} width={160} height={80} />
      ) : (
        <p className="muted">No logo yet: quotes print the business name alone.</p>
      )}
      <div>
        <input
          ref={input}
          id="business-logo"
          type="file"
          accept="image/png,image/jpeg"
          aria-label="Logo file (PNG or JPEG, at most 1 MB)"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <Button
          type="button"
          outlined
          icon={upload.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-upload'}
          label={profile.logoUrl ? 'Replace logo' : 'Upload logo'}
          aria-describedby="business-logo-label"
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        />
      </div>
    </div>
  );
}
