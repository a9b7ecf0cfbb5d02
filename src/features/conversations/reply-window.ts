// WhatsApp's 24-hour customer service window (openapi.yaml:
// replyWindowClosesAt, beyond the spec). Free text reaches the customer only
// before it closes; at the very instant it closes, only an approved template.
import { useEffect, useState } from 'react';

/** A window with this long left or less is "closing": staff should answer first. */
export const CLOSING_MS = 2 * 60 * 60 * 1000;

export type ReplyWindow =
  /** The backend does not say (the field is absent): the composer works as the spec says. */
  { state: 'unknown' } | { state: 'closed' } | { state: 'open'; msLeft: number; closing: boolean };

export function replyWindow(closesAt: string | null | undefined, now: number): ReplyWindow {
  if (closesAt === undefined) return { state: 'unknown' };
  if (closesAt === null) return { state: 'closed' };
  const end = Date.parse(closesAt);
  if (Number.isNaN(end)) return { state: 'unknown' };
  if (now >= end) return { state: 'closed' };
  const msLeft = end - now;
  return { state: 'open', msLeft, closing: msLeft <= CLOSING_MS };
}

/**
 * The current time, renewed at each minute boundary (and at `deadline`, when
 * given, so a window closes on screen at its very instant). Reads Date.now(),
 * so a test's fake clock drives it.
 */
export function useNow(deadline?: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const current = Date.now();
    const end = deadline ? Date.parse(deadline) : NaN;
    const toMinute = 60_000 - (current % 60_000);
    const toEnd = end > current ? end - current : Infinity;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(1, Math.min(toMinute, toEnd)));
    return () => clearTimeout(timer);
  }, [now, deadline]);
  return now;
}
