import { screen, within } from '@testing-library/react';
import type { AnalyticsOverview } from '../../../api/generated/model/analyticsOverview';
import { json, renderRoutes, stubApi } from '../../../test/render';
import { AnalyticsPage } from '../analytics-page';

// The chart draws on a canvas jsdom does not have; the cards are what these tests read.
vi.mock('../volume-chart', () => ({ default: () => <p>chart</p> }));

// A fixed clock: the page names periods of days, never read from the machine's date here.
const NOW = Date.parse('2026-11-22T12:00:00.000Z');

// Young data: every conversation started in the last 30 days and had a message today, so Total,
// "last 30 days" and Active show the same figure.
const overview: AnalyticsOverview = {
  totalConversations: 185,
  conversationsLast30Days: 185,
  conversionRate: 0,
  averageResponseTime: 42,
  activeConversations: 185,
};

function renderAnalytics(answer: AnalyticsOverview) {
  const api = stubApi({
    'GET /api/analytics/overview': () => json(200, answer),
    'GET /api/analytics/products': () => json(200, { days: 30, mostViewed: [], mostInquired: [] }),
    'GET /api/analytics/timeline': () => json(200, []),
    // The Sales section has tests of its own (sales-section.test.tsx).
    'GET /api/analytics/sales': () => json(404, { message: 'Not found' }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchStub));
  return renderRoutes([{ path: '/analytics', element: <AnalyticsPage /> }], '/analytics');
}

const card = (name: string) => screen.getByRole('region', { name });

beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the overview cards say what they count', () => {
  it("keeps the spec's captions and shows under each card a definition that tells Total from Active", async () => {
    renderAnalytics(overview);
    expect(await within(card('Total Conversations')).findByText('+185 last 30 days')).toBeVisible();
    expect(card('Total Conversations')).toHaveTextContent('Every conversation customers have started, ever.');
    expect(card('Total Conversations')).toHaveAccessibleDescription('Every conversation customers have started, ever.');
    expect(card('Active Conversations')).toHaveTextContent('Currently ongoing conversations');
    expect(card('Active Conversations')).toHaveTextContent('Conversations with a message in the last 24 hours.');
    expect(card('Active Conversations')).toHaveAccessibleDescription(
      'Conversations with a message in the last 24 hours.',
    );
    expect(card('Conversion Rate')).toHaveTextContent('Conversations converted to sales');
    expect(card('Conversion Rate')).toHaveTextContent('Share of all conversations that ended in a sale.');
    // Without the staff's time (the spec's screen) the definition speaks of the bot only.
    expect(card('Avg Response Time')).toHaveTextContent('Average bot response time');
    expect(card('Avg Response Time')).toHaveTextContent("From a customer's message to the bot's answer.");
    expect(card('Avg Response Time')).not.toHaveTextContent('Staff');
    // No info button to find the definitions behind.
    expect(screen.queryByRole('button', { name: /counts/ })).toBeNull();
  });

  it("says the staff's first response runs from a hand-off to their first reply", async () => {
    renderAnalytics({ ...overview, staffAverageResponseTime: 1260 });
    const time = card('Avg Response Time');
    expect(await within(time).findByText('Staff first response: 21m')).toBeVisible();
    expect(time).toHaveAccessibleDescription(
      "From a customer's message to the bot's answer. Staff: from a hand-off to their first reply after it.",
    );
  });

  it('says when staff have answered no hand-off yet', async () => {
    renderAnalytics({ ...overview, conversationsLast30Days: 0, staffAverageResponseTime: null });
    expect(await within(card('Total Conversations')).findByText('No recent conversations')).toBeVisible();
    expect(card('Avg Response Time')).toHaveTextContent('Staff first response: no staff replies yet');
  });
});
