export function NotFoundPage() {
  return (
    <div className="center-screen">
      <section className="card not-found">
        <h1>
          <i className="pi pi-exclamation-circle" aria-hidden="true" /> 404 Page Not Found
        </h1>
        <p className="muted">Did you forget to add the page to the router?</p>
      </section>
    </div>
  );
}
