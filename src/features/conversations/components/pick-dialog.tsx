import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';

export interface PickItem {
  key: string | number;
  /** What the search looks in (lower-cased here). */
  text: string;
  title: string;
  detail?: ReactNode;
}

interface PickDialogProps {
  header: string;
  searchLabel: string;
  visible: boolean;
  items: PickItem[];
  /** Shown instead of the list while it loads or when it failed. */
  state?: ReactNode;
  empty: string;
  initialQuery?: string;
  onPick: (key: PickItem['key']) => void;
  onHide: () => void;
}

/**
 * A searchable list in a dialog: the search field has the focus, Enter takes
 * the first match, the arrow keys move through the matches and Escape closes
 * (PrimeReact's Dialog gives focus back to where it was).
 */
export function PickDialog(props: PickDialogProps) {
  return (
    <Dialog
      header={props.header}
      visible={props.visible}
      onHide={props.onHide}
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '94vw' }}
      draggable={false}
      resizable={false}
      className="pick-dialog"
    >
      {props.visible && <PickList {...props} />}
    </Dialog>
  );
}

function PickList({ searchLabel, items, state, empty, initialQuery = '', onPick }: PickDialogProps) {
  const [query, setQuery] = useState(initialQuery);
  const matches = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return items.filter((item) => words.every((word) => item.text.toLowerCase().includes(word)));
  }, [items, query]);

  const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('.pick-dialog .pick-option')];
  const move = (event: KeyboardEvent, step: number) => {
    const all = buttons();
    if (all.length === 0) return;
    event.preventDefault();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    all[at === -1 ? (step > 0 ? 0 : all.length - 1) : (at + step + all.length) % all.length].focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') move(event, 1);
    else if (event.key === 'ArrowUp') move(event, -1);
  };

  return (
    <div className="pick-list">
      <label htmlFor="pick-search" className="sr-only">
        {searchLabel}
      </label>
      <InputText
        id="pick-search"
        type="search"
        placeholder={`${searchLabel}...`}
        value={query}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to be searched: focus goes to its search field
        autoFocus
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          onKeyDown(event);
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (matches[0]) onPick(matches[0].key);
        }}
      />
      {state ?? (
        <>
          <p className="sr-only" role="status">
            {matches.length === 0 ? empty : `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}`}
          </p>
          {matches.length === 0 ? (
            <p className="muted pick-empty">{empty}</p>
          ) : (
            <ul className="pick-options">
              {matches.map((item) => (
                <li key={item.key}>
                  <button type="button" className="pick-option" onKeyDown={onKeyDown} onClick={() => onPick(item.key)}>
                    <span className="pick-title">{item.title}</span>
                    {item.detail && <span className="pick-detail">{item.detail}</span>}
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
