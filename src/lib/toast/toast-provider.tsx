import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { ToastContext, type ToastInput } from './toast-context';

export const TOAST_DURATION_MS = 5000;
/** A toast dragged this far to the right is dismissed. */
export const SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

interface ActiveToast extends ToastInput {
  id: number;
}

/**
 * The app's one toast region: one toast at a time (a new one
 * replaces the last), 5 s by default, swipe right to dismiss, F8 focuses the
 * region; at the top on mobile, bottom-right from 768 px.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ActiveToast | null>(null);
  const nextId = useRef(1);
  const regionRef = useRef<HTMLOListElement>(null);

  const show = useCallback((input: ToastInput) => setToast({ ...input, id: nextId.current++ }), []);
  const dismiss = useCallback(() => setToast(null), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <ol ref={regionRef} className="toast-viewport" tabIndex={-1} aria-label={`Notifications (${TOAST_HOTKEY})`}>
        {toast && <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />}
      </ol>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ActiveToast; onDismiss: () => void }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(onDismiss, toast.duration ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, onDismiss, toast.duration]);

  const onPointerDown = (event: ReactPointerEvent) => {
    start.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset >= SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
  };

  const destructive = toast.variant === 'destructive';
  return (
    <li
      className={`toast ${destructive ? 'toast-destructive' : 'toast-default'}`}
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-variant={toast.variant ?? 'default'}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast-text">
        <div className="toast-title">{toast.title}</div>
        {toast.description && <div className="toast-description">{toast.description}</div>}
      </div>
      <button type="button" className="toast-close" aria-label="Close" onClick={onDismiss}>
        <i className="pi pi-times" aria-hidden="true" />
      </button>
    </li>
  );
}
