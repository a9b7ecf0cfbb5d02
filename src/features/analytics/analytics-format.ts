export const TOP_PRODUCTS = 10;
export const TIMELINE_DAYS = 30;

/** The conversion rate as a percentage with one decimal, e.g. "12.5%". */
export const formatConversionRate = (rate: number) => `${rate.toFixed(1)}%`;

/** x-axis label: short month and day, e.g. "Nov 3". Dates are calendar days, so read them as UTC. */
export function formatTimelineDay(date: string): string {
  return new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
