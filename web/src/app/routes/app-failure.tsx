export function AppFailure() {
  return (
    <main className="page page-center" role="alert">
      <h1>Failed to load application</h1>
      <p className="muted">Check your connection and reload the page.</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  )
}
