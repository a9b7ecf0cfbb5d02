// Analytics → Sales (beyond the spec): the period's revenue, quotes that became orders and the
// average discount, for the period chosen on the page; nothing from a backend without them.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesAnalytics } from '../../../api/generated/model/salesAnalytics';
import { json, renderRoutes, stubApi } from '../../../test/render';
import { AnalyticsPage } from '../analytics-page';

vi.mock('../volume-chart', () => ({ default: () => <p>chart</p> }));

const figures = (days: 7 | 30 | 90): SalesAnalytics => ({
  days,
  ordersConfirmed: days === 7 ? 1 : 14,
  revenueConfirmed: days === 7 ? 41400 : 612450,
  paymentsReceived: 405200.5,
  quotesSent: 21,
  quotesConverted: 14,
  quoteConversionRate: 66.7,
  dealsAgreed: days === 7 ? 0 : 23,
  averageDiscountPercent: days === 7 ? null : 6.4,
});

function renderPage(sales: (days: number) => Response) {
  const urls: string[] = [];
  const api = stubApi({
    'GET /api/analytics/overview': () =>
      json(200, {
        totalConversations: 1,
        conversationsLast30Days: 1,
        conversionRate: 0,
        averageResponseTime: 1,
        activeConversations: 1,
      }),
    'GET /api/analytics/products': () => json(200, { days: 30, mostViewed: [], mostInquired: [] }),
    'GET /api/analytics/timeline': () => json(200, []),
    'GET /api/analytics/sales': () => sales(Number(new URL(urls.at(-1)!, 'http://x').searchParams.get('days'))),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(String(input));
      return api.fetchStub(input, init);
    }),
  );
  renderRoutes([{ path: '/analytics', element: <AnalyticsPage /> }], '/analytics');
  return { urls };
}

afterEach(() => vi.unstubAllGlobals());

describe('Analytics: Sales', () => {
  it('shows the period’s revenue, payments, quote conversion and average discount, and follows the period', async () => {
    const user = userEvent.setup();
    const { urls } = renderPage((days) => json(200, figures(days as 7 | 30 | 90)));
    const section = await screen.findByRole('region', { name: 'Sales' });
    await within(section).findByText('KES 612,450');
    expect(section).toHaveTextContent('Last 30 days');
    expect(section).toHaveTextContent('Revenue confirmedKES 612,45014 orders');
    expect(section).toHaveTextContent('Payments receivedKES 405,200.5');
    expect(section).toHaveTextContent('Quotes that became orders66.7%14 of 21 sent');
    expect(section).toHaveTextContent('Average discount from the starting price6.4%23 deals agreed');

    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await within(section).findByText('KES 41,400');
    expect(section).toHaveTextContent('1 order');
    expect(section).toHaveTextContent('No deals yet');
    expect(urls.filter((url) => url.includes('/api/analytics/sales'))).toEqual([
      '/api/analytics/sales?days=30',
      '/api/analytics/sales?days=7',
    ]);
  });

  it('is not shown by a backend without quotes and orders', async () => {
    const { urls } = renderPage(() => json(404, { message: 'Not found' }));
    await waitFor(() => expect(urls.some((url) => url.includes('/api/analytics/sales'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('Loading sales...')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Sales' })).not.toBeInTheDocument();
  });

  it('says when the figures could not be fetched, with Try again', async () => {
    renderPage(() => json(500, { message: 'Internal server error' }));
    const section = await screen.findByRole('region', { name: 'Sales' });
    expect(await within(section).findByText('Failed to fetch sales')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: /Try again/ })).toBeInTheDocument();
  });
});
