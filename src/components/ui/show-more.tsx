import { Button } from 'primereact/button';
import './show-more.css';

type Props = {
  /** What `useIncrementalList` returns for the list. */
  list: {
    visible: readonly unknown[];
    remaining: number;
    showMore: () => void;
    moreRef: (element: HTMLElement | null) => void;
  };
  /** The items' name in the plural, e.g. "conversations". */
  noun: string;
};

/**
 * The control under a list rendered a page at a time (src/lib/lists/use-incremental-list.ts):
 * how many of how many show, and a button for the next page, which also loads as the control
 * scrolls into view. Nothing once every item shows.
 */
export function ShowMore({ list, noun }: Props) {
  if (list.remaining === 0) return null;
  const total = list.visible.length + list.remaining;
  return (
    <div className="list-more" ref={list.moreRef}>
      <p className="muted">
        Showing {list.visible.length.toLocaleString('en')} of {total.toLocaleString('en')} {noun}
      </p>
      <Button type="button" label={`Show more ${noun}`} outlined onClick={list.showMore} />
    </div>
  );
}
