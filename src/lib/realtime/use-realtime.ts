import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../toast/toast-context';
import { connectRealtime } from './connection';
import { invalidationsForEvent, parseRealtimeMessage } from './events';

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** Keeps the socket open while the signed-in shell is mounted; returns its state. */
export function useRealtime(): RealtimeStatus {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');

  useEffect(
    () =>
      connectRealtime({
        baseDelayMs: 500,
        maxDelayMs: 15_000,
        onStatus: setStatus,
        onMessage: (raw) => {
          const parsed = parseRealtimeMessage(raw);
          if (!parsed.ok) {
            console.warn(`Realtime message ignored (${parsed.reason}):`, raw);
            return;
          }
          const { event, ignored } = parsed;
          // A newer server may send more than this version knows: act on the rest, tell developers.
          if (ignored.length > 0 && import.meta.env.DEV) {
            console.warn(`Realtime ${event.type}: ignored field(s) ${ignored.join(', ')}:`, raw);
          }
          for (const filters of invalidationsForEvent(event)) void queryClient.invalidateQueries(filters);
          if (event.type === 'notification') {
            toast({ title: 'New Admin Action Required', description: event.data.message, variant: 'destructive' });
          }
        },
        // Events sent while the socket was down are gone: refetch everything on screen.
        onReconnect: () => void queryClient.invalidateQueries({ refetchType: 'active' }),
      }),
    [queryClient, toast],
  );
  return status;
}
