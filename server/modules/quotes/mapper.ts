// Quote rows (cents) as the contract's Quote (KES numbers).
import type { components } from '../../app/openapi/types';
import type { QuoteWithLines } from './repository';
import { toKes } from './money';
import type { AcceptedQuote } from './accepted';

export type Quote = components['schemas']['Quote'];
export type QuoteStatus = components['schemas']['QuoteStatus'];

const DAY_MS = 86_400_000;

/** The status as read at `now`: a sent quote is expired from its valid_until on. */
export const statusAt = (row: Pick<QuoteWithLines, 'status' | 'valid_until'>, now: Date): QuoteStatus =>
  row.status === 'sent' && row.valid_until !== null && row.valid_until.getTime() <= now.getTime()
    ? 'expired'
    : row.status;

/** valid_until once sent; for a draft (or one never sent), what it would be if sent now. */
export const validUntilOf = (row: Pick<QuoteWithLines, 'valid_until' | 'validity_days'>, now: Date) =>
  row.valid_until ?? new Date(now.getTime() + row.validity_days * DAY_MS);

export const validityEnd = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

export function toQuote(row: QuoteWithLines, now: Date): Quote {
  return {
    id: row.id,
    number: row.number,
    revision: row.revision,
    conversationId: row.conversation_id,
    customerName: row.customer_name,
    customerPhone: row.customer_address,
    status: statusAt(row, now),
    lines: row.lines.map((line) => ({
      productId: line.product_id,
      description: line.description,
      quantity: line.quantity,
      unitPrice: toKes(line.unit_price_cents),
      installationPerUnit: toKes(line.installation_cents),
      lineTotal: toKes(line.line_total_cents),
    })),
    subtotal: toKes(row.subtotal_cents),
    deliveryFee: toKes(row.delivery_fee_cents),
    deliveryZoneId: row.delivery_zone_id,
    deliveryTown: row.delivery_town,
    pickup: row.pickup,
    discount: toKes(row.discount_cents),
    total: toKes(row.total_cents),
    depositPercent: row.deposit_percent,
    deposit: toKes(row.deposit_cents),
    validityDays: row.validity_days,
    validUntil: validUntilOf(row, now).toISOString(),
    note: row.note,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    acceptedAt: row.accepted_at?.toISOString() ?? null,
    pdfUrl: `/api/quotes/${row.id}/pdf`,
    orderId: row.order_id,
  };
}

export function toAcceptedQuote(row: QuoteWithLines): AcceptedQuote {
  return {
    quoteId: row.id,
    quoteNumber: row.number,
    conversationId: row.conversation_id,
    lines: row.lines.map((line) => ({
      productId: line.product_id,
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: Number(line.unit_price_cents),
      installationCents: Number(line.installation_cents),
      lineTotalCents: Number(line.line_total_cents),
    })),
    deliveryZoneId: row.delivery_zone_id,
    deliveryTown: row.delivery_town,
    pickup: row.pickup,
    deliveryFeeCents: Number(row.delivery_fee_cents),
    discountCents: Number(row.discount_cents),
    totalCents: Number(row.total_cents),
    depositCents: Number(row.deposit_cents),
  };
}
