import { EXPERT_NAMES, EXPERTS, expertSchema } from '@mw/sync-protocol'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { MyTraining } from '../../../components/my-training.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Icon } from '../../../components/ui/icon.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast-store.ts'
import { formatDate } from '../../../lib/relative-time.ts'
import { useRole } from '../../../lib/session-store.ts'
import { useFirstSyncDone } from '../../../lib/use-first-sync.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { useTrainingSets } from '../hooks/use-training.ts'
import { FromChatDialog, FromKnowledgeDialog, useDraftAndReview } from './draft-dialogs.tsx'

import { NewTrainingSetDialog } from './new-training-set-dialog.tsx'

const managersOnly = () =>
  toast({ title: 'For managers and admins', description: 'Managers and admins draft and edit training sets.' })

/**
 * Create Training on a case opens this page with ?case=: a manager or admin online gets questions
 * drafted from the case to review; anyone else (or when nothing could be drafted) the New Training
 * Set form, named after the case.
 */
function useDraftFromCase(canEdit: boolean): boolean {
  const [params] = useSearchParams()
  const online = useOnlineStatus()
  const review = useDraftAndReview()
  const caseId = params.get('case')
  const drafting = Boolean(caseId && canEdit && online)
  const started = useRef<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!drafting || !caseId || started.current === caseId) return
    started.current = caseId
    void review({ from: 'case', caseId }).then((ok) => setFailed(!ok))
  }, [drafting, caseId, review])
  return drafting && !failed
}

export function TrainingPage() {
  const tenant = useTenant()
  const sets = useTrainingSets()
  const synced = useFirstSyncDone()
  const [params, setParams] = useSearchParams()
  const role = useRole(tenant)
  const canEdit = role === 'Manager' || role === 'Admin'
  const navigate = useNavigate()
  const [drafting, setDrafting] = useState<'chat' | 'knowledge' | null>(null)
  const fromCase = useDraftFromCase(canEdit)
  const creating = params.get('new') === '1' && !fromCase
  const setCreating = (open: boolean) => setParams(open ? { new: '1' } : {}, { replace: true })

  return (
    <div className="page">
      <header className="page-header page-header-row">
        <div>
          <h1>Training Builder</h1>
          <p className="muted">Build training sets from the experts' knowledge and assign them to your team.</p>
        </div>
        <div className="toolbar">
          <Link className="btn btn-secondary" to={`/t/${tenant}/training/assign`}>
            Assign Training
          </Link>
          <Button onClick={() => setCreating(true)}>New Training Set</Button>
        </div>
      </header>
      <MyTraining />
      <div className="card-grid card-grid-2">
        <button type="button" className="card action-card" onClick={canEdit ? () => setDrafting('chat') : managersOnly}>
          <span className="action-icon">
            <Icon name="chat" size={28} />
          </span>
          <span className="action-title">From Chat Session</span>
          <span className="muted">Turn a solved conversation into questions.</span>
        </button>
        <button
          type="button"
          className="card action-card"
          onClick={canEdit ? () => setDrafting('knowledge') : managersOnly}
        >
          <span className="action-icon">
            <Icon name="book" size={28} />
          </span>
          <span className="action-title">From Knowledge Base</span>
          <span className="muted">Generate questions from the manuals.</span>
        </button>
      </div>
      <section aria-labelledby="sets-title">
        <h2 id="sets-title" className="section-title">
          Training sets
        </h2>
        {sets === undefined || (sets.length === 0 && !synced) ? (
          <Skeleton />
        ) : sets.length === 0 ? (
          <EmptyState title="No training sets" text="Create your first training set with New Training Set." />
        ) : (
          <ul className="case-list" aria-label="Training sets">
            {sets.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="card case-row"
                  onClick={canEdit ? () => navigate(`/t/${tenant}/training/sets/${s.id}`) : managersOnly}
                >
                  <span className="case-row-head">
                    <span className="case-title">{s.title}</span>
                    <Badge variant="outline">{s.status === 'published' ? 'Published' : 'Draft'}</Badge>
                  </span>
                  <span className="case-meta">
                    {EXPERT_NAMES[s.expert]} · {s.questions.length} question{s.questions.length === 1 ? '' : 's'} ·{' '}
                    {formatDate(s.createdAt)}
                  </span>
                  {s.description && <span className="case-description">{s.description}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <FromChatDialog open={drafting === 'chat'} onOpenChange={(open) => setDrafting(open ? 'chat' : null)} />
      <FromKnowledgeDialog
        open={drafting === 'knowledge'}
        onOpenChange={(open) => setDrafting(open ? 'knowledge' : null)}
      />
      <NewTrainingSetDialog
        open={creating}
        onOpenChange={setCreating}
        initialTitle={params.get('title') ?? ''}
        initialExpert={expertSchema.catch(EXPERTS[0]).parse(params.get('expert'))}
      />
    </div>
  )
}
