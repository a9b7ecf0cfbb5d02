import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../../api/query-client';
import type { Notification } from '../../../api/generated/model/notification';
import { ToastContext, type ToastInput } from '../../../lib/toast/toast-context';
import { notificationListKey, unreadCountKey, useMarkAllRead, useMarkRead } from '../use-mark-read';

const n = (id: number, isRead: boolean): Notification => ({
  id,
  type: 'delivery_inquiry',
  message: `Message ${id}`,
  isRead,
  createdAt: '2026-11-22T08:00:00.000Z',
  conversationId: 100 + id,
});
const list = [n(3, false), n(2, false), n(1, true)];
const unread = [n(3, false), n(2, false)];

/** fetch answers held back until the test resolves them. */
let answers: Array<(response: Response) => void>;
let requests: Array<{ url: string; method: string }>;
let client: QueryClient;
let toasts: ToastInput[];

beforeEach(() => {
  answers = [];
  requests = [];
  toasts = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    requests.push({ url, method: init.method ?? 'GET' });
    return new Promise<Response>((resolve) => answers.push(resolve));
  });
  client = createQueryClient();
  // The notifications page's first page, and the unread answer the badges count (whole: a server that does not page).
  client.setQueryData(notificationListKey, {
    pages: [{ data: list, headers: new Headers() }],
    pageParams: [undefined],
  });
  client.setQueryData(unreadCountKey, { data: unread, headers: new Headers() });
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>
    <ToastContext.Provider value={(toast) => toasts.push(toast)}>{children}</ToastContext.Provider>
  </QueryClientProvider>
);
type Pages = { pages: { data: Notification[]; headers: Headers }[] };
const cached = () => ({
  list: client.getQueryData<Pages>(notificationListKey)!.pages.flatMap((page) => page.data),
  unread: client.getQueryData<{ data: Notification[] }>(unreadCountKey)!.data,
  unreadTotal: client.getQueryData<{ headers: Headers }>(unreadCountKey)!.headers.get('x-total-count'),
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('useMarkRead', () => {
  it('marks the notification read in both lists before the server answers', async () => {
    const { result } = renderHook(() => useMarkRead(), { wrapper });
    act(() => result.current.mutate({ id: 3 }));
    await waitFor(() => expect(requests).toEqual([{ url: '/api/notifications/3/read', method: 'PATCH' }]));
    expect(cached().list.map((x) => x.isRead)).toEqual([true, false, true]);
    expect(cached().unread.map((x) => x.id)).toEqual([2]);
  });

  it('puts both lists back and shows an error toast when the server refuses', async () => {
    const { result } = renderHook(() => useMarkRead(), { wrapper });
    act(() => result.current.mutate({ id: 3 }));
    await waitFor(() => expect(answers).toHaveLength(1));
    act(() => answers[0]!(json({ message: 'Not found' }, 404)));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(cached().list).toEqual(list);
    expect(cached().unread).toEqual(unread);
    expect(toasts).toEqual([
      { title: 'Error', description: 'Failed to mark the notification as read', variant: 'destructive' },
    ]);
  });

  it('marks the list and the unread list for refetch after success', async () => {
    const { result } = renderHook(() => useMarkRead(), { wrapper });
    act(() => result.current.mutate({ id: 3 }));
    await waitFor(() => expect(answers).toHaveLength(1));
    act(() => answers[0]!(json({ ...n(3, true) })));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(client.getQueryState(notificationListKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(unreadCountKey)?.isInvalidated).toBe(true);
  });
});

describe('with a server that pages', () => {
  it('lowers X-Total-Count of the unread answer at once: one for one, zero for all', async () => {
    client.setQueryData(unreadCountKey, { data: [n(3, false)], headers: new Headers({ 'x-total-count': '42' }) });
    const one = renderHook(() => useMarkRead(), { wrapper });
    act(() => one.result.current.mutate({ id: 3 }));
    await waitFor(() => expect(cached().unreadTotal).toBe('41'));
    expect(cached().unread).toEqual([]);

    const all = renderHook(() => useMarkAllRead(), { wrapper });
    act(() => all.result.current.mutate());
    await waitFor(() => expect(cached().unreadTotal).toBe('0'));
  });

  it('does not count a notification already read', async () => {
    client.setQueryData(unreadCountKey, { data: [n(3, false)], headers: new Headers({ 'x-total-count': '42' }) });
    const { result } = renderHook(() => useMarkRead(), { wrapper });
    act(() => result.current.mutate({ id: 1 }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(cached().unreadTotal).toBe('42');
  });
});

describe('useMarkAllRead', () => {
  it('marks everything read and empties the unread list at once; a failure puts them back', async () => {
    const { result } = renderHook(() => useMarkAllRead(), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(requests).toEqual([{ url: '/api/notifications/mark-all-read', method: 'POST' }]));
    expect(cached().list.every((x) => x.isRead)).toBe(true);
    expect(cached().unread).toEqual([]);

    act(() => answers[0]!(json({ message: 'boom' }, 500)));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(cached().list).toEqual(list);
    expect(cached().unread).toEqual(unread);
    expect(toasts).toEqual([
      { title: 'Error', description: 'Failed to mark all notifications as read', variant: 'destructive' },
    ]);
  });
});
