import type { Expert } from '@mw/sync-protocol'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { useExpertDocuments } from '../../../lib/use-expert-documents.ts'
import { useTenant } from '../../../lib/use-tenant.ts'

/** "What this expert knows": the documents it answers from, read-only; fetched only when opened. */
export function ExpertKnowledge({ expert }: { expert: Expert }) {
  const [open, setOpen] = useState(false)
  return (
    <details className="expert-knowledge" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>What this expert knows</summary>
      {open && <DocumentList expert={expert} />}
    </details>
  )
}

function DocumentList({ expert }: { expert: Expert }) {
  const tenant = useTenant()
  const { state } = useExpertDocuments(tenant, expert)
  if (state.status === 'loading') return <p className="muted">Loading…</p>
  if (state.status === 'error') return <p className="muted">{state.message}</p>
  const ready = state.documents.filter((d) => d.status === 'ready')
  if (ready.length === 0)
    return <p className="muted">No documents yet. An administrator adds them in Admin Settings.</p>
  return (
    <ul className="knowledge-list">
      {ready.map((d) => (
        <li key={d.id}>
          <Link to={`/t/${tenant}/documents/${d.id}`}>{d.title}</Link>
          <span className="muted">
            {' '}
            · {d.fileName}
            {d.pages ? ` · ${d.pages} pages` : ''}
          </span>
        </li>
      ))}
    </ul>
  )
}
