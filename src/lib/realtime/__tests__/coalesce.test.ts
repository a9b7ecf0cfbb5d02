import { createInvalidationBatcher } from '../coalesce';

const list = { queryKey: ['api', 'notifications'] };
const unread = { queryKey: ['api', 'notifications', 'unread'] };
const conversation = (id: number) => ({ queryKey: ['api', 'conversations', id] });
const products = { queryKey: ['api', 'products'] };

describe('createInvalidationBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('invalidates a single event at once', () => {
    const invalidate = vi.fn();
    createInvalidationBatcher(invalidate, 250).add([list, products]);
    expect(invalidate.mock.calls).toEqual([[list], [products]]);
  });

  it('gathers a burst into one invalidation per query at the end of each window', () => {
    const invalidate = vi.fn();
    const batcher = createInvalidationBatcher(invalidate, 250);
    // 200 events over one second, each naming the lists and one of five conversations.
    let callsBeforeLast = 0;
    for (let i = 0; i < 200; i += 1) {
      callsBeforeLast = invalidate.mock.calls.length;
      batcher.add([list, products, conversation(i % 5)]);
      vi.advanceTimersByTime(5);
    }
    vi.advanceTimersByTime(1000);
    const calls = (key: unknown) =>
      invalidate.mock.calls.filter(([f]) => JSON.stringify(f) === JSON.stringify(key)).length;
    // 1 at once + one per 250 ms window over the second that follows.
    expect(calls(list)).toBeLessThanOrEqual(5);
    expect(calls(products)).toBe(calls(list));
    expect(calls(conversation(3))).toBeLessThanOrEqual(5);
    // Five windows, each naming the two lists and the five conversations once.
    expect(invalidate.mock.calls.length).toBeLessThanOrEqual(5 * 7);
    // What the last event asked for is invalidated after it arrived, not lost in a batch.
    const after = invalidate.mock.calls.slice(callsBeforeLast).map(([f]) => JSON.stringify(f));
    expect(after).toContain(JSON.stringify(conversation(199 % 5)));
    expect(after).toContain(JSON.stringify(list));
  });

  it('acts on an event after a quiet window at once again', () => {
    const invalidate = vi.fn();
    const batcher = createInvalidationBatcher(invalidate, 250);
    batcher.add([list]);
    vi.advanceTimersByTime(600);
    invalidate.mockClear();
    batcher.add([unread]);
    expect(invalidate).toHaveBeenCalledWith(unread);
  });

  it('drops what waits when cancelled', () => {
    const invalidate = vi.fn();
    const batcher = createInvalidationBatcher(invalidate, 250);
    batcher.add([list]);
    batcher.add([unread]);
    batcher.cancel();
    vi.advanceTimersByTime(1000);
    expect(invalidate.mock.calls).toEqual([[list]]);
  });
});

describe('withoutCovered', () => {
  it('drops a query a broader prefix of the same batch refetches anyway', async () => {
    const { withoutCovered } = await import('../coalesce');
    const conversationsExact = { queryKey: ['api', 'conversations'], exact: true };
    expect(withoutCovered([unread, list, conversation(7), conversationsExact])).toEqual([
      list,
      conversation(7),
      conversationsExact,
    ]);
    // An exact filter covers only itself.
    expect(withoutCovered([conversationsExact, conversation(7)])).toEqual([conversationsExact, conversation(7)]);
  });
});
