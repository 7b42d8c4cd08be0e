import { Link } from 'react-router-dom'
import { formatDate } from '../lib/relative-time.ts'
import { useCurrentUser, useRole } from '../lib/session-store.ts'
import { useMyTraining } from '../lib/use-my-training.ts'
import { useTenant } from '../lib/use-tenant.ts'
import { Badge } from './ui/badge.tsx'
import { EmptyState } from './ui/empty-state.tsx'
import { Skeleton } from './ui/skeleton.tsx'

const today = () => new Date().toISOString().slice(0, 10)

/**
 * "My training" (the Training page, Home, the nav): the sets assigned to me, due soonest first, with
 * the due date and my result, each opening the player. Works offline. Home shows the first few.
 * A set given to me and to my role is two assignments with results of their own; each row says
 * which it is, or the two would look like one set listed twice.
 */
export function MyTraining({ limit, headed = true }: { limit?: number; headed?: boolean }) {
  const tenant = useTenant()
  const user = useCurrentUser()
  const all = useMyTraining(user?.id, useRole(tenant))
  const items = limit === undefined ? all : all?.filter((i) => !i.completed).slice(0, limit)
  return (
    <section {...(headed ? { 'aria-labelledby': 'my-training-title' } : { 'aria-label': 'My training' })}>
      {headed && (
        <h2 id="my-training-title" className="section-title">
          My training
        </h2>
      )}
      {items === undefined ? (
        <Skeleton />
      ) : items.length === 0 ? (
        <EmptyState
          title={limit === undefined ? 'Nothing assigned to you' : 'No training to do'}
          text="Training your manager assigns to you shows here."
        />
      ) : (
        <ul className="case-list" aria-label="My training">
          {items.map(({ assignment, set, completed, score }) => (
            <li key={assignment.id}>
              <Link className="card case-row" to={`/t/${tenant}/training/take/${assignment.id}`}>
                <span className="case-row-head">
                  <span className="case-title">{set.title}</span>
                  {completed ? (
                    <Badge variant="success">Completed · {score}%</Badge>
                  ) : (
                    <Badge variant="outline">To do</Badge>
                  )}
                </span>
                <span className="case-meta">
                  {set.questions.length} question{set.questions.length === 1 ? '' : 's'} ·{' '}
                  {assignment.assignedToRole ? `Assigned to all ${assignment.assignedToRole}s` : 'Assigned to you'}
                  {assignment.dueDate && (
                    <>
                      {' · '}
                      <span className={!completed && assignment.dueDate < today() ? 'status-warn' : undefined}>
                        {!completed && assignment.dueDate < today() ? 'Overdue: ' : 'Due '}
                        {formatDate(`${assignment.dueDate}T12:00:00Z`)}
                      </span>
                    </>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
