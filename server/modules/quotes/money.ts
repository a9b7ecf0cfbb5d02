// Money of quotes: every amount is whole cents, computed in BigInt so no sum
// rounds, and turned into KES numbers (two decimals at most) only for JSON.
import { badRequest } from '../../app/errors';

/** KES (two decimals at most) as whole cents; more decimals are a 400 naming the field. */
export function toCents(kes: number, field: string): bigint {
  const cents = Math.round(kes * 100);
  // Exact at any size: an amount written with two decimals is the double nearest
  // cents / 100, which is what the division gives; one with more decimals is not.
  if (!Number.isFinite(kes) || kes < 0 || !Number.isSafeInteger(cents) || cents / 100 !== kes)
    throw badRequest(`${field} must be an amount in KES with at most 2 decimals`);
  return BigInt(cents);
}

/** Cents (a bigint, a number, or the text PostgreSQL gives a bigint column) as KES. */
export const toKes = (cents: bigint | number | string): number => Number(BigInt(cents)) / 100;

/** "KES 13,800.00" */
export function formatKes(cents: bigint | number | string): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}KES ${whole}.${fraction}`;
}

export type PricedLine = { quantity: number; unitPriceCents: bigint; installationCents: bigint };
export type QuoteAmounts = {
  lineTotals: bigint[];
  subtotal: bigint;
  total: bigint;
  deposit: bigint;
};

/**
 * lineTotal = quantity × (unitPrice + installation); subtotal = Σ lineTotal;
 * total = subtotal + delivery − discount; deposit = total × percent / 100,
 * rounded half up to the cent. A discount above subtotal + delivery is a 400.
 */
export function quoteAmounts(
  lines: readonly PricedLine[],
  deliveryFeeCents: bigint,
  discountCents: bigint,
  depositPercent: number,
): QuoteAmounts {
  const lineTotals = lines.map((line) => BigInt(line.quantity) * (line.unitPriceCents + line.installationCents));
  const subtotal = lineTotals.reduce((sum, value) => sum + value, 0n);
  const before = subtotal + deliveryFeeCents;
  if (discountCents > before)
    throw badRequest(
      `The discount (${formatKes(discountCents)}) is more than the subtotal and delivery (${formatKes(before)})`,
    );
  const total = before - discountCents;
  // Half up: total ≥ 0, so adding 50 before the integer division rounds .5 up.
  const deposit = (total * BigInt(depositPercent) + 50n) / 100n;
  return { lineTotals, subtotal, total, deposit };
}

/** "Q00042": the sequence's value, at least five digits. */
export const quoteNumber = (value: number | bigint | string) => `Q${String(value).padStart(5, '0')}`;
