import {
  CASE_ID_SUFFIX_LENGTH,
  CASE_STATUSES,
  type CaseStatus,
  EXPERT_NAMES,
  EXPERTS,
  expertSchema,
} from '@mw/sync-protocol'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { WaitingMark } from '../../../components/ui/waiting-mark.tsx'
import { htmlToText } from '../../../lib/html-to-text.ts'
import { formatDate } from '../../../lib/relative-time.ts'
import { useRowsVisibleMark } from '../../../lib/rows-visible-mark.ts'
import { useRole } from '../../../lib/session-store.ts'
import { useFirstSyncDone } from '../../../lib/use-first-sync.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { rowKey } from '../../../sync/optimistic.ts'
import { useWaitingRows } from '../../../sync/use-waiting-rows.ts'
import { useCases } from '../hooks/use-cases.ts'
import { useCasesUi } from '../store.ts'
import { NewCaseDialog } from './new-case-dialog.tsx'
import { StatusBadge } from './status-badge.tsx'

const FILTER_LABELS: Record<CaseStatus | 'all', string> = {
  all: 'All Status',
  Open: 'Open',
  'In-Progress': 'In Progress',
  Resolved: 'Resolved',
}

export function CasesPage() {
  const tenant = useTenant()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const filter = useCasesUi((s) => s.statusFilter)
  const setFilter = useCasesUi((s) => s.setStatusFilter)
  const cases = useCases(filter)
  // The server sends a technician only the cases they created or were assigned.
  const everyone = ['Manager', 'Admin'].includes(useRole(tenant) ?? '')
  useRowsVisibleMark('cases', (cases?.length ?? 0) > 0)
  const waiting = useWaitingRows()
  const synced = useFirstSyncDone()
  const creating = params.get('new') === '1'
  const setCreating = (open: boolean) => setParams(open ? { new: '1' } : {}, { replace: true })

  return (
    <div className="page">
      <header className="page-header page-header-row">
        <div>
          <h1>Cases</h1>
          <p className="muted">
            {everyone ? 'Service cases of this workspace, newest first.' : 'Your service cases, newest first.'}
          </p>
        </div>
        <div className="toolbar">
          <label className="sr-only" htmlFor="case-status-filter">
            Filter by status
          </label>
          <select
            id="case-status-filter"
            className="select"
            value={filter}
            onChange={(e) => setFilter(e.target.value as CaseStatus | 'all')}
          >
            {(['all', ...CASE_STATUSES] as const).map((s) => (
              <option key={s} value={s}>
                {FILTER_LABELS[s]}
              </option>
            ))}
          </select>
          <Button onClick={() => setCreating(true)}>New Case</Button>
        </div>
      </header>
      {cases === undefined || (cases.length === 0 && !synced) ? (
        <Skeleton rows={4} />
      ) : cases.length === 0 ? (
        <EmptyState
          title="No cases found"
          text={
            filter === 'all'
              ? "You don't have any cases yet. Create one from an expert chat."
              : `No cases with status ${FILTER_LABELS[filter]}.`
          }
        >
          <div className="toolbar">
            <Button variant="secondary" onClick={() => navigate(`/t/${tenant}/ask/seakeeper`)}>
              Start Expert Chat
            </Button>
            <Button onClick={() => setCreating(true)}>New Case</Button>
          </div>
        </EmptyState>
      ) : (
        <ul className="case-list" aria-label="Cases">
          {cases.map((c) => (
            <li key={c.id}>
              <Link to={`/t/${tenant}/cases/${c.id}`} className="card case-row">
                <div className="case-row-head">
                  <span className="case-title">{c.title}</span>
                  <StatusBadge status={c.status} />
                  {waiting.has(rowKey('case', c.id)) && <WaitingMark />}
                </div>
                <span className="case-meta">
                  {c.vessel ? `${c.vessel} · ` : ''}
                  {EXPERT_NAMES[c.expert]} · #{c.id.slice(-CASE_ID_SUFFIX_LENGTH)} · {formatDate(c.createdAt)}
                </span>
                {c.description && <p className="case-description">{htmlToText(c.description)}</p>}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <NewCaseDialog
        open={creating}
        onOpenChange={setCreating}
        initial={{
          title: params.get('title') ?? '',
          expert: expertSchema.catch(EXPERTS[0]).parse(params.get('expert')),
          conversationId: params.get('conversation'),
        }}
      />
    </div>
  )
}
