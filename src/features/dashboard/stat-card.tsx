import type { ReactNode } from 'react';

type Props = {
  title: string;
  icon: string;
  /** The query behind the figure: a figure is shown only once it has loaded. */
  state: 'pending' | 'error' | 'success';
  /** The figure: a count, or an amount already formatted. */
  value?: ReactNode;
  /** Depends on the figure (e.g. the total beneath): shown once loaded. */
  caption?: ReactNode;
  /** Describes the figure: always shown. */
  description?: string;
  onRetry: () => void;
};

/**
 * One counter. While loading it says so, and after a failure it says the
 * figure is unavailable: a 0 or a blank would read as a real count.
 */
export function StatCard({ title, icon, state, value, caption, description, onRetry }: Props) {
  const titleId = `stat-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="card stat" aria-labelledby={titleId} aria-busy={state === 'pending'}>
      <div className="stat-head">
        <h2 id={titleId}>{title}</h2>
        <i className={`${icon} stat-icon`} aria-hidden="true" />
      </div>
      {state === 'pending' ? (
        <p className="stat-value stat-loading" data-testid="stat-value">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" />
          <span className="sr-only">Loading...</span>
        </p>
      ) : state === 'error' ? (
        <div className="stat-error" role="alert">
          <p className="stat-unavailable" data-testid="stat-value">
            Unavailable
          </p>
          <button type="button" className="p-button p-component p-button-text p-button-sm" onClick={onRetry}>
            <span className="p-button-icon p-button-icon-left pi pi-refresh" aria-hidden="true" />
            <span className="p-button-label">Try again</span>
          </button>
        </div>
      ) : (
        <p className="stat-value" data-testid="stat-value">
          {value}
        </p>
      )}
      {caption !== undefined && state === 'success' && (
        <p className="muted" data-testid="stat-caption">
          {caption}
        </p>
      )}
      {description && <p className="muted">{description}</p>}
    </section>
  );
}
