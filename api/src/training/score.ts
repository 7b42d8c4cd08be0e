import type { AttemptBody, TrainingQuestion } from '@mw/sync-protocol'
import { ApiError } from '../errors.ts'

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * Scores an attempt on the server: a multiple-choice question counts 1 when the right option was
 * chosen, an image-label question the share of its labels put in the right place; the score is
 * the percentage of the set's questions. Answers that do not fit the set are refused.
 */
export function scoreAttempt(questions: TrainingQuestion[], answers: AttemptBody['answers']) {
  const seen = new Set<number>()
  let points = 0
  for (const answer of answers) {
    const question = questions[answer.question]
    if (!question) throw invalid(`Question ${answer.question} is not in this set.`)
    if (seen.has(answer.question)) throw invalid(`Question ${answer.question} is answered twice.`)
    seen.add(answer.question)
    if (question.type === 'mcq') {
      if (!('choice' in answer)) throw invalid(`Question ${answer.question} takes a choice.`)
      if (answer.choice >= question.options.length)
        throw invalid(`Question ${answer.question} has no option ${answer.choice}.`)
      if (answer.choice === question.correct) points += 1
    } else {
      if (!('labels' in answer)) throw invalid(`Question ${answer.question} takes labels.`)
      const expected = question.labelPoints.map((p) => p.label)
      if (expected.length === 0) continue
      const right = expected.filter((label, i) => answer.labels[i] !== undefined && same(answer.labels[i] ?? '', label))
      points += right.length / expected.length
    }
  }
  const score = questions.length === 0 ? 0 : Math.round((100 * points) / questions.length)
  return { score, answered: seen.size }
}

const invalid = (message: string) => new ApiError('invalid_input', message, { field: 'answers' })
