import { formatTimeLeft } from '../../../lib/format/duration';
import type { ReplyWindow } from '../reply-window';

type Known = Exclude<ReplyWindow, { state: 'unknown' }>;

/**
 * Beside the composer: the time left to answer in free text, or that only a
 * template can reach the customer now. The minutes are not announced as they
 * tick; a screen reader hears when the window starts closing and when it closes.
 */
export function ReplyWindowStatus({ state }: { state: Known }) {
  const closing = state.state === 'open' && state.closing;
  const announce = state.state === 'closed' ? 'Reply window closed' : closing ? 'Reply window closing' : '';
  return (
    <div className={`reply-window-status reply-window-${closing ? 'closing' : state.state}`}>
      <i className={state.state === 'closed' ? 'pi pi-lock' : 'pi pi-clock'} aria-hidden="true" />
      {state.state === 'open' ? (
        <span>Reply window: {formatTimeLeft(state.msLeft)} left</span>
      ) : (
        <span>
          The 24-hour reply window has closed. WhatsApp accepts only an approved template until the customer writes
          again.
        </span>
      )}
      <span className="sr-only" role="status">
        {announce}
      </span>
    </div>
  );
}
