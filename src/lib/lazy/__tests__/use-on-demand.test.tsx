import { renderHook, waitFor } from '@testing-library/react';
import { loadOnce } from '../load-once';
import { useOnDemand } from '../use-on-demand';

describe('useOnDemand', () => {
  it('downloads nothing until wanted, then answers the module; once loaded it is there at once', async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const code = loadOnce(load);
    const onFailed = vi.fn();
    const { result, rerender } = renderHook(({ wanted }) => useOnDemand(code, wanted, onFailed), {
      initialProps: { wanted: false },
    });
    expect(result.current).toBeUndefined();
    expect(load).not.toHaveBeenCalled();

    rerender({ wanted: true });
    await waitFor(() => expect(result.current).toEqual({ answer: 42 }));
    // Another component using the same code has it from its first render.
    const other = renderHook(() => useOnDemand(code, false, onFailed));
    expect(other.result.current).toEqual({ answer: 42 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('tells a failed download, and downloads again when wanted again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ answer: 42 });
    const code = loadOnce<{ answer: number }>(load);
    const onFailed = vi.fn();
    const { result, rerender } = renderHook(({ wanted }) => useOnDemand(code, wanted, onFailed), {
      initialProps: { wanted: true },
    });
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith(new Error('offline')));
    expect(result.current).toBeUndefined();

    rerender({ wanted: false });
    rerender({ wanted: true });
    await waitFor(() => expect(result.current).toEqual({ answer: 42 }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(onFailed).toHaveBeenCalledTimes(1);
  });
});
