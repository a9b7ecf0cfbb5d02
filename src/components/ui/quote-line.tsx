import './quote-line.css';

type Props = {
  /** The words, shown on one line; what does not fit ends in an ellipsis. */
  text: string;
  /** Read before the words by screen readers only, e.g. "Customer wrote". */
  label: string;
  /** Quotation marks around the words (someone's own words), or none (a preview). */
  quoted?: boolean;
  className?: string;
};

/**
 * One line of someone's words on a card. What does not fit is cut by CSS only:
 * the whole text stays in the page for screen readers, and shows on hover
 * (title).
 */
export function QuoteLine({ text, label, quoted = true, className = '' }: Props) {
  // The title is the line as shown, quotation marks included.
  const shown = quoted ? `“${text}”` : text;
  return (
    <p className={`quote-line ${className}`.trim()} title={shown}>
      <span className="sr-only">{label}: </span>
      {shown}
    </p>
  );
}
