// The Business section's schema: the contract's body (openapi.yaml →
// updateBusinessProfileBody) read from what the inputs hold (numbers as
// typed), checked with messages a person understands, then piped into the
// contract's own field schemas, so a valid form gives exactly what the
// contract accepts.
import { z } from 'zod';
import type { BusinessProfile } from '../../api/generated/model/businessProfile';
import {
  updateBusinessProfileBody,
  updateBusinessProfileBodyAddressMax as ADDRESS_MAX,
  updateBusinessProfileBodyEmailMax as EMAIL_MAX,
  updateBusinessProfileBodyNameMax as NAME_MAX,
  updateBusinessProfileBodyPhoneMax as PHONE_MAX,
  updateBusinessProfileBodyQuoteDepositPercentMax as DEPOSIT_MAX,
  updateBusinessProfileBodyQuoteValidityDaysMax as VALIDITY_MAX,
} from '../../api/generated/zod/business/business.zod';

const contract = updateBusinessProfileBody.shape;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${label} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${label} must be a whole number from ${min} to ${max}`);

export const businessSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Business name is required')
    .max(NAME_MAX, `Business name must be at most ${NAME_MAX} characters`)
    .pipe(contract.name),
  phone: z.string().trim().max(PHONE_MAX, `Phone must be at most ${PHONE_MAX} characters`).pipe(contract.phone),
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter an email address, or leave it empty')
    .pipe(contract.email),
  address: z
    .string()
    .trim()
    .max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`)
    .pipe(contract.address),
  quoteDepositPercent: wholeNumber('Deposit', 0, DEPOSIT_MAX).pipe(contract.quoteDepositPercent),
  quoteValidityDays: wholeNumber('Valid for', 1, VALIDITY_MAX).pipe(contract.quoteValidityDays),
});

export type BusinessFormValues = z.input<typeof businessSchema>;
export type BusinessFormOutput = z.output<typeof businessSchema>;

export const businessToFormValues = (profile: BusinessProfile): BusinessFormValues => ({
  name: profile.name,
  phone: profile.phone,
  email: profile.email,
  address: profile.address,
  quoteDepositPercent: String(profile.quoteDepositPercent),
  quoteValidityDays: String(profile.quoteValidityDays),
});

export { ADDRESS_MAX, DEPOSIT_MAX, VALIDITY_MAX };
