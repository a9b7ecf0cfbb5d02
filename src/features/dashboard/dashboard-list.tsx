import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

type Props = {
  title: string;
  /** Where "View all" leads. */
  to: string;
  linkLabel: string;
  state: 'pending' | 'error' | 'success';
  loadingText: string;
  errorText: string;
  emptyText: string;
  onRetry: () => void;
  children: ReactNode[];
};

/** A dashboard panel listing a few items, with its loading, failure and empty states and a link to the full list. */
export function DashboardList({
  title,
  to,
  linkLabel,
  state,
  loadingText,
  errorText,
  emptyText,
  onRetry,
  children,
}: Props) {
  const titleId = `panel-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="card dashboard-panel" aria-labelledby={titleId}>
      <div className="dashboard-panel-head">
        <h2 id={titleId}>{title}</h2>
        <Link to={to} className="dashboard-panel-link">
          {linkLabel}
          <i className="pi pi-arrow-right" aria-hidden="true" />
        </Link>
      </div>
      {state === 'pending' ? (
        <p className="dashboard-panel-state" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {loadingText}
        </p>
      ) : state === 'error' ? (
        <div className="dashboard-panel-state" role="alert">
          <p>{errorText}</p>
          <button type="button" className="p-button p-component p-button-outlined p-button-sm" onClick={onRetry}>
            <span className="p-button-icon p-button-icon-left pi pi-refresh" aria-hidden="true" />
            <span className="p-button-label">Try again</span>
          </button>
        </div>
      ) : children.length === 0 ? (
        <p className="dashboard-panel-state">{emptyText}</p>
      ) : (
        <ul className="dashboard-items">{children}</ul>
      )}
    </section>
  );
}
