import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation } from '../../../api/generated/model/conversation';
import { refetchAfterEvent } from '../../../lib/realtime/refetch';
import { invalidationsForEvent } from '../../../lib/realtime/events';
import { renderRoutes } from '../../../test/render';
import { pagedFetch } from '../../../test/paged-api';
import { ConversationsPage } from '../conversations-page';

const conversation = (n: number, lastMessageAt = '2026-11-22T10:00:00.000Z'): Conversation => ({
  id: n,
  customerName: `Customer ${n}`,
  whatsappPhoneNumber: `+2547${String(10_000_000 + n).slice(-8)}`,
  status: 'bot_active',
  lastMessageAt,
  createdAt: '2026-11-01T10:00:00.000Z',
  productsMentioned: [],
});
const many = Array.from({ length: 250 }, (_, i) => conversation(i + 1));

const cards = () => [...document.querySelectorAll('.conversation-list h2')].map((h) => h.textContent);

function renderList(path: string, routes: Parameters<typeof pagedFetch>[0]) {
  const api = pagedFetch(routes);
  vi.stubGlobal('fetch', vi.fn(api.fetchStub));
  return { ...renderRoutes([{ path: '/conversations', element: <ConversationsPage /> }], path), calls: api.calls };
}

/** The list's own calls (the hand-offs' search, beyond the spec, is left out). */
const listCalls = (calls: string[]) => calls.filter((call) => !call.startsWith('GET /api/conversations/search'));

afterEach(() => vi.unstubAllGlobals());

describe('ConversationsPage, a page at a time', () => {
  it('asks for the first page; Show more fetches the next one and appends it', async () => {
    const user = userEvent.setup();
    const { calls } = renderList('/conversations', { 'GET /api/conversations': { items: () => many } });
    await waitFor(() => expect(cards()).toHaveLength(100));
    expect(screen.getByText('Showing 100 of 250 conversations')).toBeInTheDocument();
    expect(listCalls(calls)).toEqual(['GET /api/conversations?limit=100']);
    // The hand-offs lifted above the list: asked for once (this backend has no search: none shown).
    expect(calls.filter((call) => call.includes('/search'))).toEqual([
      'GET /api/conversations/search?status=admin_required&limit=5&order=waiting',
    ]);
    expect(screen.queryByRole('heading', { name: /Needs a person/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more conversations' }));
    await waitFor(() => expect(cards()).toHaveLength(200));
    expect(cards().slice(98, 102)).toEqual(['Customer 99', 'Customer 100', 'Customer 101', 'Customer 102']);
    expect(listCalls(calls)).toEqual([
      'GET /api/conversations?limit=100',
      'GET /api/conversations?limit=100&cursor=p100',
    ]);

    await user.click(screen.getByRole('button', { name: 'Show more conversations' }));
    await waitFor(() => expect(cards()).toHaveLength(250));
    expect(screen.queryByRole('button', { name: 'Show more conversations' })).not.toBeInTheDocument();
  });

  it('a server that does not page: everything on one page, rendered 100 at a time without another request', async () => {
    const user = userEvent.setup();
    const { calls } = renderList('/conversations', {
      'GET /api/conversations': { items: () => many, paging: false },
    });
    await waitFor(() => expect(cards()).toHaveLength(100));
    await user.click(screen.getByRole('button', { name: 'Show more conversations' }));
    expect(cards()).toHaveLength(200);
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('counts the results with X-Total-Count, else the array', async () => {
    renderList('/conversations?status=bot_active', {
      'GET /api/conversations/search': { items: () => many },
    });
    expect(await screen.findByText('250 results')).toBeInTheDocument();
    expect(cards()).toHaveLength(100);
  });

  it('counts the array of a server that does not count', async () => {
    renderList('/conversations?status=bot_active', {
      'GET /api/conversations/search': { items: () => many.slice(0, 3), total: false },
    });
    expect(await screen.findByText('3 results')).toBeInTheDocument();
  });

  it('a server that pages without counting: the count says more follow', async () => {
    renderList('/conversations?status=bot_active', {
      'GET /api/conversations/search': { items: () => many, total: false },
    });
    expect(await screen.findByText('100+ results')).toBeInTheDocument();
    expect(screen.getByText('Showing 100 of 100+ conversations')).toBeInTheDocument();
  });

  it('a socket event merges a fresh first page and keeps the pages loaded below it', async () => {
    const user = userEvent.setup();
    let list = many;
    const { calls, queryClient } = renderList('/conversations', { 'GET /api/conversations': { items: () => list } });
    await waitFor(() => expect(cards()).toHaveLength(100));
    await user.click(screen.getByRole('button', { name: 'Show more conversations' }));
    await waitFor(() => expect(cards()).toHaveLength(200));

    // Customer 150 writes: the server lists it first now.
    list = [conversation(150, '2026-11-23T08:00:00.000Z'), ...many.filter((c) => c.id !== 150)];
    calls.length = 0;
    await act(() =>
      Promise.all(
        invalidationsForEvent({ type: 'conversation_update', data: { id: 150 } }).map((filters) =>
          refetchAfterEvent(queryClient, filters),
        ),
      ),
    );
    // Focus is in the list (on Show more): the change waits behind "1 new" and moves no card.
    const waiting = await screen.findByRole('button', { name: '1 new: show the latest conversations' });
    expect(cards()[0]).toBe('Customer 1');
    const said = 'New conversation activity: the "new" button at the top of the list shows it.';
    expect(screen.getByText(said)).toHaveAttribute('role', 'status');
    await user.click(waiting);
    await waitFor(() => expect(cards()[0]).toBe('Customer 150'));
    expect(screen.queryByText(said)).not.toBeInTheDocument();
    expect(listCalls(calls)).toEqual(['GET /api/conversations?limit=100']);
    const shown = cards();
    expect(shown).toHaveLength(200);
    expect(shown.filter((name) => name === 'Customer 150')).toHaveLength(1);
    // Customer 100, pushed past the first page, is still there, and the second page goes on.
    expect(shown.slice(99, 102)).toEqual(['Customer 99', 'Customer 100', 'Customer 101']);
    expect(shown.at(-1)).toBe('Customer 200');
    const more = screen.getByRole('button', { name: 'Show more conversations' });
    expect(within(more.parentElement!).getByText('Showing 200 of 250 conversations')).toBeInTheDocument();
  });
});

describe('the Deals view', () => {
  const deal = {
    productId: 1,
    productName: 'Tan Brown Granite',
    unitPrice: 7050,
    quantity: 3,
    agreedBy: 'bot' as const,
    agreedAt: '2026-11-22T10:00:00.000Z',
  };

  it('is offered by a backend that keeps deals; ticking it searches deal=true and names it as a filter', async () => {
    const user = userEvent.setup();
    const withDeals = many.slice(0, 3).map((c, i) => ({ ...c, deal: i === 1 ? deal : null }));
    const { calls } = renderList('/conversations', {
      'GET /api/conversations': { items: () => withDeals },
      'GET /api/conversations/search': { items: () => withDeals.filter((c) => c.deal) },
    });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('checkbox', { name: 'Deals' }));
    expect(await screen.findByText('1 result')).toBeInTheDocument();
    expect(calls.filter((call) => call.includes('deal=true'))).toEqual([
      expect.stringMatching(/^GET \/api\/conversations\/search\?.*deal=true/),
    ]);
    expect(screen.getByRole('group', { name: 'Active filters' })).toHaveTextContent('Deals');
    expect(cards()).toEqual(['Customer 2']);
  });

  it('is not offered by a backend whose conversations carry no deal field', async () => {
    const user = userEvent.setup();
    renderList('/conversations', { 'GET /api/conversations': { items: () => many.slice(0, 3) } });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.queryByRole('checkbox', { name: 'Deals' })).not.toBeInTheDocument();
  });
});
