import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
// What the quotes module hands on when a customer accepts a quote (by replying
// yes on WhatsApp, or staff recording it): enough for an order to be made
// from it without reading the quote again. Amounts are whole cents.
export type AcceptedQuote = {
  quoteId: number;
  quoteNumber: string;
  conversationId: number;
  lines: {
    productId: number | null;
    description: string;
    quantity: number;
    unitPriceCents: number;
    installationCents: number;
    lineTotalCents: number;
  }[];
  deliveryZoneId: number | null;
  deliveryTown: string | null;
  pickup: boolean;
  deliveryFeeCents: number;
  discountCents: number;
  totalCents: number;
  depositCents: number;
};

export type AcceptedBy = { kind: 'customer' } | { kind: 'staff'; username: string };

/** Called once per accepted quote, after the acceptance is stored. */
export type OnQuoteAccepted = (quote: AcceptedQuote, by: AcceptedBy) => Promise<void> | void;

/**
 * A delivery zone's town, fee and lead time, as the delivery-zones module answers it; null when
 * unknown. `within`: the transaction the quote is priced in, read through (an embedded database
 * has one connection, which that transaction holds).
 */
export type DeliveryZoneLookup = (
  id: number,
  within?: Kysely<DB>,
) => Promise<{ name: string; feeCents: number; leadDays: number } | null>;
