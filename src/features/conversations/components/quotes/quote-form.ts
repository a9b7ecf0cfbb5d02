// The quote builder's fields as typed, checked against the contract's limits
// (generated from openapi.yaml) with messages for a person, and the body they
// become. Amounts are never computed here: the server prices every line.
import type { Conversation } from '../../../../api/generated/model/conversation';
import type { Quote } from '../../../../api/generated/model/quote';
import type { QuoteInput } from '../../../../api/generated/model/quoteInput';
import {
  createQuoteBodyDepositPercentMax,
  createQuoteBodyDiscountMax,
  createQuoteBodyLinesItemQuantityMax,
  createQuoteBodyLinesItemUnitPriceMax,
  createQuoteBodyLinesMax,
  createQuoteBodyNoteMax,
  createQuoteBodyValidityDaysMax,
} from '../../../../api/generated/zod/quotes/quotes.zod';

export type LineFields = { productId: string; quantity: string; unitPrice: string; withInstallation: boolean };
export type QuoteFields = {
  lines: LineFields[];
  /** 'none', 'pickup', or a delivery zone's id. */
  delivery: string;
  discount: string;
  depositPercent: string;
  validityDays: string;
  note: string;
};
export type QuoteErrors = {
  lines: { productId?: string; quantity?: string; unitPrice?: string }[];
  discount?: string;
  depositPercent?: string;
  validityDays?: string;
  note?: string;
  form?: string;
};

export const LINES_MAX = createQuoteBodyLinesMax;
export const NOTE_MAX = createQuoteBodyNoteMax;

export const emptyLine = (): LineFields => ({ productId: '', quantity: '1', unitPrice: '', withInstallation: false });

/**
 * A new quote: the deal's product, quantity and price when the customer agreed one, and where it
 * goes when they said (pickup, or the zone named as the deal's town).
 */
export function fieldsFromDeal(
  conversation: Conversation | undefined,
  zones: readonly { id: number; name: string }[] = [],
): QuoteFields {
  const deal = conversation?.deal;
  const town = deal?.deliveryTown?.trim().toLowerCase();
  const zone = town ? zones.find((z) => z.name.trim().toLowerCase() === town) : undefined;
  const delivery = deal?.pickup ? 'pickup' : zone ? String(zone.id) : 'none';
  const line =
    deal && deal.productId != null
      ? {
          productId: String(deal.productId),
          quantity: String(deal.quantity ?? 1),
          unitPrice: String(deal.unitPrice),
          withInstallation: false,
        }
      : emptyLine();
  return { lines: [line], delivery, discount: '', depositPercent: '', validityDays: '', note: '' };
}

/** A draft being edited: its own values. */
export function fieldsFromQuote(quote: Quote): QuoteFields {
  return {
    lines: quote.lines
      .filter((line) => line.productId != null)
      .map((line) => ({
        productId: String(line.productId),
        quantity: String(line.quantity),
        unitPrice: String(line.unitPrice),
        withInstallation: line.installationPerUnit > 0,
      })),
    delivery: quote.pickup ? 'pickup' : quote.deliveryZoneId != null ? String(quote.deliveryZoneId) : 'none',
    discount: quote.discount > 0 ? String(quote.discount) : '',
    depositPercent: String(quote.depositPercent),
    validityDays: String(quote.validityDays),
    note: quote.note,
  };
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const WHOLE = /^\d+$/;

/** Every problem with what was typed, by field; none when `hasErrors` is false. */
export function quoteErrors(fields: QuoteFields): QuoteErrors {
  const errors: QuoteErrors = { lines: [] };
  fields.lines.forEach((line, index) => {
    const problems: QuoteErrors['lines'][number] = {};
    if (!line.productId) problems.productId = 'Choose a product';
    const quantity = line.quantity.trim();
    if (!WHOLE.test(quantity) || Number(quantity) < 1 || Number(quantity) > createQuoteBodyLinesItemQuantityMax)
      problems.quantity = `Quantity must be a whole number from 1 to ${createQuoteBodyLinesItemQuantityMax}`;
    const price = line.unitPrice.trim();
    if (price && (!AMOUNT.test(price) || Number(price) > createQuoteBodyLinesItemUnitPriceMax))
      problems.unitPrice = 'Unit price must be an amount in KES with at most two decimals';
    errors.lines[index] = problems;
  });
  const discount = fields.discount.trim();
  if (discount && (!AMOUNT.test(discount) || Number(discount) > createQuoteBodyDiscountMax))
    errors.discount = 'Discount must be an amount in KES with at most two decimals';
  const deposit = fields.depositPercent.trim();
  if (deposit && (!WHOLE.test(deposit) || Number(deposit) > createQuoteBodyDepositPercentMax))
    errors.depositPercent = `Deposit must be a whole percent from 0 to ${createQuoteBodyDepositPercentMax}`;
  const validity = fields.validityDays.trim();
  if (validity && (!WHOLE.test(validity) || Number(validity) < 1 || Number(validity) > createQuoteBodyValidityDaysMax))
    errors.validityDays = `Valid for must be from 1 to ${createQuoteBodyValidityDaysMax} days`;
  if (fields.note.length > NOTE_MAX) errors.note = `Note must be at most ${NOTE_MAX} characters`;
  return errors;
}

export const hasErrors = (errors: QuoteErrors) =>
  errors.lines.some((line) => Object.keys(line).length > 0) ||
  Object.keys(errors).some((key) => key !== 'lines' && errors[key as keyof QuoteErrors] !== undefined);

/** The body the contract takes; blank optional fields are left to the server's defaults. */
export function quoteBody(fields: QuoteFields): QuoteInput {
  const body: QuoteInput = {
    lines: fields.lines.map((line) => ({
      productId: Number(line.productId),
      quantity: Number(line.quantity),
      ...(line.unitPrice.trim() && { unitPrice: Number(line.unitPrice) }),
      withInstallation: line.withInstallation,
    })),
    pickup: fields.delivery === 'pickup',
    deliveryZoneId: fields.delivery === 'none' || fields.delivery === 'pickup' ? null : Number(fields.delivery),
    discount: fields.discount.trim() ? Number(fields.discount) : 0,
    note: fields.note,
  };
  if (fields.depositPercent.trim()) body.depositPercent = Number(fields.depositPercent);
  if (fields.validityDays.trim()) body.validityDays = Number(fields.validityDays);
  return body;
}
