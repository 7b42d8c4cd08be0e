import { type DraftRequest, documentPassagesSchema, EXPERT_NAMES, EXPERTS, type Expert } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { ExpertField } from '../../../components/ui/expert-field.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { ApiError, apiRequest } from '../../../lib/api-client.ts'
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
  const [sections, setSections] = useState<Set<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const only = chosen.size === 1 ? [...chosen][0] : undefined
  const draft = async () => {
    setBusy(true)
    const request: DraftRequest = {
      from: 'documents',
      expert,
      documentIds: [...chosen],
      ...(only && sections.size ? { sections: [...sections] } : {}),
    }
    if (await review(request)) onDone()
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
              <input
                type="checkbox"
                checked={chosen.has(d.id)}
                onChange={() => {
                  setChosen(toggled(chosen, d.id))
                  setSections(new Set())
                }}
              />{' '}
              {d.title}
            </label>
          </li>
        ))}
      </ul>
      {only && <SectionPicker documentId={only} chosen={sections} onChange={setSections} />}
      <div className="form-actions">
        <Button disabled={chosen.size === 0 || chosen.size > 20 || busy} onClick={() => void draft()}>
          Draft questions
        </Button>
      </div>
    </>
  )
}

const toggled = (set: Set<string>, value: string) => {
  const next = new Set(set)
  if (!next.delete(value)) next.add(value)
  return next
}

/** One manual's top-level sections, to draft from some of them only (none chosen: the whole manual). */
function SectionPicker({
  documentId,
  chosen,
  onChange,
}: {
  documentId: string
  chosen: Set<string>
  onChange: (sections: Set<string>) => void
}) {
  const tenant = useTenant()
  const [names, setNames] = useState<string[] | null>(null)
  useEffect(() => {
    setNames(null)
    apiRequest('GET', `/api/t/${tenant}/documents/${documentId}/passages`, documentPassagesSchema, {
      timeoutMs: 30_000,
    })
      .then(({ passages }) => {
        const tops = passages.flatMap((p) => (p.section ? [p.section.split(' › ')[0] as string] : []))
        setNames([...new Set(tops)])
      })
      .catch(() => setNames([]))
  }, [tenant, documentId])
  if (names === null) return <p className="muted">Loading its sections…</p>
  if (names.length === 0) return null
  return (
    <fieldset className="field">
      <legend>Sections (optional: none chosen drafts from the whole manual)</legend>
      <ul className="pick-list" aria-label="Sections">
        {names.map((name) => (
          <li key={name}>
            <label>
              <input type="checkbox" checked={chosen.has(name)} onChange={() => onChange(toggled(chosen, name))} />{' '}
              {name}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}
