import { act, renderHook } from '@testing-library/react';
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
