import { Badge } from '../../../components/ui/badge.tsx'

const CAPABILITIES = [
  'Routes questions to the right expert',
  'Combines stabilizer and electronics answers',
  'Cross-system troubleshooting',
  'Fleet-wide service insights',
]

export function MasterPage() {
  return (
    <div className="page chat">
      <header className="page-header">
        <h1>
          Master Expert <Badge variant="outline">Coming Soon</Badge>
        </h1>
        <p className="muted">One assistant that routes your question across every expert. Coming Soon.</p>
      </header>
      <ul className="chip-list" aria-label="Planned capabilities">
        {CAPABILITIES.map((c) => (
          <li key={c} className="chip">
            {c}
          </li>
        ))}
      </ul>
      <form className="composer" aria-disabled="true" onSubmit={(e) => e.preventDefault()}>
        <div className="composer-row">
          <textarea className="composer-input" aria-label="Message" disabled placeholder="Coming Soon" rows={1} />
          <button type="submit" className="btn btn-primary" disabled>
            Send
          </button>
        </div>
      </form>
    </div>
  )
}
