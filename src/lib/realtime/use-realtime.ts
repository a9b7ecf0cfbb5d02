import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../toast/toast-context';
import { loadOnce } from '../lazy/load-once';
import { connectRealtime } from './connection';
import type * as Reader from './read-messages';

// Reading a frame (zod and the message schemas) and acting on it (the event's refetches) download
// a little after the shell has painted, or with the first frame if one comes sooner; frames are
// read, in order, once they have. The socket opens at once.
const reader = loadOnce(() => import('./read-messages'));

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** Keeps the socket open while the signed-in shell is mounted; returns its state. */
export function useRealtime(): RealtimeStatus {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');

  useEffect(() => {
    let active = true;
    let refetch: ReturnType<typeof Reader.createInvalidationBatcher> | undefined;
    const handle = (read: typeof Reader, raw: string) => {
      if (!active) return;
      const parsed = read.parseRealtimeMessage(raw);
      if (!parsed.ok) {
        console.warn(`Realtime message ignored (${parsed.reason}):`, raw);
        return;
      }
      const { event, ignored } = parsed;
      // A newer server may send more than this version knows: act on the rest, tell developers.
      if (ignored.length > 0 && import.meta.env.DEV) {
        console.warn(`Realtime ${event.type}: ignored field(s) ${ignored.join(', ')}:`, raw);
      }
      refetch ??= read.createInvalidationBatcher((filters) => void read.refetchAfterEvent(queryClient, filters));
      refetch.add(read.invalidationsForEvent(event));
      if (event.type === 'notification') {
        // Beyond the spec: a price the customer agreed with the chatbot is good news, not an alarm.
        if (event.data.type === 'deal_accepted')
          toast({ title: 'Deal Accepted', description: event.data.message, variant: 'default' });
        else toast({ title: 'New Admin Action Required', description: event.data.message, variant: 'destructive' });
      }
    };
    const notLoaded = (error: unknown) => console.warn('Realtime message not read: its reader did not load', error);
    reader.preloadLater();
    const disconnect = connectRealtime({
      baseDelayMs: 500,
      maxDelayMs: 15_000,
      onStatus: setStatus,
      onMessage: (raw) => void reader.get().then((read) => handle(read, raw), notLoaded),
      // Events sent while the socket was down are gone: refetch everything on screen.
      onReconnect: () =>
        void reader.get().then((read) => active && void read.refetchAfterEvent(queryClient), notLoaded),
      // Closed because the session ended: signed out the way a 401 signs out, no reconnecting.
      onSessionEnded: () => reader.get().then((read) => read.confirmSessionEnded(queryClient)),
    });
    return () => {
      active = false;
      disconnect();
      refetch?.cancel();
    };
  }, [queryClient, toast]);
  return status;
}
