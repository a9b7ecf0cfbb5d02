// How long a failed job waits before its next attempt: the one backoff of
// every durable queue (the outbox, the webhook worker, the media downloads).

export type Backoff = {
  /** The wait after the first failure, before jitter; doubled for each failure after. */
  firstMs: number;
  /** The longest wait, before jitter. */
  maxMs: number;
  /**
   * The wait is the doubled delay times a factor drawn between these two
   * (default [0.5, 1]: between half and all of it), so that many jobs failing
   * together do not come back together.
   */
  jitter?: readonly [number, number];
};

/**
 * Milliseconds before attempt `failures + 1`: firstMs × 2^(failures − 1), at
 * most maxMs, times the jitter factor. `random` (0 ≤ x < 1) is injectable so
 * that tests can fix it.
 */
export function backoff(failures: number, policy: Backoff, random: () => number = Math.random): number {
  const full = Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, failures - 1));
  const [low, high] = policy.jitter ?? [0.5, 1];
  return Math.round(full * (low + (high - low) * random()));
}
