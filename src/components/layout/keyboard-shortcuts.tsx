// The shell's keyboard shortcuts: "g" then a letter goes to a screen, "?"
// lists every shortcut in a dialog. The screens add their own (the
// conversation list and a conversation); all are listed here, so the dialog
// is the one place that documents them.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from 'primereact/dialog';
import { shortcutKey } from '../../lib/keyboard/shortcuts';
import { menu } from './menu';

/** The second key after "g", per screen of the sidebar. */
export const GO_TO_KEYS: Record<(typeof menu)[number]['to'], string> = {
  '/': 'd',
  '/products': 'p',
  '/conversations': 'c',
  '/notifications': 'n',
  '/analytics': 'a',
  '/settings': 's',
};
/** How long "g" waits for its second key. */
const SEQUENCE_MS = 1500;

export const SHORTCUT_GROUPS: { title: string; shortcuts: { keys: string[]; does: string }[] }[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      ...menu.map((entry) => ({ keys: ['g', GO_TO_KEYS[entry.to]], does: `Go to ${entry.title}` })),
      { keys: ['?'], does: 'Show these shortcuts' },
      { keys: ['Ctrl', 'B'], does: 'Expand or collapse the sidebar' },
    ],
  },
  {
    title: 'Conversation list',
    shortcuts: [
      { keys: ['j'], does: 'Next conversation' },
      { keys: ['k'], does: 'Previous conversation' },
      { keys: ['Enter'], does: 'Open the conversation' },
    ],
  },
  {
    title: 'Conversation',
    shortcuts: [
      { keys: ['t'], does: 'Turn Admin Takeover on or off' },
      { keys: ['/'], does: 'Write a message' },
      { keys: ['Esc'], does: 'Back to the conversation list' },
    ],
  },
];

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

export function ShortcutsDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  return (
    <Dialog
      header="Keyboard shortcuts"
      visible={visible}
      onHide={onHide}
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '92vw' }}
      draggable={false}
      resizable={false}
      dismissableMask
      // On a short window the list scrolls: its box takes focus, so the keyboard can scroll it.
      pt={{ content: { tabIndex: 0 } }}
    >
      <p className="dialog-text">None of them acts while you type in a field.</p>
      {SHORTCUT_GROUPS.map((group) => (
        <table key={group.title} className="shortcuts-table">
          <caption>{group.title}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {group.shortcuts.map((shortcut) => (
              <tr key={shortcut.does}>
                <td className="shortcut-keys">
                  {shortcut.keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 && <span className="muted"> {shortcut.keys[0] === 'Ctrl' ? '+' : 'then'} </span>}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </td>
                <td>{shortcut.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </Dialog>
  );
}
