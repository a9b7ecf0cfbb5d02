// The product form's schema: the contract's create body (openapi.yaml →
// createProductBody) with messages a person understands and UI-only rules. Each
// field is read from what the inputs hold (text, null for "none", files),
// checked with a message a person understands, then piped into the
// contract's own field schema, so the output is what the contract accepts.
import { z } from 'zod';
import {
  createProductBody,
  createProductBodyDescriptionMax,
  createProductBodyDescriptionSwMax,
  createProductBodyDimensionsMax,
  createProductBodyNameMax,
  createProductBodyStartingPriceRegExp,
} from '../../api/generated/zod/products/products.zod';

const contract = createProductBody.shape;
/** The contract's price text: up to nine digits and two decimals (steps of 0.01). */
const PRICE_PATTERN = createProductBodyStartingPriceRegExp;

export const MESSAGES = {
  nameRequired: 'Product name is required',
  startingPriceRequired: 'Starting price is required',
  endingPriceRequired: 'Ending price is required',
  priceFormat: 'Enter an amount in KES of 0 or more with at most two decimals, e.g. 8500 or 8500.50',
  endingBelowStarting: 'Ending price cannot be lower than the starting price',
  stock: 'Stock must be a whole number of 0 or more',
  tooLong: (max: number) => `Use at most ${max} characters`,
  notAnImage: 'Choose an image file',
} as const;

/** "8500.", " .5 " → "8500", "0.5": what people type, in the contract's form. */
export function normalizeAmount(value: string): string {
  return value.trim().replace(/^\./, '0.').replace(/\.$/, '');
}

/** A contract field that takes text (or nothing, when optional). */
type ContractText = z.ZodType<string | undefined, string | undefined>;

const emptyToUndefined = (value: string) => (value === '' ? undefined : value);

/** Optional free text: trimmed, empty omitted. */
const optionalText = <T extends ContractText>(max: number, field: T) =>
  z.string().trim().max(max, MESSAGES.tooLong(max)).transform(emptyToUndefined).pipe(field);

/** A price as typed; `requiredMessage` makes it required, otherwise empty is omitted. */
function price<T extends ContractText>(field: T, requiredMessage?: string) {
  return z
    .string()
    .transform(normalizeAmount)
    .superRefine((value, ctx) => {
      if (value === '') {
        if (requiredMessage) ctx.addIssue({ code: 'custom', message: requiredMessage });
      } else if (!PRICE_PATTERN.test(value)) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.priceFormat });
      }
    })
    .transform(emptyToUndefined)
    .pipe(field);
}

const image = z.custom<File>((value) => value instanceof File && value.type.startsWith('image/'), MESSAGES.notAnImage);

export const productFormSchema = createProductBody
  .extend({
    name: z
      .string()
      .trim()
      .min(1, MESSAGES.nameRequired)
      .max(createProductBodyNameMax, MESSAGES.tooLong(createProductBodyNameMax))
      .pipe(contract.name),
    category: contract.category,
    dimensions: optionalText(createProductBodyDimensionsMax, contract.dimensions),
    description: optionalText(createProductBodyDescriptionMax, contract.description),
    descriptionSw: optionalText(createProductBodyDescriptionSwMax, contract.descriptionSw),
    startingPrice: price(contract.startingPrice, MESSAGES.startingPriceRequired),
    endingPrice: price(contract.endingPrice, MESSAGES.endingPriceRequired),
    color: contract.color.nullable().transform((value) => value ?? undefined),
    installationPricePerSlab: price(contract.installationPricePerSlab),
    material: contract.material.nullable().transform((value) => value ?? undefined),
    bowlConfiguration: contract.bowlConfiguration.nullable().transform((value) => value ?? undefined),
    stock: z.string().trim().regex(/^\d+$/, MESSAGES.stock).transform(Number).pipe(contract.stock.unwrap()),
    isActive: contract.isActive,
    productImage: image
      .nullable()
      .transform((file) => file ?? undefined)
      .pipe(contract.productImage),
    installationImages: z.array(image).pipe(contract.installationImages.unwrap()),
  })
  .superRefine((values, ctx) => {
    // A range whose end is below its start is a typo.
    const { startingPrice, endingPrice } = values;
    // Only two well-formed prices are compared; a malformed one has its own message.
    if (!startingPrice || !endingPrice || !PRICE_PATTERN.test(startingPrice) || !PRICE_PATTERN.test(endingPrice))
      return;
    if (Number(endingPrice) < Number(startingPrice)) {
      ctx.addIssue({ code: 'custom', path: ['endingPrice'], message: MESSAGES.endingBelowStarting });
    }
  });

/** What the inputs hold. */
export type ProductFormValues = z.input<typeof productFormSchema>;
/** What a valid form gives: the contract's types, empty values left out. */
export type ProductFormOutput = z.output<typeof productFormSchema>;
