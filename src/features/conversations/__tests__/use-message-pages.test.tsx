import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Message } from '../../../api/generated/model/message';
import { createQueryClient } from '../../../api/query-client';
import { invalidationsForEvent } from '../../../lib/realtime/events';
import { refetchAfterEvent } from '../../../lib/realtime/refetch';
import { pagedFetch } from '../../../test/paged-api';
import { messagesInOrder, useMessagePages } from '../use-message-pages';

const message = (n: number): Message => ({
  id: n,
  sender: 'customer',
  content: `Message ${n}`,
  timestamp: new Date(Date.UTC(2026, 10, 20, 8, 0, n)).toISOString(),
  messageType: 'text',
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const ids = (messages: Message[]) => [messages[0]?.id, messages.at(-1)?.id, messages.length];

/** Pages from the newest back, each oldest first: cursor "b<n>" ends the page before message n + 1. */
function newestFirst(all: () => Message[]) {
  const calls: string[] = [];
  const fetchStub = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.search);
    const list = all();
    const limit = Number(url.searchParams.get('limit'));
    const end = Number(/^b(\d+)$/.exec(url.searchParams.get('cursor') ?? '')?.[1] ?? list.length);
    const start = Math.max(0, end - limit);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (start > 0) headers.link = `<${url.pathname}?limit=${limit}&cursor=b${start}>; rel="next"`;
    return new Response(JSON.stringify(list.slice(start, end)), { headers });
  };
  return { fetchStub, calls };
}

function renderPages() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useMessagePages(102), { wrapper });
  const shown = () => messagesInOrder(hook.result.current.data);
  return { client, hook, shown };
}

afterEach(() => vi.unstubAllGlobals());

describe('useMessagePages', () => {
  it('a server that does not page: every message at once', async () => {
    const api = pagedFetch({ 'GET /api/conversations/102/messages': { items: () => range(1, 250), paging: false } });
    vi.stubGlobal('fetch', vi.fn(api.fetchStub));
    const { hook, shown } = renderPages();
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(ids(shown())).toEqual([1, 250, 250]);
    expect(hook.result.current.hasNextPage).toBe(false);
    expect(api.calls).toHaveLength(1);
  });

  it('pages from the newest back: the newest first, earlier pages on demand, put before', async () => {
    const api = newestFirst(() => range(1, 250));
    vi.stubGlobal('fetch', vi.fn(api.fetchStub));
    const { hook, shown } = renderPages();
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    // The newest page and the one before it (which shows the pages run back in time).
    expect(api.calls).toEqual(['?limit=100', '?limit=100&cursor=b150']);
    expect(ids(shown())).toEqual([51, 250, 200]);
    expect(hook.result.current.hasNextPage).toBe(true);

    await act(() => hook.result.current.fetchNextPage());
    expect(api.calls.at(-1)).toBe('?limit=100&cursor=b50');
    await waitFor(() => expect(ids(shown())).toEqual([1, 250, 250]));
    expect(hook.result.current.hasNextPage).toBe(false);
  });

  it("pages in the list's own order (oldest first): every page is read, so the newest are there", async () => {
    const api = pagedFetch({ 'GET /api/conversations/102/messages': { items: () => range(1, 250) } });
    vi.stubGlobal('fetch', vi.fn(api.fetchStub));
    const { hook, shown } = renderPages();
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(api.calls).toHaveLength(3);
    expect(ids(shown())).toEqual([1, 250, 250]);
    expect(hook.result.current.hasNextPage).toBe(false);
  });

  it('a conversation_update fetches the newest page again and keeps the earlier pages loaded', async () => {
    let all = range(1, 250);
    const api = newestFirst(() => all);
    vi.stubGlobal('fetch', vi.fn(api.fetchStub));
    const { client, hook, shown } = renderPages();
    // (Reading the data makes the hook re-render when it changes: React Query tracks what is read.)
    await waitFor(() => expect(shown()).toHaveLength(200));
    await act(() => hook.result.current.fetchNextPage());
    await waitFor(() => expect(ids(shown())).toEqual([1, 250, 250]));

    all = range(1, 253);
    api.calls.length = 0;
    await act(() =>
      Promise.all(
        invalidationsForEvent({ type: 'conversation_update', data: { id: 102 } }).map((filters) =>
          refetchAfterEvent(client, filters),
        ),
      ),
    );
    // Only the newest pages again (not the earlier page), and nothing lost or repeated.
    expect(api.calls).toEqual(['?limit=100', '?limit=100&cursor=b153']);
    await waitFor(() => expect(ids(shown())).toEqual([1, 253, 253]));
    const messages = shown();
    expect(new Set(messages.map((m) => m.id)).size).toBe(253);
    expect(messages.map((m) => m.id)).toEqual(range(1, 253).map((m) => m.id));
  });
});
