import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The sidebar as a modal sheet on phones (< 768 px): it takes focus, keeps Tab
 * inside, makes the page behind inert, closes on Escape or a tap outside, and
 * gives focus back to the control that opened it.
 */
export function MobileSheet({
  onClose,
  returnFocusTo,
  behind,
  children,
}: {
  onClose: () => void;
  /** The toggle that opened the sheet. */
  returnFocusTo: () => HTMLElement | null;
  /** The page behind the sheet, made inert while it is open. */
  behind: () => HTMLElement | null;
  children: ReactNode;
}) {
  const sheet = useRef<HTMLElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const element = sheet.current;
    const page = behind();
    page?.setAttribute('inert', '');
    sheet.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const toggle = returnFocusTo();
    return () => {
      page?.removeAttribute('inert');
      // After following a link the new screen's main area takes focus instead (see AppShell).
      const active = document.activeElement;
      if (!active || active === document.body || element?.contains(active)) toggle?.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opened once per mount; the getters are stable DOM look-ups
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close.current();
      return;
    }
    if (event.key !== 'Tab' || !sheet.current) return;
    const items = Array.from(sheet.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      <div className="sheet-overlay" onClick={onClose} aria-hidden="true" />
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a modal dialog handles Escape and keeps Tab inside itself */}
      <aside
        ref={sheet}
        className="sidebar sidebar-sheet"
        aria-label="Sidebar"
        role="dialog"
        aria-modal="true"
        onKeyDown={onKeyDown}
      >
        {children}
      </aside>
    </>
  );
}
