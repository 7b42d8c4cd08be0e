import { type AssignmentResults, assignmentResultsSchema } from '@mw/sync-protocol'
import { useEffect, useState } from 'react'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { ApiError, apiRequest } from '../../../lib/api-client.ts'
import { formatDate } from '../../../lib/relative-time.ts'
import { useTenant } from '../../../lib/use-tenant.ts'

type State =
  | { status: 'loading' }
  | { status: 'ready'; results: AssignmentResults }
  | { status: 'error'; message: string }

/** How each person an assignment covers did, and the questions most often missed (read from the server). */
export function AssignmentResultsDialog({
  assignmentId,
  title,
  onClose,
}: {
  assignmentId: string
  title: string
  onClose: () => void
}) {
  const tenant = useTenant()
  const [state, setState] = useState<State>({ status: 'loading' })
  useEffect(() => {
    apiRequest('GET', `/api/t/${tenant}/training/assignments/${assignmentId}/results`, assignmentResultsSchema, {
      timeoutMs: 15_000,
    })
      .then((results) => setState({ status: 'ready', results }))
      .catch((error: unknown) =>
        setState({
          status: 'error',
          message: error instanceof ApiError ? error.serverMessage : 'The results could not be loaded.',
        }),
      )
  }, [tenant, assignmentId])

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Results: ${title}`}>
      {state.status === 'loading' && <p className="muted">Loading…</p>}
      {state.status === 'error' && <p className="status-warn">{state.message}</p>}
      {state.status === 'ready' && (
        <>
          <div className="table-scroll">
            <table className="table">
              <caption className="sr-only">Each person's result</caption>
              <thead>
                <tr>
                  <th scope="col">Person</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Best score</th>
                  <th scope="col">Last attempt</th>
                </tr>
              </thead>
              <tbody>
                {state.results.people.map((p) => (
                  <tr key={p.userId}>
                    <td>{p.name}</td>
                    <td>{p.attempts}</td>
                    <td>{p.bestScore === null ? 'Not completed' : `${Math.round(p.bestScore)}%`}</td>
                    <td>{p.lastAttemptAt ? formatDate(p.lastAttemptAt) : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3>Most often missed</h3>
          {state.results.missed.length === 0 ? (
            <p className="muted">No question missed yet.</p>
          ) : (
            <ol className="missed-list">
              {state.results.missed.map((m) => (
                <li key={m.question}>
                  {m.text}{' '}
                  <span className="muted">
                    (missed by {m.missed} of {m.answered})
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </Dialog>
  )
}
