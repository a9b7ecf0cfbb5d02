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

/** What each overview card counts, in a sentence (the info button's tooltip, and the card's description). */
export const CARD_DEFINITIONS: Record<string, string> = {
  'Total Conversations':
    'Every conversation a customer has started with the chatbot, ever; below, those started in the last 30 days.',
  'Conversion Rate':
    'The share of all conversations that ended in a sale (the chatbot marks a sale when it closes), as a percentage.',
  'Avg Response Time':
    "How long the bot takes on average to answer a customer's message; the staff's time to answer, where shown, counts an admin's reply straight after a customer's message.",
  'Active Conversations': 'Conversations with a message in the last 24 hours.',
};

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
