import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '../../../api/generated/model/notification';
import { pagedFetch, type PagedRoute } from '../../../test/paged-api';
import { renderRoutes } from '../../../test/render';
import { NotificationsPage } from '../notifications-page';

const notification = (id: number, isRead: boolean): Notification => ({
  id,
  type: 'delivery_inquiry',
  message: `Customer ${id} asks about delivery`,
  isRead,
  createdAt: '2026-11-22T08:00:00.000Z',
  conversationId: 102,
});
const many = Array.from({ length: 150 }, (_, i) => notification(150 - i, i % 3 === 0));
const unread = many.filter((n) => !n.isRead);

function renderNotifications(unreadRoute: PagedRoute) {
  const api = pagedFetch({
    'GET /api/notifications': { items: () => many },
    'GET /api/notifications/unread': unreadRoute,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchStub));
  return { ...renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], '/notifications'), ...api };
}
const cards = () => screen.queryAllByTestId('notification-card');

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsPage, a page at a time', () => {
  it('counts every unread notification (X-Total-Count of one asked for), loaded or not; Show more appends the next page', async () => {
    const user = userEvent.setup();
    const { calls } = renderNotifications({ items: () => unread });
    await waitFor(() => expect(cards()).toHaveLength(100));
    expect(await screen.findByText('100 unread notifications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark All as Read' })).toBeInTheDocument();
    expect(calls).toContain('GET /api/notifications/unread?limit=1');
    expect(screen.getByText('Showing 100 of 150 notifications')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more notifications' }));
    await waitFor(() => expect(cards()).toHaveLength(150));
    expect(calls).toContain('GET /api/notifications?limit=100&cursor=p100');
    expect(screen.queryByRole('button', { name: 'Show more notifications' })).not.toBeInTheDocument();
  });

  it('a server that does not page: counts the unread array', async () => {
    renderNotifications({ items: () => unread.slice(0, 7), paging: false });
    expect(await screen.findByText('7 unread notifications')).toBeInTheDocument();
  });

  it("says 'All caught up' with nothing unread", async () => {
    renderNotifications({ items: () => [] });
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark All as Read' })).not.toBeInTheDocument();
  });

  it("View reads that conversation's unread notifications, and no other's", async () => {
    const user = userEvent.setup();
    const others = { ...notification(3, false), conversationId: 104 };
    const list = [notification(1, false), notification(2, true), others, notification(4, false)];
    const read = (id: number) => () =>
      new Response(JSON.stringify({ ...list.find((n) => n.id === id), isRead: true }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    const api = pagedFetch(
      {
        'GET /api/notifications': { items: () => list },
        'GET /api/notifications/unread': { items: () => list.filter((n) => !n.isRead) },
      },
      { 'PATCH /api/notifications/1/read': read(1), 'PATCH /api/notifications/4/read': read(4) },
    );
    vi.stubGlobal('fetch', vi.fn(api.fetchStub));
    renderRoutes(
      [
        { path: '/notifications', element: <NotificationsPage /> },
        { path: '/conversations/:id', element: <p>Conversation</p> },
      ],
      '/notifications',
    );
    await waitFor(() => expect(cards()).toHaveLength(4));
    await user.click(
      screen.getByRole('link', { name: 'View conversation: Delivery Inquiry, Customer 1 asks about delivery' }),
    );
    expect(await screen.findByText('Conversation')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.startsWith('PATCH'))).toEqual([
        'PATCH /api/notifications/1/read',
        'PATCH /api/notifications/4/read',
      ]),
    );
  });
});
