import { Link } from 'react-router-dom'

/** `home`: where "Go to Home" leads (a signed-in user's own workspace). */
export function NotFound({ home = '/' }: { home?: string }) {
  return (
    <main className="page page-center">
      <h1>Page Not Found</h1>
      <p className="muted">Please check the URL and try again.</p>
      <Link className="btn btn-secondary" to={home}>
        Go to Home
      </Link>
    </main>
  )
}
