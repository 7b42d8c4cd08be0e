import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { useCurrentUser, useRole } from '../../../lib/session-store.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { useMyTraining } from '../hooks/use-training.ts'

/** "My training": the sets assigned to me, with my result, each opening the player. Works offline. */
export function MyTraining() {
  const tenant = useTenant()
  const user = useCurrentUser()
  const items = useMyTraining(user?.id, useRole(tenant))
  return (
    <section aria-labelledby="my-training-title">
      <h2 id="my-training-title" className="section-title">
        My training
      </h2>
      {items === undefined ? (
        <Skeleton />
      ) : items.length === 0 ? (
        <EmptyState title="Nothing assigned to you" text="Training your manager assigns to you shows here." />
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
                  {set.questions.length} question{set.questions.length === 1 ? '' : 's'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
