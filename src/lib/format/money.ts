// Every amount in the app is in Kenyan shillings (KES). One formatter for the whole app.
const kes = new Intl.NumberFormat('en-KE', {
  style: 'currency',
  currency: 'KES',
  currencyDisplay: 'code',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const plain = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** "KES 8,500" / "KES 24,500.5" */
export function formatKES(amount: number): string {
  return kes.format(amount).replace(/\u00a0/g, ' ');
}

/** A number with thousands separators and up to two decimals, without the currency: "8,500". */
export function formatAmount(amount: number): string {
  return plain.format(amount);
}

/** A price range reads 'start - end KES', e.g. "8,500 - 12,000 KES". */
export function formatPriceRange(start: number, end: number): string {
  return `${formatAmount(start)} - ${formatAmount(end)} KES`;
}
