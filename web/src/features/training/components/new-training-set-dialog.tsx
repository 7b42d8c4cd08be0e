import { type Expert, LIMITS } from '@mw/sync-protocol'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { ExpertField } from '../../../components/ui/expert-field.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { savedToast } from '../../../lib/saved-toast.ts'
import { createTrainingSet } from '../actions.ts'

interface Props {
  open: boolean
  onOpenChange: (open: boolean) => void
  initialTitle: string
  initialExpert: Expert
}

export function NewTrainingSetDialog({ open, onOpenChange, initialTitle, initialExpert }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New Training Set">
      {open && (
        <NewTrainingSetForm
          initialTitle={initialTitle}
          initialExpert={initialExpert}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  )
}

export function NewTrainingSetForm({
  initialTitle,
  initialExpert,
  onDone,
}: {
  initialTitle: string
  initialExpert: Expert
  onDone: () => void
}) {
  const db = useLocalDb()
  const [title, setTitle] = useState(initialTitle)
  const [description, setDescription] = useState('')
  const [expert, setExpert] = useState<Expert>(initialExpert)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!title.trim()) {
      errorToast('Title required', 'Please enter a title for the training set.')
      return
    }
    try {
      await createTrainingSet(db, { title: title.trim(), description: description.trim(), expert })
      savedToast('Training set created')
      onDone()
    } catch (error) {
      errorToast('Creation failed', errorText(error))
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField label="Title" value={title} maxLength={LIMITS.titleMaxChars} onChange={setTitle} />
      <Field label="Description">
        {(id) => (
          <textarea
            id={id}
            className="input"
            rows={3}
            maxLength={4000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      <ExpertField label="Expert System" value={expert} onChange={setExpert} />
      <div className="form-actions">
        <Button type="submit">Create Training Set</Button>
      </div>
    </form>
  )
}
