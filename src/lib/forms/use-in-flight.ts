import { useCallback, useRef } from 'react';

/**
 * Guards an action against a second click that arrives before React has re-rendered its button
 * as busy (a double click does exactly that): `guard((settled) => mutation.mutate(vars,
 * { onSettled: settled }))` starts the action once and ignores further calls until it settles.
 */
export function useInFlight() {
  const busy = useRef(false);
  return useCallback((start: (settled: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    start(() => void (busy.current = false));
  }, []);
}
