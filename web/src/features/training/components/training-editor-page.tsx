import {
  EXPERT_NAMES,
  LIMITS,
  type TrainingDraft,
  type TrainingQuestion,
  type TrainingSet,
  trainingQuestionSchema,
} from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { TextAreaField } from '../../../components/ui/text-area-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { savedToast } from '../../../lib/saved-toast.ts'
import { useRole } from '../../../lib/session-store.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { type SetContent, saveTrainingSet } from '../actions.ts'
import { QuestionEditor } from './question-editor.tsx'

/** Valid for the server, and an image question has its image and at least one named label. */
const complete = (q: TrainingQuestion) =>
  trainingQuestionSchema.safeParse(q).success && (q.type === 'mcq' || (q.imageUrl !== '' && q.labelPoints.length > 0))

const blankQuestion = (): TrainingQuestion => ({
  type: 'mcq',
  question: '',
  options: ['', ''],
  correct: 0,
  explanation: '',
})

/**
 * The training editor (Managers and Admins): a set kept on the device, or a draft the server just
 * drafted (passed in the navigation state, nothing saved yet) to review before it is saved.
 */
export function TrainingEditorPage() {
  const { id = 'new' } = useParams()
  const draft = (useLocation().state as { draft?: TrainingDraft } | null)?.draft
  const db = useLocalDb()
  const tenant = useTenant()
  const role = useRole(tenant)
  const stored = useLiveQuery(async () => (id === 'new' ? null : ((await db.trainingSets.get(id)) ?? null)), [db, id])
  // These screens are dead ends otherwise in an installed app, which has no browser Back button.
  const backToTraining = (
    <Link className="btn btn-secondary" to={`/t/${tenant}/training`}>
      Back to training
    </Link>
  )

  if (role !== 'Manager' && role !== 'Admin') {
    return (
      <div className="page">
        <EmptyState
          title="Only managers and admins edit training sets"
          text="Your assigned training is on the Training page."
        >
          {backToTraining}
        </EmptyState>
      </div>
    )
  }
  if (stored === undefined) return <Skeleton rows={5} />
  const start = stored ?? (draft ? { ...draft, status: 'draft' as const } : null)
  if (!start) {
    return (
      <div className="page">
        <EmptyState
          title="Training set not found"
          text="It may have been drafted on another screen. Start again from Training."
        >
          {backToTraining}
        </EmptyState>
      </div>
    )
  }
  return <Editor key={stored?.id ?? 'draft'} setId={stored?.id ?? null} start={start} />
}

function Editor({ setId, start }: { setId: string | null; start: SetContent | TrainingSet }) {
  const db = useLocalDb()
  const tenant = useTenant()
  const navigate = useNavigate()
  const [title, setTitle] = useState(start.title)
  const [description, setDescription] = useState(start.description)
  const [questions, setQuestions] = useState<TrainingQuestion[]>(start.questions)
  const [saving, setSaving] = useState(false)
  const published = setId !== null && start.status === 'published'

  const move = (index: number, by: -1 | 1) =>
    setQuestions((list) => {
      const next = [...list]
      const [moved] = next.splice(index, 1)
      if (moved) next.splice(index + by, 0, moved)
      return next
    })

  const save = async (status: TrainingSet['status']) => {
    const problem = !title.trim()
      ? 'Please enter a title for the training set.'
      : questions.length === 0
        ? 'Add at least one question.'
        : questions
            .map((q, i) => (complete(q) ? null : i + 1))
            .filter((n) => n !== null)
            .map((n) => `Question ${n} needs its text, and two filled choices or an image with named labels.`)[0]
    if (problem) return errorToast('Not saved', problem)
    setSaving(true)
    try {
      await saveTrainingSet(db, setId, { title, description, expert: start.expert, questions, status })
      savedToast(status === 'published' ? 'Training set published' : 'Draft saved')
      navigate(`/t/${tenant}/training`)
    } catch (error) {
      errorToast('Not saved', errorText(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="page training-editor">
      <header className="page-header page-header-row">
        <div>
          <h1>{setId ? 'Edit training set' : 'Review drafted training'}</h1>
          <p className="muted">
            {EXPERT_NAMES[start.expert]} · <Badge variant="outline">{published ? 'Published' : 'Draft'}</Badge>
          </p>
        </div>
        <div className="toolbar">
          {!published && (
            <Button variant="secondary" disabled={saving} onClick={() => void save('draft')}>
              Save draft
            </Button>
          )}
          <Button disabled={saving} onClick={() => void save('published')}>
            {published ? 'Save changes' : 'Publish'}
          </Button>
        </div>
      </header>
      <section className="card">
        <TextField label="Title" value={title} onChange={setTitle} maxLength={LIMITS.titleMaxChars} />
        <TextAreaField label="Description" rows={2} value={description} maxLength={4000} onChange={setDescription} />
        {published && (
          <p className="muted">
            Saving makes a new version: answers already given keep the score of the version taken.
          </p>
        )}
      </section>
      {questions.map((q, i) => (
        <QuestionEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: questions have no id; a move re-renders both rows
          key={i}
          index={i}
          count={questions.length}
          question={q}
          onChange={(changed) => setQuestions((list) => list.map((old, j) => (j === i ? changed : old)))}
          onMove={(by) => move(i, by)}
          onRemove={() => setQuestions((list) => list.filter((_, j) => j !== i))}
        />
      ))}
      <div className="form-actions">
        <Button variant="secondary" onClick={() => setQuestions((list) => [...list, blankQuestion()])}>
          Add question
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            setQuestions((list) => [...list, { type: 'image-label', question: '', imageUrl: '', labelPoints: [] }])
          }
        >
          Add image question
        </Button>
      </div>
    </div>
  )
}
