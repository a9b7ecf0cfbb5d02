// The shell's keyboard shortcuts: "g" then a letter goes to a screen, "?"
// lists every shortcut in a dialog (shortcuts-dialog.tsx, the one place that
// documents them all, the screens' own included).
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { shortcutKey } from '../../lib/keyboard/shortcuts';
import { loadOnce } from '../../lib/lazy/load-once';
import { useOnDemand } from '../../lib/lazy/use-on-demand';
import { useToast } from '../../lib/toast/toast-context';
import type { menu } from './menu';

/** The second key after "g", per screen of the sidebar. */
export const GO_TO_KEYS: Record<(typeof menu)[number]['to'], string> = {
  '/': 'd',
  '/products': 'p',
  '/conversations': 'c',
  '/orders': 'o',
  '/notifications': 'n',
  '/analytics': 'a',
  '/settings': 's',
};
/** How long "g" waits for its second key. */
const SEQUENCE_MS = 1500;

/** Listens for "g" + letter and "?"; answers whether the shortcuts dialog is open. */
export function useShellShortcuts() {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const awaiting = useRef<number | null>(null);
  useEffect(() => {
    const stop = () => {
      if (awaiting.current !== null) window.clearTimeout(awaiting.current);
      awaiting.current = null;
    };
    const onKey = (event: KeyboardEvent) => {
      const key = shortcutKey(event);
      if (key === null) return;
      if (awaiting.current !== null) {
        stop();
        const route = Object.entries(GO_TO_KEYS).find(([, second]) => second === key.toLowerCase())?.[0];
        if (route) {
          event.preventDefault();
          void navigate(route);
          return;
        }
      }
      if (key === 'g') {
        awaiting.current = window.setTimeout(stop, SEQUENCE_MS);
      } else if (key === '?') {
        event.preventDefault();
        setHelpOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      stop();
      window.removeEventListener('keydown', onKey);
    };
  }, [navigate]);
  return { helpOpen, openHelp: () => setHelpOpen(true), closeHelp: () => setHelpOpen(false) };
}

// The dialog and PrimeReact's Dialog (with its transitions, about 13 KB gzip) download the first
// time the list is asked for (? or the account menu), not with the shell.
const dialogCode = loadOnce(() => import('./shortcuts-dialog'));

/**
 * The list of shortcuts. The first time it is asked for, it shows once its code has arrived;
 * PrimeReact's Dialog then takes focus as it opens and gives it back to what had it when it
 * closes, as on every later opening.
 */
export function ShortcutsDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const toast = useToast();
  const code = useOnDemand(dialogCode, visible, () => {
    onHide();
    toast({
      title: 'Keyboard shortcuts unavailable',
      description: 'Their list could not be loaded. Check the connection and try again.',
      variant: 'destructive',
    });
  });
  return code ? <code.ShortcutsDialog visible={visible} onHide={onHide} /> : null;
}
