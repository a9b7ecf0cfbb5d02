// The business profile quotes print: name, contacts, logo, and the deposit and
// validity a new quote starts with. One row, written on the first save; until
// then the defaults (the name the dashboard shows).
import type { Kysely, Selectable } from 'kysely';
import type { components } from '../../app/openapi/types';
import type { BusinessProfileTable, DB } from '../../db/schema';
import { badRequest } from '../../app/errors';
import type { ImageStore } from '../products/images';
import { sniffImage } from '../products/images';

export type BusinessProfile = components['schemas']['BusinessProfile'];
export type BusinessProfileInput = components['schemas']['BusinessProfileInput'];

/** The dashboard's default business name (VITE_BUSINESS_NAME's default, src/lib/config.ts). */
export const DEFAULT_BUSINESS_NAME = 'Stone & Sinks';
export const DEFAULT_PROFILE: BusinessProfile = {
  name: DEFAULT_BUSINESS_NAME,
  phone: '',
  email: '',
  address: '',
  logoUrl: null,
  quoteDepositPercent: 50,
  quoteValidityDays: 14,
};
export const MAX_LOGO_BYTES = 1024 * 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const toProfile = (row: Selectable<BusinessProfileTable>): BusinessProfile => ({
  name: row.name,
  phone: row.phone,
  email: row.email,
  address: row.address,
  logoUrl: row.logo_url,
  quoteDepositPercent: row.quote_deposit_percent,
  quoteValidityDays: row.quote_validity_days,
});

export function businessService(db: Kysely<DB>, deps: { images: ImageStore; now: () => Date }) {
  const current = async (): Promise<BusinessProfile> => {
    const row = await db.selectFrom('business_profile').selectAll().where('id', '=', 1).executeTakeFirst();
    return row ? toProfile(row) : { ...DEFAULT_PROFILE };
  };
  /** Writes the row (made from the defaults on the first save) and answers it. */
  const write = async (values: Partial<Omit<Selectable<BusinessProfileTable>, 'id'>>) => {
    const row = await db
      .insertInto('business_profile')
      .values({ name: DEFAULT_PROFILE.name, ...values, id: 1, updated_at: deps.now() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updated_at: deps.now() }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return toProfile(row);
  };
  return {
    current,
    async update(input: BusinessProfileInput): Promise<BusinessProfile> {
      const name = input.name.trim();
      if (name === '') throw badRequest('The business name cannot be blank');
      const email = input.email.trim();
      if (email !== '' && !EMAIL.test(email)) throw badRequest('Email must be an email address, or empty');
      return write({
        name,
        phone: input.phone.trim(),
        email,
        address: input.address.trim(),
        quote_deposit_percent: input.quoteDepositPercent,
        quote_validity_days: input.quoteValidityDays,
      });
    },
    /** A PNG or JPEG of at most 1 MB, judged by its bytes; the logo before it is removed. */
    async setLogo(bytes: Buffer | undefined): Promise<BusinessProfile> {
      if (!bytes || bytes.length === 0) throw badRequest('Choose a logo image to upload');
      if (bytes.length > MAX_LOGO_BYTES) throw badRequest('The logo must be 1 MB or smaller');
      const type = sniffImage(bytes);
      if (!type || (type.ext !== 'png' && type.ext !== 'jpg')) throw badRequest('The logo must be a PNG or JPEG image');
      const before = (await current()).logoUrl;
      const url = await deps.images.save(bytes, type);
      const profile = await write({ logo_url: url });
      if (before && before !== url) await deps.images.remove(before);
      return profile;
    },
  };
}

export type BusinessService = ReturnType<typeof businessService>;
