import { cloneElement, createContext, useContext, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { createPortal } from 'react-dom';

/** A tooltip opens after 700 ms (at once inside the sidebar); within 300 ms of one closing, the next opens at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const TooltipDelayContext = createContext(TOOLTIP_DELAY_MS);
let lastClosedAt = -Infinity;

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
  if (disabled) return children;

  const open = (event: unknown) => {
    target.current = (event as { currentTarget: Element }).currentTarget;
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
    if (position) lastClosedAt = performance.now();
    setPosition(null);
  };

  const trigger = cloneElement(children, {
    'aria-describedby': position ? id : undefined,
    onMouseEnter: open,
    onMouseLeave: close,
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
          >
            {content}
          </div>,
          document.body,
        )}
    </>
  );
}
