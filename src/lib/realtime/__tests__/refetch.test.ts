import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { refetchAfterEvent } from '../refetch';

describe('refetchAfterEvent', () => {
  it('fetches again when the event comes while the first load is still on the way', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const answers = [[] as number[], [231, 230]];
    let calls = 0;
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const queryFn = async () => {
      const answer = answers[calls++];
      if (calls === 1) await firstHeld; // the first answer was computed before the event
      return answer;
    };
    const observer = new QueryObserver(client, { queryKey: ['api', 'notifications', 'unread'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(calls).toBe(1));

    const refetched = refetchAfterEvent(client, { queryKey: ['api', 'notifications'] });
    releaseFirst();
    await refetched;

    expect(calls).toBe(2);
    expect(client.getQueryData(['api', 'notifications', 'unread'])).toEqual([231, 230]);
    unsubscribe();
  });
});

describe('refetchAfterEvent on a list loaded a page at a time', () => {
  type Page = { data: { id: number }[]; headers: Headers };
  const page = (ids: number[], next?: string): Page => ({
    data: ids.map((id) => ({ id })),
    headers: new Headers(next ? { link: `</x?cursor=${next}>; rel="next"` } : {}),
  });

  it('fetches the first page only and keeps the later pages, without an item twice', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const server: Record<string, Page> = { first: page([3, 2], 'a'), a: page([1, 0]) };
    const asked: string[] = [];
    const observer = new InfiniteQueryObserver(client, {
      queryKey: ['infinate', 'api', 'notifications', { limit: 2 }],
      queryFn: async ({ pageParam }: { pageParam: string | undefined }) => {
        asked.push(pageParam ?? 'first');
        return server[pageParam ?? 'first'];
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: Page) => /cursor=(\w+)/.exec(last.headers.get('link') ?? '')?.[1],
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));
    await observer.fetchNextPage();

    server.first = page([1, 4], 'b');
    asked.length = 0;
    await refetchAfterEvent(client, { queryKey: ['infinate', 'api', 'notifications'] });
    expect(asked).toEqual(['first']);
    const data = observer.getCurrentResult().data!;
    expect(data.pages.map((p) => p.data.map((i) => i.id))).toEqual([
      [1, 4],
      [3, 2, 0],
    ]);
    expect(data.pageParams).toEqual([undefined, 'a']);
    unsubscribe();
  });

  it('marks a list off screen for its next visit instead of fetching it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const key = ['infinate', 'api', 'notifications', { limit: 2 }];
    client.setQueryData(key, { pages: [page([1])], pageParams: [undefined] });
    const queryFn = vi.fn();
    client.getQueryCache().find({ queryKey: key })!.setOptions({ queryKey: key, queryFn });
    await refetchAfterEvent(client, { queryKey: ['infinate', 'api', 'notifications'] });
    expect(queryFn).not.toHaveBeenCalled();
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
