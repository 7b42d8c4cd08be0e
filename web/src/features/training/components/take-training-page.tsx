import { type AttemptBody, scoreAttempt, type TrainingQuestion } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { useTenant } from '../../../lib/use-tenant.ts'
import { submitAttempt } from '../actions.ts'
import { LabelFigure } from './label-figure.tsx'

type Answer = AttemptBody['answers'][number]

/**
 * Takes an assigned set on the device, one question at a time: a choice (or labels) per question,
 * then the explanation, then the next. At the end the answers go through the outbox once and the
 * score shows at once, offline too.
 */
export function TakeTrainingPage() {
  const tenant = useTenant()
  const db = useLocalDb()
  const { assignmentId = '' } = useParams()
  const data = useLiveQuery(async () => {
    const assignment = await db.assignments.get(assignmentId)
    return { assignment, set: assignment ? await db.trainingSets.get(assignment.setId) : undefined }
  }, [db, assignmentId])
  const [answers, setAnswers] = useState<Answer[]>([])
  const [shown, setShown] = useState(false)
  const [finished, setFinished] = useState<number | null>(null)
  const back = `/t/${tenant}/training`

  if (data === undefined) return <Skeleton />
  const set = data.set
  if (!set) {
    return (
      <div className="page">
        <EmptyState title="Training not on this device" text="Open it once while online, then it works offline too.">
          <Link className="btn btn-secondary" to={back}>
            Back to training
          </Link>
        </EmptyState>
      </div>
    )
  }
  const index = answers.length - (shown ? 1 : 0)
  const question = set.questions[index]

  const answer = (a: Answer) => {
    setAnswers([...answers, a])
    setShown(true)
  }
  const next = async () => {
    setShown(false)
    if (answers.length < set.questions.length) return
    try {
      await submitAttempt(db, assignmentId, answers, set.version ?? 1)
      const scored = scoreAttempt(set.questions, answers)
      setFinished(scored.ok ? scored.score : 0)
    } catch {
      errorToast('Not saved', 'The answers could not be saved on this device. Please try again.')
    }
  }

  if (finished !== null) {
    return (
      <div className="page">
        <h1>{set.title}</h1>
        <p className="training-score" role="status">
          Your score: {finished}%
        </p>
        <p className="muted">Your answers are saved and reach your manager when the device is online.</p>
        <Link className="btn" to={back}>
          Back to training
        </Link>
      </div>
    )
  }
  if (!question) return <Skeleton />
  const given = shown ? answers[answers.length - 1] : undefined
  return (
    <div className="page training-player">
      <p className="muted">
        {set.title} · Question {index + 1} of {set.questions.length}
      </p>
      <h1>{question.question}</h1>
      {question.type === 'mcq' ? (
        <ChoiceQuestion question={question} given={given} onAnswer={(choice) => answer({ question: index, choice })} />
      ) : (
        <LabelQuestion question={question} given={given} onAnswer={(labels) => answer({ question: index, labels })} />
      )}
      {shown && (
        <div className="form-actions">
          <Button onClick={() => void next()}>
            {answers.length < set.questions.length ? 'Next question' : 'Finish'}
          </Button>
        </div>
      )}
    </div>
  )
}

type Mcq = Extract<TrainingQuestion, { type: 'mcq' }>
type Labels = Extract<TrainingQuestion, { type: 'image-label' }>

function ChoiceQuestion({
  question,
  given,
  onAnswer,
}: {
  question: Mcq
  given?: Answer
  onAnswer: (c: number) => void
}) {
  const chosen = given && 'choice' in given ? given.choice : null
  return (
    <div className="stack">
      <fieldset className="training-options">
        <legend className="sr-only">Answers</legend>
        {question.options.map((option, i) => (
          <button
            key={option}
            type="button"
            className={`btn btn-secondary training-option${chosen !== null && i === question.correct ? ' training-right' : ''}${chosen === i && i !== question.correct ? ' training-wrong' : ''}`}
            disabled={chosen !== null}
            aria-pressed={chosen === i}
            onClick={() => onAnswer(i)}
          >
            {option}
          </button>
        ))}
      </fieldset>
      {chosen !== null && (
        <div className="card" role="status">
          <strong>
            {chosen === question.correct ? 'Correct.' : `Not quite: ${question.options[question.correct]}.`}
          </strong>
          {question.explanation && <p>{question.explanation}</p>}
          {question.source?.url?.startsWith('/t/') && (
            <p>
              <Link to={question.source.url}>Read it in {question.source.title}</Link>
            </p>
          )}
        </div>
      )}
    </div>
  )
}

function LabelQuestion({
  question,
  given,
  onAnswer,
}: {
  question: Labels
  given?: Answer
  onAnswer: (labels: string[]) => void
}) {
  const [labels, setLabels] = useState<string[]>(question.labelPoints.map(() => ''))
  const done = given !== undefined
  return (
    <div className="stack">
      <LabelFigure imageUrl={question.imageUrl} alt={question.question} points={question.labelPoints} />
      {question.labelPoints.map((point, i) => (
        <label key={`${point.x},${point.y}`} className="field">
          <span>Label {i + 1}</span>
          <input
            className="input"
            value={labels[i] ?? ''}
            readOnly={done}
            onChange={(e) => setLabels(labels.map((l, k) => (k === i ? e.target.value : l)))}
          />
          {done && <span className="muted">Answer: {point.label}</span>}
        </label>
      ))}
      {/* Checking shows the answers: only once every label has a guess. */}
      {!done && (
        <Button disabled={labels.some((label) => !label.trim())} onClick={() => onAnswer(labels)}>
          Check labels
        </Button>
      )}
    </div>
  )
}
