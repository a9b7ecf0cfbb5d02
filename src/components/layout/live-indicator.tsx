import type { RealtimeStatus } from '../../lib/realtime/use-realtime';
import { Tooltip } from '../ui/tooltip';

const labels: Record<RealtimeStatus, string> = {
  open: 'Live updates: connected',
  connecting: 'Live updates: connecting…',
  closed: 'Live updates: reconnecting…',
};

/** Staff can see whether new customer events will arrive on their own. */
export function LiveIndicator({ status }: { status: RealtimeStatus }) {
  return (
    <Tooltip content={labels[status]}>
      <span className={`live-indicator live-${status}`} role="status" aria-label={labels[status]}>
        <span className="live-dot" aria-hidden="true" />
        <span className="live-text">
          {status === 'open' ? 'Live' : status === 'connecting' ? 'Connecting' : 'Offline'}
        </span>
      </span>
    </Tooltip>
  );
}
