import { type Expert, LIMITS, type Source } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { addAnswerToCase } from '../actions.ts'
import { answerText } from './answer-text.ts'

const NEW_CASE = 'new'

/** "Add to case": the answer and its sources become a note on an open case, or on a new one. Offline too. */
export function AddToCase({
  content,
  sources,
  expert,
  conversationId,
  onDone,
}: {
  content: string
  sources: Source[]
  expert: Expert
  conversationId: string | null
  onDone: () => void
}) {
  const db = useLocalDb()
  const cases = useLiveQuery(
    async () =>
      (await db.cases.toArray())
        .filter((c) => c.status !== 'Resolved')
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    [db],
  )
  const [choice, setChoice] = useState('')
  const [title, setTitle] = useState('')
  const target = choice || cases?.[0]?.id || NEW_CASE

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const isNew = target === NEW_CASE
    if (isNew && !title.trim()) {
      errorToast('Add to case', 'Give the new case a title.')
      return
    }
    try {
      await addAnswerToCase(
        db,
        isNew ? { newCase: { title: title.trim(), expert, conversationId } } : { caseId: target },
        { text: answerText(content), sources },
      )
      toast({ title: 'Added to case', description: 'The answer and its sources are a note on the case.' })
      onDone()
    } catch {
      errorToast('Add to case', 'The note could not be saved on this device. Please try again.')
    }
  }

  return (
    <form className="answer-comment" onSubmit={submit} aria-label="Add to case">
      <select className="select" aria-label="Case" value={target} onChange={(e) => setChoice(e.target.value)}>
        {(cases ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
        <option value={NEW_CASE}>New case…</option>
      </select>
      {target === NEW_CASE && (
        <input
          className="input"
          aria-label="New case title"
          placeholder="New case title"
          maxLength={LIMITS.titleMaxChars}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      )}
      <Button type="submit" variant="secondary">
        Add
      </Button>
    </form>
  )
}
