import { cloneElement, createContext, useContext, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { createPortal } from 'react-dom';

/** A tooltip opens after 700 ms (at once inside the sidebar); within 300 ms of one closing, the next opens at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** How long the pointer has to move from the trigger onto the tooltip (which it may, to read it). */
export const TOOLTIP_HOVER_GRACE_MS = 150;

export const TooltipDelayContext = createContext(TOOLTIP_DELAY_MS);
let lastClosedAt = -Infinity;
/** A tooltip the pointer has just left, still shown for the grace period: the next to open hides it. */
let closingTooltip: (() => void) | null = null;

type TriggerProps = {
  'aria-describedby'?: string;
  onMouseEnter?: (e: unknown) => void;
  onMouseLeave?: (e: unknown) => void;
  onFocus?: (e: unknown) => void;
  onBlur?: (e: unknown) => void;
};

export function Tooltip({
  content,
  side = 'bottom',
  disabled = false,
  children,
}: {
  content: string;
  side?: 'right' | 'bottom';
  disabled?: boolean;
  children: ReactElement<TriggerProps>;
}) {
  const delay = useContext(TooltipDelayContext);
  const id = useId();
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const target = useRef<Element | null>(null);

  useEffect(() => () => clearTimeout(timer.current), []);
  const shown = position !== null;
  // Escape hides an open tooltip without moving the pointer or the focus (WCAG 1.4.13). Taken
  // before anything else hears it (capture), so it does not also act as a shortcut.
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      clearTimeout(timer.current);
      lastClosedAt = performance.now();
      setPosition(null);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [shown]);
  if (disabled) return children;

  const open = (event: unknown) => {
    target.current = (event as { currentTarget: Element }).currentTarget;
    closingTooltip?.();
    closingTooltip = null;
    const wait = performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : delay;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const rect = target.current?.getBoundingClientRect();
      if (!rect) return;
      setPosition(
        side === 'right'
          ? { top: rect.top + rect.height / 2, left: rect.right + 8 }
          : { top: rect.bottom + 6, left: rect.left + rect.width / 2 },
      );
    }, wait);
  };
  const close = () => {
    clearTimeout(timer.current);
    // Closing after the grace period: it counts as closed from when the pointer left.
    if (closingTooltip === close) closingTooltip = null;
    else if (position) lastClosedAt = performance.now();
    setPosition(null);
  };
  // The pointer leaving the trigger may be on its way onto the tooltip.
  const closeSoon = () => {
    clearTimeout(timer.current);
    if (!position) return close();
    closingTooltip = close;
    lastClosedAt = performance.now();
    timer.current = setTimeout(close, TOOLTIP_HOVER_GRACE_MS);
  };
  const stay = () => {
    clearTimeout(timer.current);
    closingTooltip = null;
  };

  const trigger = cloneElement(children, {
    'aria-describedby': position ? id : undefined,
    onMouseEnter: open,
    onMouseLeave: closeSoon,
    onFocus: open,
    onBlur: close,
  });
  return (
    <>
      {trigger}
      {position &&
        createPortal(
          <div
            id={id}
            role="tooltip"
            className={`tooltip tooltip-${side}`}
            style={{ top: position.top, left: position.left }}
            onMouseEnter={stay}
            onMouseLeave={close}
          >
            {content}
          </div>,
          document.body,
        )}
    </>
  );
}
