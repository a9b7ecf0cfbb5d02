// Dates in the browser's own locale and time zone.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** "2026-11-22" in local time, for file names such as products-export-2026-11-22.csv. */
export function isoDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
/** A calendar day in the browser's locale, e.g. "Nov 5, 2026". */
export const formatDate = (value: Date | string): string =>
  date.format(typeof value === 'string' ? new Date(value) : value);
