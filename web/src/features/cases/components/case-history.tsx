import type { CaseEvent, CaseStatus } from '@mw/sync-protocol'
import { Button } from '../../../components/ui/button.tsx'
import { WaitingMark } from '../../../components/ui/waiting-mark.tsx'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { formatDateTime } from '../../../lib/relative-time.ts'
import { useCurrentUser } from '../../../lib/session-store.ts'
import { type RowKey, rowKey } from '../../../sync/optimistic.ts'
import { setCaseStatus } from '../actions.ts'
import { saveCaseChange } from '../save-change.ts'

const asText = (value: unknown) => (typeof value === 'string' ? value : '')

function describe(event: CaseEvent): string {
  switch (event.kind) {
    case 'created':
      return 'Case created'
    case 'status':
      return `Status changed from ${asText(event.data.from)} to ${asText(event.data.to)}`
    case 'note':
      return 'Note added'
    case 'equipment':
      return equipmentChange(event.data)
    case 'conflict':
      if (event.data.field === 'description') {
        return 'Your edit of the description was not saved: someone else changed it first'
      }
      return `Your change to ${asText(event.data.wanted)} was not applied: someone set it to ${asText(event.data.current)} first`
  }
}

function equipmentChange(data: Record<string, unknown>): string {
  const units = Array.isArray(data.equipment) ? (data.equipment as Record<string, unknown>[]) : []
  const named = units.map((u) =>
    [asText(u.make), asText(u.model), asText(u.serial) && `SN ${asText(u.serial)}`].filter(Boolean).join(' '),
  )
  const vessel = asText(data.vessel)
  return `Equipment set: ${[vessel && `vessel ${vessel}`, ...named].filter(Boolean).join('; ') || 'none'}`
}

/** The case history; a status change that lost a conflict can be applied again with one tap. */
export function CaseHistory({
  events,
  caseId,
  waiting,
}: {
  events: CaseEvent[]
  caseId: string
  /** Rows with changes still on this device only: their events say so instead of a time. */
  waiting: ReadonlySet<RowKey>
}) {
  const db = useLocalDb()
  const user = useCurrentUser()
  if (events.length === 0) return null

  const applyAgain = (status: CaseStatus) => saveCaseChange(() => setCaseStatus(db, caseId, status))

  return (
    <section className="card" aria-labelledby="case-history">
      <h2 id="case-history">History</h2>
      <ol className="history">
        {events.map((e) => (
          <li key={e.id} className={`history-item history-${e.kind}`}>
            <span>{describe(e)}</span>
            {waiting.has(rowKey('caseEvent', e.id)) ? (
              <WaitingMark />
            ) : (
              <span className="muted">{formatDateTime(e.createdAt)}</span>
            )}
            {e.kind === 'conflict' && e.authorId === user?.id && asText(e.data.wanted) && (
              <Button variant="secondary" onClick={() => void applyAgain(asText(e.data.wanted) as CaseStatus)}>
                Apply again
              </Button>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
