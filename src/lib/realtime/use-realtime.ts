import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../toast/toast-context';
import { loadOnce } from '../lazy/load-once';
import { createInvalidationBatcher } from './coalesce';
import { connectRealtime } from './connection';
import { invalidationsForEvent } from './events';
import { refetchAfterEvent } from './refetch';
import { confirmSessionEnded } from './session-ended';
import type { ParseResult } from './parse-message';

// zod and the message schemas download a little after the shell has painted (or with the first
// frame, if one comes sooner); frames are read, in order, once they have.
const parser = loadOnce(() => import('./parse-message').then((m) => m.parseRealtimeMessage));

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** Keeps the socket open while the signed-in shell is mounted; returns its state. */
export function useRealtime(): RealtimeStatus {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');

  useEffect(() => {
    const refetch = createInvalidationBatcher((filters) => void refetchAfterEvent(queryClient, filters));
    const handle = (raw: string, parsed: ParseResult) => {
      if (!parsed.ok) {
        console.warn(`Realtime message ignored (${parsed.reason}):`, raw);
        return;
      }
      const { event, ignored } = parsed;
      // A newer server may send more than this version knows: act on the rest, tell developers.
      if (ignored.length > 0 && import.meta.env.DEV) {
        console.warn(`Realtime ${event.type}: ignored field(s) ${ignored.join(', ')}:`, raw);
      }
      refetch.add(invalidationsForEvent(event));
      if (event.type === 'notification') {
        toast({ title: 'New Admin Action Required', description: event.data.message, variant: 'destructive' });
      }
    };
    parser.preloadLater();
    const disconnect = connectRealtime({
      baseDelayMs: 500,
      maxDelayMs: 15_000,
      onStatus: setStatus,
      onMessage: (raw) =>
        void parser.get().then(
          (parse) => handle(raw, parse(raw)),
          (error: unknown) => console.warn('Realtime message not read: its parser did not load', error),
        ),
      // Events sent while the socket was down are gone: refetch everything on screen.
      onReconnect: () => void refetchAfterEvent(queryClient),
      // Closed because the session ended: signed out the way a 401 signs out, no reconnecting.
      onSessionEnded: () => confirmSessionEnded(queryClient),
    });
    return () => {
      disconnect();
      refetch.cancel();
    };
  }, [queryClient, toast]);
  return status;
}
