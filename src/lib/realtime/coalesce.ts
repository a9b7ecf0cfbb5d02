import type { InvalidateQueryFilters } from '@tanstack/react-query';

export const COALESCE_WINDOW_MS = 250;

/**
 * Refetches for a stream of socket events, coalesced: the first event's queries are invalidated
 * at once (a single event is seen without delay); what the events of the next `windowMs` ask
 * for is gathered, the same query named once, and invalidated when the window ends. A burst of
 * 200 events in a second then costs each list a handful of fetches instead of 200.
 */
export function createInvalidationBatcher(
  invalidate: (filters: InvalidateQueryFilters) => void,
  windowMs = COALESCE_WINDOW_MS,
) {
  const pending = new Map<string, InvalidateQueryFilters>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    if (pending.size === 0) return;
    const batch = withoutCovered([...pending.values()]);
    pending.clear();
    for (const filters of batch) invalidate(filters);
    // Events that come while this window runs wait for its end.
    timer = setTimeout(flush, windowMs);
  };

  return {
    add(filters: readonly InvalidateQueryFilters[]) {
      for (const f of filters) pending.set(JSON.stringify(f), f);
      if (timer === undefined) flush();
    },
    /** Drops what is waiting (the socket's owner is going away). */
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}

const isPrefix = (prefix: readonly unknown[], key: readonly unknown[]) =>
  prefix.length <= key.length && prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

/**
 * Leaves out a filter another one of the batch already covers: ['api','notifications'] (not
 * exact) refetches ['api','notifications','unread'] too, and naming both would fetch it twice.
 */
export function withoutCovered(batch: readonly InvalidateQueryFilters[]): InvalidateQueryFilters[] {
  const broad = batch.filter((f) => !f.exact && Object.keys(f).every((k) => k === 'queryKey' || k === 'exact'));
  return batch.filter(
    (f) =>
      !broad.some(
        (other) =>
          other !== f &&
          other.queryKey !== undefined &&
          f.queryKey !== undefined &&
          isPrefix(other.queryKey, f.queryKey),
      ),
  );
}
