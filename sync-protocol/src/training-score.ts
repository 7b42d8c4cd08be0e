import type { AttemptBody, TrainingQuestion } from './training.ts'

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

export type AttemptScore =
  /** `marks`: per question of the set, the points its answer earned (0 to 1), null when unanswered. */
  { ok: true; score: number; answered: number; marks: (number | null)[] } | { ok: false; reason: string }

/**
 * Scores an attempt, the same on the server (whose score counts) and on the device (shown at
 * once, offline too): a multiple-choice question counts 1 when the right option was chosen, an
 * image-label question the share of its labels given in order; the score is the percentage of
 * the set's questions. Answers that do not fit the set are refused with the reason.
 */
export function scoreAttempt(questions: TrainingQuestion[], answers: AttemptBody['answers']): AttemptScore {
  const seen = new Set<number>()
  const marks: (number | null)[] = questions.map(() => null)
  for (const answer of answers) {
    const question = questions[answer.question]
    if (!question) return { ok: false, reason: `Question ${answer.question} is not in this set.` }
    if (seen.has(answer.question)) return { ok: false, reason: `Question ${answer.question} is answered twice.` }
    seen.add(answer.question)
    if (question.type === 'mcq') {
      if (!('choice' in answer)) return { ok: false, reason: `Question ${answer.question} takes a choice.` }
      if (answer.choice >= question.options.length) {
        return { ok: false, reason: `Question ${answer.question} has no option ${answer.choice}.` }
      }
      marks[answer.question] = answer.choice === question.correct ? 1 : 0
    } else {
      if (!('labels' in answer)) return { ok: false, reason: `Question ${answer.question} takes labels.` }
      const expected = question.labelPoints.map((p) => p.label)
      const right = expected.filter((label, i) => same(answer.labels[i] ?? '', label))
      marks[answer.question] = expected.length === 0 ? 0 : right.length / expected.length
    }
  }
  const points = marks.reduce<number>((sum, mark) => sum + (mark ?? 0), 0)
  const score = questions.length === 0 ? 0 : Math.round((100 * points) / questions.length)
  return { ok: true, score, answered: seen.size, marks }
}
