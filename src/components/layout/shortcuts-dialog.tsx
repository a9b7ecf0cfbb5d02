// The list of every keyboard shortcut: the shell's (g then a letter, ?, Ctrl+B) and the screens'
// own (the conversation list and a conversation). Downloaded the first time it is asked for
// (see ShortcutsDialog in keyboard-shortcuts.tsx).
import { Dialog } from 'primereact/dialog';
import { GO_TO_KEYS } from './keyboard-shortcuts';
import { menu } from './menu';

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
