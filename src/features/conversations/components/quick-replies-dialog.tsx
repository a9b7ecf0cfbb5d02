import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { moveFocus } from '../../../lib/keyboard/shortcuts';

export interface PickerItem {
  key: number;
  title: string;
  /** A second line under the title (part of the option's name). */
  detail?: string;
  /** What the search looks in (case-insensitively). */
  searchText: string;
}

interface PickerDialogProps {
  /** The dialog's title, which names it. */
  header: string;
  /** The search field's label ("Search quick replies"). */
  searchLabel: string;
  visible: boolean;
  items: readonly PickerItem[];
  /** Shown instead of the list while it loads or after it failed. */
  state?: ReactNode;
  /** Said when the search matches nothing ("No quick replies match"). */
  empty: string;
  onPick: (key: number) => void;
  onHide: () => void;
}

/** Every word of the query, in any order, somewhere in the item's text. */
export function matchItems<T extends { searchText: string }>(items: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = item.searchText.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * The composer's pickers (quick replies, products): a dialog with a search
 * field, focused on open, over a list of buttons. Enter in the field takes the
 * first match; ArrowDown goes into the list, ArrowUp/ArrowDown move through
 * it (ArrowUp from the first goes back to the field), Home/End jump to either
 * end, and Enter or Space takes the one with focus. Escape closes.
 */
export function PickerDialog(props: PickerDialogProps) {
  return (
    <Dialog
      header={props.header}
      visible={props.visible}
      onHide={props.onHide}
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '94vw' }}
      draggable={false}
      resizable={false}
      dismissableMask
      className="composer-picker"
    >
      {/* Mounted only while open: each opening starts with an empty search. */}
      {props.visible && <PickerList {...props} />}
    </Dialog>
  );
}

function PickerList({ searchLabel, items, state, empty, onPick }: PickerDialogProps) {
  const [query, setQuery] = useState('');
  const matches = useMemo(() => matchItems(items, query), [items, query]);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const searchId = `${id}-search`;
  const hintId = `${id}-hint`;

  const options = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('.composer-picker-option') ?? [])];

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (state === undefined && matches[0]) onPick(matches[0].key);
    } else if (event.key === 'ArrowDown') {
      const all = options();
      if (all.length === 0) return;
      event.preventDefault();
      moveFocus(all, 1);
    }
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = options();
    const at = all.findIndex((option) => option === document.activeElement);
    if (at === -1) return;
    if (event.key === 'ArrowDown') moveFocus(all, 1);
    else if (event.key === 'ArrowUp' && at === 0) search.current?.focus();
    else if (event.key === 'ArrowUp') moveFocus(all, -1);
    else if (event.key === 'Home') moveFocus([all[0]], 1);
    else if (event.key === 'End') moveFocus([all[all.length - 1]], 1);
    else return;
    event.preventDefault();
  };

  const count = matches.length === 1 ? '1 match' : `${matches.length} matches`;

  return (
    <div className="composer-picker-body">
      <label htmlFor={searchId} className="sr-only">
        {searchLabel}
      </label>
      <InputText
        ref={search}
        id={searchId}
        className="composer-picker-search"
        placeholder={`${searchLabel}...`}
        value={query}
        // The dialog opens to be searched: its focus trap puts focus here (not on Close).
        data-pc-autofocus="true"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={hintId}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onSearchKey}
      />
      <p id={hintId} className="sr-only">
        Enter takes the first match; the arrow keys move through the list.
      </p>
      {state ?? (
        <>
          <p className="sr-only" role="status">
            {matches.length === 0 ? empty : count}
          </p>
          {matches.length === 0 ? (
            <p className="composer-picker-empty">{empty}</p>
          ) : (
            // The arrow keys move between the buttons inside; the list itself takes no focus.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- keys bubbling up from its buttons
            <ul ref={list} className="composer-picker-options" onKeyDown={onListKey}>
              {matches.map((item) => (
                <li key={item.key}>
                  <button type="button" className="composer-picker-option" onClick={() => onPick(item.key)}>
                    <span className="composer-picker-title">{item.title}</span>{' '}
                    {item.detail && <span className="composer-picker-detail">{item.detail}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
