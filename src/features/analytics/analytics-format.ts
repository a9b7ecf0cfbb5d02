export const TOP_PRODUCTS = 10;
export const TIMELINE_DAYS = 30;

/** The periods the chart and the tables can cover (beyond the spec); the spec's 30 days by default. */
export const PERIODS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIODS)[number];

export const periodLabel = (days: number) => `Last ${days} days`;

/**
 * What the top-10 tables say about their period: the days the backend counted (it echoes
 * `days`, beyond the spec). A backend that ignores `days` answers with its own figures: at the
 * spec's 30 days nothing is said (as the spec's screen), otherwise that the tables are not
 * narrowed to the chosen period.
 */
export function productsPeriod(data: { days?: number }, chosen: number): string | undefined {
  if (data.days !== undefined) return periodLabel(data.days);
  if (chosen === TIMELINE_DAYS) return undefined;
  return `Not narrowed to the last ${chosen} days: this server counts these over its own period.`;
}

/**
 * What each overview card counts, in a short sentence shown under the card (and its
 * description): the captions are the spec's, these say what lies behind the figures.
 */
export const CARD_DEFINITIONS = {
  'Total Conversations': 'Every conversation customers have started, ever.',
  'Conversion Rate': 'Share of all conversations that ended in a sale.',
  'Avg Response Time': "From a customer's message to the bot's answer.",
  'Active Conversations': 'Conversations with a message in the last 24 hours.',
} as const;

/** Added to the response time's definition when the backend reports the staff's time. */
export const STAFF_RESPONSE_DEFINITION = 'Staff: from a hand-off to their first reply after it.';

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
