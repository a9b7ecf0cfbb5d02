import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { useIncrementalList } from '../use-incremental-list';

const items = Array.from({ length: 250 }, (_, i) => i);

describe('useIncrementalList', () => {
  it('shows a page, then one more page each time, until the end', () => {
    const { result } = renderHook(() => useIncrementalList(items, 100));
    expect(result.current.visible).toHaveLength(100);
    expect(result.current.remaining).toBe(150);
    act(() => result.current.showMore());
    expect(result.current.visible).toHaveLength(200);
    act(() => result.current.showMore());
    expect(result.current.visible).toHaveLength(250);
    expect(result.current.remaining).toBe(0);
  });

  it('starts again from the first page when the reset key changes', () => {
    const { result, rerender } = renderHook(({ filter }) => useIncrementalList(items, 100, filter), {
      initialProps: { filter: 'a' },
    });
    act(() => result.current.showMore());
    expect(result.current.visible).toHaveLength(200);
    rerender({ filter: 'b' });
    expect(result.current.visible).toHaveLength(100);
  });

  it('keeps a short list whole', () => {
    const { result } = renderHook(() => useIncrementalList(items.slice(0, 7), 100));
    expect(result.current.visible).toHaveLength(7);
    expect(result.current.remaining).toBe(0);
  });
});

describe('useIncrementalList with a server that pages', () => {
  function pagedList() {
    const asked: number[] = [];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const hook = renderHook(
      () => {
        const query = useInfiniteQuery({
          queryKey: ['paged'],
          initialPageParam: 0,
          queryFn: async ({ pageParam }) => {
            asked.push(pageParam);
            await new Promise((resolve) => setTimeout(resolve, 20));
            return items.slice(pageParam, pageParam + 100);
          },
          getNextPageParam: (_last, pages) => {
            const loaded = pages.reduce((sum, page) => sum + page.length, 0);
            return loaded < items.length ? loaded : undefined;
          },
        });
        const list = useIncrementalList(query.data?.pages.flat() ?? [], 100, undefined, {
          hasNextPage: query.hasNextPage,
          isFetchingNextPage: query.isFetchingNextPage,
          isFetchNextPageError: query.isFetchNextPageError,
          fetchNextPage: query.fetchNextPage,
          total: items.length,
        });
        return list;
      },
      { wrapper },
    );
    return { hook, asked };
  }

  it('asks once for the next page when the scroll and a key press both ask before it arrives', async () => {
    const { hook, asked } = pagedList();
    await waitFor(() => expect(hook.result.current.visible).toHaveLength(100));
    act(() => {
      hook.result.current.showMore();
      hook.result.current.showMore();
    });
    await waitFor(() => expect(hook.result.current.visible).toHaveLength(200));
    expect(asked).toEqual([0, 100]);
    expect(hook.result.current.remaining).toBe(50);
  });
});
