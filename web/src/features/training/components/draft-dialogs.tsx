import { type DraftRequest, EXPERT_NAMES, EXPERTS, type Expert } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { ExpertField } from '../../../components/ui/expert-field.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { formatDate } from '../../../lib/relative-time.ts'
import { useExpertDocuments } from '../../../lib/use-expert-documents.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { draftTraining } from '../actions.ts'

/** Asks the server for a draft and opens it in the editor for review; false when it could not. */
export function useDraftAndReview() {
  const tenant = useTenant()
  const navigate = useNavigate()
  return async (request: DraftRequest): Promise<boolean> => {
    try {
      const draft = await draftTraining(tenant, request)
      navigate(`/t/${tenant}/training/sets/new`, { state: { draft } })
      return true
    } catch (error) {
      errorToast('No draft', error instanceof ApiError ? error.serverMessage : 'The server could not be reached.')
      return false
    }
  }
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void }

/** From Chat Session: one of my conversations, its answers and the manuals they cited. */
export function FromChatDialog({ open, onOpenChange }: Props) {
  const db = useLocalDb()
  const online = useOnlineStatus()
  const review = useDraftAndReview()
  const [chosen, setChosen] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const conversations = useLiveQuery(() => db.conversations.orderBy('updatedAt').reverse().limit(50).toArray(), [db])
  const draft = async () => {
    if (!chosen) return
    setBusy(true)
    if (await review({ from: 'conversation', conversationId: chosen })) onOpenChange(false)
    setBusy(false)
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Draft from a chat session"
      description="Questions are drafted from the answers and the manual passages they cited; you review each before publishing."
    >
      {conversations?.length === 0 && <p className="muted">No conversations yet: ask an expert first.</p>}
      <ul className="pick-list" aria-label="Conversations">
        {conversations?.map((c) => (
          <li key={c.id}>
            <label>
              <input type="radio" name="conversation" checked={chosen === c.id} onChange={() => setChosen(c.id)} />
              {c.title}{' '}
              <span className="muted">
                · {EXPERT_NAMES[c.agentId]} · {formatDate(c.updatedAt)}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        {!online && <span className="muted">Drafting needs the network.</span>}
        <Button disabled={!chosen || busy || !online} onClick={() => void draft()}>
          Draft questions
        </Button>
      </div>
    </Dialog>
  )
}

/** From Knowledge Base: chosen manuals of one expert. */
export function FromKnowledgeDialog({ open, onOpenChange }: Props) {
  const [expert, setExpert] = useState<Expert>(EXPERTS[0])
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Draft from the knowledge base"
      description="Questions are drafted from facts in the manuals you choose; you review each before publishing."
    >
      <ExpertField label="Expert System" value={expert} onChange={setExpert} />
      {open && <ManualPicker key={expert} expert={expert} onDone={() => onOpenChange(false)} />}
    </Dialog>
  )
}

function ManualPicker({ expert, onDone }: { expert: Expert; onDone: () => void }) {
  const tenant = useTenant()
  const { state } = useExpertDocuments(tenant, expert)
  const review = useDraftAndReview()
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const toggle = (id: string) =>
    setChosen((set) => {
      const next = new Set(set)
      if (!next.delete(id)) next.add(id)
      return next
    })
  const draft = async () => {
    setBusy(true)
    if (await review({ from: 'documents', expert, documentIds: [...chosen] })) onDone()
    setBusy(false)
  }
  if (state.status === 'loading') return <p className="muted">Loading the manuals…</p>
  if (state.status === 'error') return <p className="status-warn">{state.message}</p>
  const ready = state.documents.filter((d) => d.status === 'ready')
  return (
    <>
      <ul className="pick-list" aria-label="Manuals">
        {ready.map((d) => (
          <li key={d.id}>
            <label>
              <input type="checkbox" checked={chosen.has(d.id)} onChange={() => toggle(d.id)} /> {d.title}
            </label>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <Button disabled={chosen.size === 0 || chosen.size > 20 || busy} onClick={() => void draft()}>
          Draft questions
        </Button>
      </div>
    </>
  )
}
