import { type Assignment, ROLES, type TrainingSet } from '@mw/sync-protocol'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { displayName } from '../../../lib/display-name.ts'
import { formatDate } from '../../../lib/relative-time.ts'
import { useRole } from '../../../lib/session-store.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { useAssignments, useTenantUsers, useTrainingSets } from '../hooks/use-training.ts'
import { AssignForm } from './assign-form.tsx'
import { AssignmentResultsDialog } from './assignment-results.tsx'

export function AssignPage() {
  const tenant = useTenant()
  const sets = useTrainingSets()
  const users = useTenantUsers()
  const assignments = useAssignments()
  const role = useRole(tenant)
  const setTitle = (id: string) => sets?.find((s: TrainingSet) => s.id === id)?.title ?? 'Training set'
  const target = (a: Assignment) => {
    if (a.assignedToRole) return `Role: ${a.assignedToRole}`
    const user = users?.find((u) => u.id === a.assignedToId)
    return `User: ${user ? displayName(user) : 'Unknown user'}`
  }
  const [showing, setShowing] = useState<Assignment | null>(null)
  const completed = assignments?.filter((a) => a.completed).length ?? 0
  const total = assignments?.length ?? 0

  return (
    <div className="page">
      <header className="page-header">
        <Link className="btn btn-ghost" to={`/t/${tenant}/training`}>
          ← Training
        </Link>
        <h1>Assign Training</h1>
        <p className="muted">Give a training set to everyone in a role, or to specific people.</p>
      </header>
      <div className="detail-grid">
        <div className="detail-main">
          {role === 'Technician' ? (
            <EmptyState
              title="Only managers and admins can make assignments"
              text="Your own assignments are listed below."
            />
          ) : sets === undefined || users === undefined ? (
            <Skeleton />
          ) : (
            <AssignForm sets={sets} users={users} roles={ROLES} />
          )}
          <section className="card" aria-labelledby="assignments-title">
            <h2 id="assignments-title">Current assignments</h2>
            {assignments === undefined ? (
              <Skeleton />
            ) : assignments.length === 0 ? (
              <EmptyState title="No assignments yet" />
            ) : (
              <ul className="assignment-list">
                {assignments.map((a) => (
                  <li key={a.id} className="assignment-row">
                    <div>
                      <span className="case-title">{setTitle(a.setId)}</span>
                      <span className="case-meta">
                        {target(a)} · {formatDate(a.createdAt)}
                      </span>
                    </div>
                    <span className="toolbar">
                      {a.completed ? (
                        <Badge variant="success">Completed ({Math.round(a.score ?? 0)}%)</Badge>
                      ) : (
                        <Badge variant="secondary">In Progress</Badge>
                      )}
                      {role !== 'Technician' && (
                        <Button variant="ghost" onClick={() => setShowing(a)}>
                          Results
                        </Button>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <aside className="detail-side">
          <section className="card" aria-labelledby="stats-title">
            <h2 id="stats-title">Statistics</h2>
            <dl className="stat-list">
              <div>
                <dt>Total</dt>
                <dd>{total}</dd>
              </div>
              <div>
                <dt>Completed</dt>
                <dd>{completed}</dd>
              </div>
              <div>
                <dt>In Progress</dt>
                <dd>{total - completed}</dd>
              </div>
            </dl>
          </section>
        </aside>
      </div>
      {showing && (
        <AssignmentResultsDialog
          assignmentId={showing.id}
          title={setTitle(showing.setId)}
          onClose={() => setShowing(null)}
        />
      )}
    </div>
  )
}
