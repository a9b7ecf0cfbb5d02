import { screen, waitFor, within } from '@testing-library/react';
import type { Conversation } from '../../../api/generated/model/conversation';
import type { Product } from '../../../api/generated/model/product';
import type { Summary } from '../../../api/generated/model/summary';
import { pagedFetch } from '../../../test/paged-api';
import { json, renderRoutes } from '../../../test/render';
import { DashboardPage } from '../dashboard-page';

// A fixed "now" (the page reads Date.now()): which conversations were active in the last 24 hours
// does not depend on the machine's date.
const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();
const product = (id: number, isActive: boolean): Product => ({
  id,
  name: `Slab ${id}`,
  category: 'granite',
  startingPrice: 8500,
  endingPrice: 12000,
  stock: 3,
  isActive,
  installationImageUrls: [],
});
const conversation = (id: number, status: Conversation['status'], lastMessageAt: string): Conversation => ({
  id,
  customerName: `Customer ${id}`,
  whatsappPhoneNumber: `+25472200${String(id).padStart(4, '0')}`,
  status,
  lastMessageAt,
  createdAt: '2026-11-01T10:00:00.000Z',
  productsMentioned: [],
});

const products = [product(1, true), product(2, false), product(3, true)];
// Active: a message in the last 24 hours (1 and 2); 2 and 3 wait for a human. 2 comes from a
// server that keeps what the customer last wrote; 3 from one that does not.
const conversations = [
  conversation(1, 'bot_active', hoursAgo(1)),
  {
    ...conversation(2, 'admin_required', hoursAgo(23)),
    customerName: null,
    lastCustomerMessagePreview: 'Ile kitu ya jana, bado iko?',
  },
  conversation(3, 'admin_required', hoursAgo(25)),
  conversation(4, 'admin_takeover', hoursAgo(100)),
];
const unread = Array.from({ length: 41 }, (_, i) => ({
  id: 100 + i,
  type: 'delivery_inquiry',
  message: 'Delivery?',
  isRead: false,
  createdAt: hoursAgo(1),
  conversationId: 2,
}));

function renderDashboard(summary: () => Response, unreadPaging = true) {
  const api = pagedFetch(
    {
      'GET /api/products': { items: () => products },
      'GET /api/conversations': { items: () => conversations },
      'GET /api/conversations/search': { items: () => conversations.filter((c) => c.status === 'admin_required') },
      'GET /api/notifications/unread': { items: () => unread, paging: unreadPaging },
    },
    { 'GET /api/summary': summary },
  );
  vi.stubGlobal('fetch', vi.fn(api.fetchStub));
  return { ...renderRoutes([{ path: '/', element: <DashboardPage /> }], '/'), calls: api.calls };
}

const counter = (name: string) => screen.getByRole('region', { name });
const figure = (name: string) => within(counter(name)).getByTestId('stat-value');
const caption = (name: string) => within(counter(name)).queryByTestId('stat-caption');

beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DashboardPage counters', () => {
  it('come from the summary, without fetching a list to count it', async () => {
    const summary: Summary = {
      totalProducts: 1300,
      activeProducts: 1100,
      totalConversations: 900,
      activeConversations: 42,
      conversationsNeedingAttention: 7,
      unreadNotifications: 5,
    };
    const { calls } = renderDashboard(() => json(200, summary));
    await waitFor(() => expect(figure('Active Products')).toHaveTextContent('1100'));
    expect(caption('Active Products')).toHaveTextContent('1300 total');
    expect(figure('Active Conversations')).toHaveTextContent('42');
    expect(caption('Active Conversations')).toHaveTextContent('7 need attention');
    await waitFor(() => expect(figure('Unread Notifications')).toHaveTextContent('41'));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3 + 2));
    expect(calls.sort()).toEqual([
      'GET /api/conversations/search?status=admin_required&limit=5',
      'GET /api/notifications/unread?limit=1',
      'GET /api/products?limit=5',
      'GET /api/summary',
    ]);
  });

  it('a backend that keeps quotes and orders adds how the sales stand, each leading to its list', async () => {
    const summary: Summary = {
      totalProducts: 13,
      activeProducts: 11,
      totalConversations: 12,
      activeConversations: 5,
      conversationsNeedingAttention: 7,
      unreadNotifications: 5,
      sales: { dealsAwaitingQuote: 2, ordersToDeliverThisWeek: 3, balanceOutstanding: 96150.5 },
    };
    renderDashboard(() => json(200, summary));
    await waitFor(() => expect(figure('Deals Awaiting a Quote')).toHaveTextContent('2'));
    expect(within(counter('Deals Awaiting a Quote')).getByRole('link', { name: 'View deals' })).toHaveAttribute(
      'href',
      '/conversations?deal=true',
    );
    expect(figure('Orders to Deliver This Week')).toHaveTextContent('3');
    expect(within(counter('Orders to Deliver This Week')).getByRole('link', { name: 'View orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
    expect(figure('Balance Outstanding')).toHaveTextContent('KES 96,150.5');
  });

  it('a summary without sales shows no sales counters', async () => {
    const summary: Summary = {
      totalProducts: 13,
      activeProducts: 11,
      totalConversations: 12,
      activeConversations: 5,
      conversationsNeedingAttention: 7,
      unreadNotifications: 5,
    };
    renderDashboard(() => json(200, summary));
    await waitFor(() => expect(figure('Active Products')).toHaveTextContent('11'));
    expect(screen.queryByRole('region', { name: 'Balance Outstanding' })).not.toBeInTheDocument();
  });

  it('a backend without the summary (404): the lists are fetched whole and counted', async () => {
    const { calls } = renderDashboard(() => json(404, { message: 'Not found' }));
    await waitFor(() => expect(figure('Active Products')).toHaveTextContent('2'));
    expect(caption('Active Products')).toHaveTextContent('3 total');
    await waitFor(() => expect(figure('Active Conversations')).toHaveTextContent('2'));
    expect(caption('Active Conversations')).toHaveTextContent('2 need attention');
    expect(calls).toContain('GET /api/products');
    expect(calls).toContain('GET /api/conversations');
  });

  it('any other failure of the summary leaves the counters unavailable, with Try again', async () => {
    const { calls } = renderDashboard(() => json(500, { message: 'boom' }));
    await waitFor(() => expect(figure('Active Products')).toHaveTextContent('Unavailable'));
    expect(figure('Active Conversations')).toHaveTextContent('Unavailable');
    expect(within(counter('Active Products')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(calls).not.toContain('GET /api/products');
    expect(calls).not.toContain('GET /api/conversations');
  });

  it('count the unread notifications with X-Total-Count (one asked for), else the whole array', async () => {
    const paged = renderDashboard(() => json(404, { message: 'Not found' }));
    await waitFor(() => expect(figure('Unread Notifications')).toHaveTextContent('41'));
    expect(screen.getByTestId('quick-unread-badge')).toHaveTextContent('41');
    paged.unmount();

    renderDashboard(() => json(404, { message: 'Not found' }), false);
    await waitFor(() => expect(figure('Unread Notifications')).toHaveTextContent('41'));
  });
});

describe('DashboardPage Pending Actions', () => {
  it('name the customer (else the number) and quote what they last wrote, when the server says', async () => {
    renderDashboard(() => json(404, { message: 'Not found' }));
    const panel = await screen.findByRole('region', { name: 'Pending Actions' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    // No name: the number stands in; the quote is on the card, whole, for screen readers and on hover.
    expect(items[0]).toHaveTextContent('+254722000002');
    const quote = within(items[0]).getByText(/Ile kitu ya jana/);
    expect(quote).toHaveTextContent('Customer wrote: “Ile kitu ya jana, bado iko?”');
    expect(quote).toHaveAttribute('title', '“Ile kitu ya jana, bado iko?”');
    // Without the field the item shows as the spec's: the name and the time.
    expect(items[1]).toHaveTextContent('Customer 3');
    expect(items[1]).not.toHaveTextContent('Customer wrote');
  });
});
