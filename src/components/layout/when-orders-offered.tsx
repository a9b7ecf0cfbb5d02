import type { ReactNode } from 'react';
import { useListOrders } from '../../api/generated/endpoints/orders/orders';
import { isMissing } from '../../api/error-message';

/** One order asked for: only whether the call is there matters. */
const ORDERS_PROBE_PARAMS = { limit: 1 } as const;

/**
 * Whether the backend offers orders (beyond the spec): GET /api/orders answers. A backend
 * without them answers 404 and Orders stays out of the sidebar; while the answer is on its way
 * it is left out too. Any other failure (a server error, no network) leaves it in: the screen
 * says what went wrong and offers Try again, and the rest of the shell is not affected.
 */
function useOrdersOffered(): boolean {
  const probe = useListOrders(ORDERS_PROBE_PARAMS, { query: { select: () => true } });
  if (probe.isPending) return false;
  return !isMissing(probe.error);
}

/** Its children (the sidebar's Orders entry) only when the backend offers orders. */
export function WhenOrdersOffered({ children }: { children: ReactNode }) {
  return useOrdersOffered() ? children : null;
}
