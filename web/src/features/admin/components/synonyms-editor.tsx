import { type Expert, synonymsAnswerSchema } from '@mw/sync-protocol'
import { type FormEvent, useEffect, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { ApiError, apiRequest } from '../../../lib/api-client.ts'

const toText = (groups: string[][]) => groups.map((g) => g.join(', ')).join('\n')
const toGroups = (text: string) =>
  text
    .split('\n')
    .map((line) =>
      line
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .filter((g) => g.length > 0)

/**
 * Admin Settings → Knowledge: the expert's own words that mean the same ("calorifier, water
 * heater"), searched together with the built-in marine terms. Admins edit; Managers read.
 */
export function SynonymsEditor({ tenant, expert, isAdmin }: { tenant: string; expert: Expert; isAdmin: boolean }) {
  const url = `/api/t/${tenant}/experts/${expert}/synonyms`
  const [text, setText] = useState('')
  const [shipped, setShipped] = useState<string[][]>([])
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    apiRequest('GET', url, synonymsAnswerSchema).then(
      (answer) => {
        if (!live) return
        setText(toText(answer.groups))
        setShipped(answer.shipped)
      },
      () => live && setText(''),
    )
    return () => {
      live = false
    }
  }, [url])

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      const answer = await apiRequest('PUT', url, synonymsAnswerSchema, {
        body: { groups: toGroups(text) },
        idempotencyKey: crypto.randomUUID(),
      })
      setText(toText(answer.groups))
      toast({ title: 'Synonyms saved', description: 'Questions to this expert now search these words together.' })
    } catch (error) {
      errorToast('Synonyms not saved', error instanceof ApiError ? error.serverMessage : 'Please try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="form" onSubmit={save} aria-label="Synonyms">
      <h3>Words that mean the same</h3>
      <Field
        label="Synonyms"
        hint="One group per line, spellings separated by commas, for example: calorifier, water heater"
      >
        {(id) => (
          <textarea
            id={id}
            className="input"
            rows={4}
            value={text}
            readOnly={!isAdmin}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      <details>
        <summary>Built-in marine terms ({shipped.length} groups)</summary>
        <ul className="muted">
          {shipped.map((group) => (
            <li key={group.join('|')}>{group.join(', ')}</li>
          ))}
        </ul>
      </details>
      {isAdmin && (
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save synonyms'}
          </Button>
        </div>
      )}
    </form>
  )
}
