import { Link } from 'react-router-dom'

export function NotFound() {
  return (
    <main className="page page-center">
      <h1>Page Not Found</h1>
      <p className="muted">Please check the URL and try again.</p>
      <Link className="btn btn-secondary" to="/">
        Go to Home
      </Link>
    </main>
  )
}
