import { type Expert, LIMITS } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { ExpertField } from '../../../components/ui/expert-field.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { htmlToText } from '../../../lib/html-to-text.ts'
import { useKeptDraft } from '../../../lib/kept-draft.ts'
import { savedToast } from '../../../lib/saved-toast.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { createCase } from '../actions.ts'

interface Initial {
  title: string
  expert: Expert
  conversationId: string | null
}

/** New Case, also reached from a chat ("Create case") with its title, expert and conversation filled in. */
export function NewCaseDialog({
  open,
  onOpenChange,
  initial,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  initial: Initial
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New Case">
      {open && <NewCaseLoader initial={initial} onDone={() => onOpenChange(false)} />}
    </Dialog>
  )
}

/** From a chat, the case starts with the conversation's first question as its description. */
function NewCaseLoader({ initial, onDone }: { initial: Initial; onDone: () => void }) {
  const db = useLocalDb()
  const { conversationId } = initial
  const question = useLiveQuery(async () => {
    if (!conversationId) return ''
    const first = await db.messages
      .where('[conversationId+createdAt]')
      .between([conversationId, ''], [conversationId, '\uffff'])
      .filter((m) => m.role === 'user')
      .first()
    return first ? htmlToText(first.content).trim() : ''
  }, [db, conversationId])
  if (question === undefined) return <Spinner />
  return <NewCaseForm initial={initial} description={question} onDone={onDone} />
}

function NewCaseForm({
  initial,
  description: initialDescription,
  onDone,
}: {
  initial: Initial
  description: string
  onDone: () => void
}) {
  const db = useLocalDb()
  const tenant = useTenant()
  const navigate = useNavigate()
  const [title, setTitle] = useState(initial.title)
  // The description is the long text: kept on the device as it is typed, so a reload loses none of it.
  const [keptDescription, keepDescription] = useKeptDraft(`new-case:${initial.conversationId ?? 'blank'}`)
  const [description, setDescription] = useState(keptDescription || initialDescription)
  const changeDescription = (text: string) => {
    setDescription(text)
    keepDescription(text)
  }
  const [expert, setExpert] = useState<Expert>(initial.expert)
  const [tags, setTags] = useState('')
  const [vessel, setVessel] = useState('')

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!title.trim()) {
      errorToast('Title required', 'Please enter a title for the case.')
      return
    }
    try {
      const { id } = await createCase(db, {
        title: title.trim(),
        description: description.trim(),
        expert,
        tags: tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
          .slice(0, LIMITS.tagsMax),
        conversationId: initial.conversationId,
        vessel: vessel.trim(),
      })
      keepDescription('')
      savedToast('Case created')
      onDone()
      navigate(`/t/${tenant}/cases/${id}`)
    } catch {
      errorToast('Creation failed', 'The case could not be saved on this device. Please try again.')
    }
  }

  return (
    <form className="form" onSubmit={submit}>
      <TextField label="Title" value={title} maxLength={LIMITS.titleMaxChars} onChange={setTitle} />
      <Field label="Description">
        {(id) => (
          <textarea
            id={id}
            className="input"
            rows={4}
            value={description}
            onChange={(e) => changeDescription(e.target.value)}
          />
        )}
      </Field>
      <TextField label="Vessel (optional)" value={vessel} maxLength={LIMITS.vesselMaxChars} onChange={setVessel} />
      <ExpertField label="Expert" value={expert} onChange={setExpert} />
      <Field label="Tags" hint="Separate tags with commas.">
        {(id) => <input id={id} className="input" value={tags} onChange={(e) => setTags(e.target.value)} />}
      </Field>
      <div className="form-actions">
        <Button type="submit">Create Case</Button>
      </div>
    </form>
  )
}
