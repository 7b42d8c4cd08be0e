import { CASE_STATUSES, type Case, type CaseStatus, EXPERT_NAMES } from '@mw/sync-protocol'
import { useNavigate, useParams } from 'react-router-dom'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { Tooltip } from '../../../components/ui/tooltip.tsx'
import { WaitingMark } from '../../../components/ui/waiting-mark.tsx'
import type { LocalDb } from '../../../db/local-db.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { htmlToText } from '../../../lib/html-to-text.ts'
import { formatDateTime } from '../../../lib/relative-time.ts'
import { useFirstSyncDone } from '../../../lib/use-first-sync.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { rowKey } from '../../../sync/optimistic.ts'
import { useWaitingRows } from '../../../sync/use-waiting-rows.ts'
import { setCaseStatus } from '../actions.ts'
import { useCase } from '../hooks/use-case.ts'
import { useCaseFiles } from '../hooks/use-case-files.ts'
import { saveCaseChange } from '../save-change.ts'
import { shareCase } from '../share-case.ts'
import { CaseFilesCard } from './case-files-card.tsx'
import { CaseHistory } from './case-history.tsx'
import { EquipmentCard } from './equipment-card.tsx'
import { NoteForm } from './note-form.tsx'
import { SignatureCard } from './signature-card.tsx'
import { StatusBadge } from './status-badge.tsx'

/**
 * The case's conversation when it is this user's (on the device); otherwise a new one, linked to
 * the case by its first question when the case has none yet.
 */
async function askUrl(db: LocalDb, tenant: string, c: Case) {
  const own = c.conversationId ? await db.conversations.get(c.conversationId) : undefined
  const params = new URLSearchParams(own ? { conversation: own.id } : { case: c.id })
  return `/t/${tenant}/ask/${c.expert}?${params}`
}

export function CaseDetailPage() {
  const { id = '' } = useParams()
  const tenant = useTenant()
  const db = useLocalDb()
  const navigate = useNavigate()
  const online = useOnlineStatus()
  const data = useCase(id)
  const synced = useFirstSyncDone()
  const waiting = useWaitingRows()
  const files = useCaseFiles(id) ?? []

  if (data === undefined || (!data.caseRow && !synced)) return <Skeleton rows={5} />
  const c = data.caseRow
  if (!c) {
    return (
      <div className="page">
        <EmptyState title="Case not found" text="The requested case could not be found.">
          <Button variant="secondary" onClick={() => navigate(`/t/${tenant}/cases`)}>
            Back to Cases
          </Button>
        </EmptyState>
      </div>
    )
  }

  const changeStatus = (status: CaseStatus) => saveCaseChange(() => setCaseStatus(db, c.id, status))

  const share = async () => {
    try {
      if ((await shareCase(tenant, c, online)) === 'copied') {
        toast({ title: 'Link copied', description: 'The case link is on your clipboard.' })
      }
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        errorToast('Share failed', 'Copy the address from the address bar instead.')
      }
    }
  }

  return (
    <div className="page case-detail">
      <header className="page-header page-header-row">
        <div>
          <Button variant="ghost" className="no-print" onClick={() => navigate(`/t/${tenant}/cases`)}>
            ← Cases
          </Button>
          <h1>{c.title}</h1>
          <StatusBadge status={c.status} />
          {waiting.has(rowKey('case', c.id)) && <WaitingMark />}
        </div>
        <div className="toolbar no-print">
          <label htmlFor="case-status">Status</label>
          <select
            id="case-status"
            className="select"
            value={c.status}
            onChange={(e) => void changeStatus(e.target.value as CaseStatus)}
          >
            {CASE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </header>
      <div className="detail-grid">
        <div className="detail-main">
          <section className="card" aria-labelledby="case-details">
            <h2 id="case-details">Case Details</h2>
            <p className="case-text">{htmlToText(c.description).trim() || 'No details available'}</p>
          </section>
          <EquipmentCard caseRow={c} />
          <CaseFilesCard caseId={c.id} files={files} />
          <NoteForm caseId={c.id} />
          <SignatureCard caseId={c.id} files={files} />
          <CaseHistory events={data.events} caseId={c.id} waiting={waiting} />
        </div>
        <aside className="detail-side">
          <section className="card" aria-labelledby="case-info">
            <h2 id="case-info">Information</h2>
            <dl className="info-list">
              <dt>Created</dt>
              <dd>{formatDateTime(c.createdAt)}</dd>
              <dt>Last updated</dt>
              <dd>{formatDateTime(c.updatedAt)}</dd>
              <dt>Expert</dt>
              <dd>{EXPERT_NAMES[c.expert]}</dd>
              <dt>Tags</dt>
              <dd>{c.tags.length ? c.tags.join(', ') : 'None'}</dd>
            </dl>
          </section>
          <section className="card no-print" aria-labelledby="case-actions">
            <h2 id="case-actions">Actions</h2>
            <div className="stack">
              <Button variant="secondary" onClick={async () => navigate(await askUrl(db, tenant, c))}>
                Ask the Expert
              </Button>
              <Button
                variant="secondary"
                onClick={() =>
                  navigate(
                    `/t/${tenant}/training?${new URLSearchParams({ new: '1', title: c.title, expert: c.expert, case: c.id })}`,
                  )
                }
              >
                Create Training
              </Button>
              <Button variant="secondary" onClick={() => void share()}>
                Share Case
              </Button>
              {online ? (
                <a
                  className="btn btn-secondary"
                  href={`/api/t/${tenant}/cases/${c.id}/report.pdf`}
                  target="_blank"
                  rel="noopener"
                >
                  Export PDF
                </a>
              ) : (
                <Tooltip label="Offline: print the case, or save it as a PDF from the print dialog">
                  <Button variant="secondary" onClick={() => window.print()}>
                    Export PDF
                  </Button>
                </Tooltip>
              )}
            </div>
          </section>
        </aside>
      </div>
    </div>
  )
}
