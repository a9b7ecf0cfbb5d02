// Single-key shortcuts for a busy inbox (j/k, t, /, g then a letter, ?). A
// shortcut never fires while the user types in a field, inside a dialog (it
// has its own keys), with Ctrl, Alt or Cmd held (those belong to the browser
// and the system), or when something else has already handled the key.
import { useEffect, useRef } from 'react';

/** Where a key press is text or belongs to a control of its own. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('[role="dialog"], [role="alertdialog"], [role="listbox"], [role="menu"]')) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    // A switch or a checkbox takes Space, not letters: shortcuts still work from there.
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  }
  return target.closest('[contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]') !== null;
}

/** The key a shortcut is bound to ('j', '/', '?', 'Escape'), or null when this press is not one. */
export function shortcutKey(event: KeyboardEvent): string | null {
  if (event.defaultPrevented || event.isComposing || event.repeat) return null;
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  return event.key;
}

export type ShortcutBindings = Record<string, (event: KeyboardEvent) => void>;

/**
 * Listens for the bound keys while mounted (and `enabled`). A bound key's
 * default action is prevented, so "/" does not open the browser's quick find.
 */
export function useKeyboardShortcuts(bindings: ShortcutBindings, enabled = true) {
  // The latest bindings, so callers may pass a new object on each render.
  const latest = useRef(bindings);
  useEffect(() => {
    latest.current = bindings;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const key = shortcutKey(event);
      const handler = key === null ? undefined : latest.current[key];
      if (!handler) return;
      event.preventDefault();
      handler(event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/**
 * Moves focus to the next (+1) or previous (-1) of `items` from the one that
 * has focus, or to the first when none has; stays at either end.
 */
export function moveFocus(items: readonly HTMLElement[], step: 1 | -1) {
  if (items.length === 0) return;
  const current = items.findIndex((item) => item === document.activeElement || item.contains(document.activeElement));
  const next = current === -1 ? 0 : Math.min(items.length - 1, Math.max(0, current + step));
  items[next].focus();
  items[next].scrollIntoView?.({ block: 'nearest' });
}
