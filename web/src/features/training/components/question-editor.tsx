import type { TrainingQuestion } from '@mw/sync-protocol'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '../../../components/ui/button.tsx'
import { TextAreaField } from '../../../components/ui/text-area-field.tsx'
import { ImageLabelFields } from './image-label-fields.tsx'

type Mcq = Extract<TrainingQuestion, { type: 'mcq' }>

/** One question in the editor: its text, choices (one marked right) and explanation; moved or removed from here. */
export function QuestionEditor({
  index,
  count,
  question,
  onChange,
  onMove,
  onRemove,
}: {
  index: number
  count: number
  question: TrainingQuestion
  onChange: (question: TrainingQuestion) => void
  onMove: (by: -1 | 1) => void
  onRemove: () => void
}) {
  const id = useId()
  return (
    <fieldset className="card question-editor" aria-label={`Question ${index + 1}`}>
      <legend className="question-number">Question {index + 1}</legend>
      {question.type === 'mcq' ? (
        <McqFields id={id} question={question} onChange={onChange} />
      ) : (
        <ImageLabelFields question={question} onChange={onChange} />
      )}
      {question.source && (
        <p className="muted">
          From{' '}
          {question.source.url?.startsWith('/t/') ? (
            <Link to={question.source.url}>{question.source.title}</Link>
          ) : (
            question.source.title
          )}
        </p>
      )}
      <div className="form-actions">
        <Button variant="ghost" disabled={index === 0} onClick={() => onMove(-1)}>
          Move up
        </Button>
        <Button variant="ghost" disabled={index === count - 1} onClick={() => onMove(1)}>
          Move down
        </Button>
        <Button variant="ghost" onClick={onRemove}>
          Delete question
        </Button>
      </div>
    </fieldset>
  )
}

function McqFields({ id, question, onChange }: { id: string; question: Mcq; onChange: (q: Mcq) => void }) {
  const setOption = (i: number, text: string) =>
    onChange({ ...question, options: question.options.map((o, j) => (j === i ? text : o)) })
  const removeOption = (i: number) => {
    const options = question.options.filter((_, j) => j !== i)
    const correct = question.correct === i ? 0 : question.correct > i ? question.correct - 1 : question.correct
    onChange({ ...question, options, correct })
  }
  return (
    <>
      <TextAreaField
        label="Question text"
        value={question.question}
        maxLength={1000}
        onChange={(text) => onChange({ ...question, question: text })}
      />
      <fieldset className="field">
        <legend>Choices (mark the right one)</legend>
        {question.options.map((option, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: choices have no id; their order is their identity
          <div key={i} className="choice-row">
            <input
              type="radio"
              name={`${id}-correct`}
              aria-label={`Choice ${i + 1} is right`}
              checked={question.correct === i}
              onChange={() => onChange({ ...question, correct: i })}
            />
            <input
              className="input"
              aria-label={`Choice ${i + 1}`}
              maxLength={500}
              value={option}
              onChange={(e) => setOption(i, e.target.value)}
            />
            <Button variant="ghost" disabled={question.options.length <= 2} onClick={() => removeOption(i)}>
              Remove
            </Button>
          </div>
        ))}
        {question.options.length < 10 && (
          <Button variant="secondary" onClick={() => onChange({ ...question, options: [...question.options, ''] })}>
            Add choice
          </Button>
        )}
      </fieldset>
      <TextAreaField
        label="Explanation"
        rows={2}
        value={question.explanation}
        maxLength={4000}
        onChange={(explanation) => onChange({ ...question, explanation })}
      />
    </>
  )
}
