import { LIMITS } from '@mw/sync-protocol'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { useKeptDraft } from '../../../lib/kept-draft.ts'
import { appendCaseNote } from '../actions.ts'
import { saveCaseChange } from '../save-change.ts'

/** Add Notes: the button stays disabled while the note is blank. */
export function NoteForm({ caseId }: { caseId: string }) {
  const db = useLocalDb()
  const [note, setNote] = useKeptDraft(`note:${caseId}`)
  const [saving, setSaving] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!note.trim()) return
    setSaving(true)
    if (await saveCaseChange(() => appendCaseNote(db, caseId, note))) setNote('')
    setSaving(false)
  }

  return (
    <form className="card no-print" onSubmit={submit} aria-labelledby="add-notes">
      <h2 id="add-notes">Add Notes</h2>
      <label className="sr-only" htmlFor="case-note">
        Note
      </label>
      <textarea
        id="case-note"
        className="input"
        rows={4}
        maxLength={LIMITS.noteMaxChars}
        placeholder="What did you find or do?"
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="form-actions">
        <Button type="submit" disabled={!note.trim() || saving}>
          Add Note
        </Button>
      </div>
    </form>
  )
}
