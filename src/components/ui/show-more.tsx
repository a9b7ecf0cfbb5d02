import { Button } from 'primereact/button';
import './show-more.css';

type Props = {
  /** What `useIncrementalList` returns for the list. */
  list: {
    visible: readonly unknown[];
    remaining: number;
    /** The whole list's size; undefined when the server pages without saying. */
    total?: number;
    /** The next page is on its way from the server. */
    loading?: boolean;
    /** The last attempt to fetch the next page failed (pressing the button tries again). */
    failed?: boolean;
    showMore: () => void;
    moreRef: (element: HTMLElement | null) => void;
  };
  /** The items' name in the plural, e.g. "conversations". */
  noun: string;
};

/**
 * The control under a list rendered (and perhaps loaded) a page at a time
 * (src/lib/lists/use-incremental-list.ts): how many of how many show, and a button for the next
 * page, which also loads as the control scrolls into view. Nothing once every item shows.
 */
export function ShowMore({ list, noun }: Props) {
  if (list.remaining === 0) return null;
  const shown = list.visible.length;
  const of =
    list.total === undefined ? `${shown.toLocaleString('en')}+` : Math.max(list.total, shown).toLocaleString('en');
  return (
    <div className="list-more" ref={list.moreRef}>
      <p className="muted">
        Showing {shown.toLocaleString('en')} of {of} {noun}
      </p>
      {list.failed && (
        <p className="list-more-error" role="alert">
          Failed to load more {noun}
        </p>
      )}
      <Button
        type="button"
        label={`Show more ${noun}`}
        icon={list.loading ? 'pi pi-spin pi-spinner' : undefined}
        aria-busy={list.loading ?? false}
        outlined
        // Pressed while the page is on its way, it does nothing (the list asks once).
        onClick={list.showMore}
      />
    </div>
  );
}
