import { loadOnce } from '../load-once';

describe('loadOnce', () => {
  it('downloads once however often it is used or preloaded', async () => {
    const load = vi.fn(async () => 42);
    const lazy = loadOnce(load);
    lazy.preload();
    expect(await lazy.get()).toBe(42);
    expect(await lazy.get()).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download, and a failed preload does not throw', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('ok');
    const lazy = loadOnce<string>(load);
    lazy.preload();
    await expect(lazy.get()).rejects.toThrow('offline');
    expect(await lazy.get()).toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('answers what it loaded once it has arrived, and nothing before', async () => {
    const lazy = loadOnce(async () => 42);
    expect(lazy.loaded()).toBeUndefined();
    const pending = lazy.get();
    expect(lazy.loaded()).toBeUndefined();
    await pending;
    expect(lazy.loaded()).toBe(42);
  });
});
