import { Link, Outlet, useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';

/**
 * Shown in the shell's main area when a screen fails to render (or its route
 * module fails to load): the sidebar and header stay usable, and the card
 * offers a retry and a way back. The error itself is not shown: its text may
 * come from the server, and it means nothing to staff.
 */
export function RouteErrorCard() {
  return (
    <section className="card route-error" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> Something went wrong
      </h1>
      <p className="muted">This screen could not be shown. The rest of the dashboard still works.</p>
      <div className="route-error-actions">
        {/* A full load also fetches a route module again after a failed download. */}
        <Button type="button" label="Try again" icon="pi pi-refresh" onClick={() => window.location.reload()} />
        <Link to="/" className="p-button p-component p-button-outlined">
          <span className="p-button-label">Go to Dashboard</span>
        </Link>
      </div>
    </section>
  );
}

/** Query parameter that makes a screen throw while rendering, in development and tests only. */
export const SIMULATE_RENDER_ERROR_PARAM = 'simulate-render-error';

/**
 * The shell's screen slot. In development builds `?simulate-render-error`
 * throws here, inside the route that carries RouteErrorCard, so tests can
 * check containment; `import.meta.env.DEV` is false in production builds and
 * the branch is dropped from the bundle.
 */
export function ScreenOutlet() {
  const [params] = useSearchParams();
  if (import.meta.env.DEV && params.has(SIMULATE_RENDER_ERROR_PARAM)) {
    throw new Error('Simulated rendering error (development builds only)');
  }
  return <Outlet />;
}
