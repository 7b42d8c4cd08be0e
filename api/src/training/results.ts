import { type AssignmentResults, type AttemptBody, scoreAttempt, type TrainingQuestion } from '@mw/sync-protocol'
import type { Db } from '../db/database.ts'
import { attemptsOf, coveredUsers } from '../db/queries/training-attempts.ts'
import { displayNames } from '../db/queries/users.ts'
import type { TrainingAssignmentRow, TrainingSetRow } from '../db/tables/training.table.ts'

/**
 * What a manager reads about an assignment: each person it covers with their best complete
 * score, and the questions of the set's current version most often missed (knowledge gaps). A
 * person's latest attempt on the current version counts once towards the misses.
 */
export async function assignmentResults(
  db: Db,
  tenant: string,
  assignment: TrainingAssignmentRow,
  set: TrainingSetRow,
): Promise<AssignmentResults> {
  const covered = await coveredUsers(db, tenant, assignment)
  const attempts = (await attemptsOf(db, assignment.id)).filter((a) => covered.includes(a.user_id))
  const names = await displayNames(db, covered)
  const people = covered.map((userId) => {
    const mine = attempts.filter((a) => a.user_id === userId)
    const complete = mine.filter((a) => a.answered >= a.questions)
    return {
      userId,
      name: names.get(userId) ?? 'A former member',
      attempts: mine.length,
      bestScore: complete.length ? Math.max(...complete.map((a) => a.score)) : null,
      lastAttemptAt: mine.at(-1)?.completed_at ?? null,
    }
  })
  const questions = JSON.parse(set.questions_json) as TrainingQuestion[]
  const latest = new Map<string, AttemptBody['answers']>()
  for (const a of attempts) {
    if ((a.set_version ?? 1) === set.version) latest.set(a.user_id, JSON.parse(a.answers_json))
  }
  const missed = questions.map((q, index) => ({ question: index, text: q.question, missed: 0, answered: 0 }))
  for (const answers of latest.values()) {
    const scored = scoreAttempt(questions, answers)
    if (!scored.ok) continue
    scored.marks.forEach((mark, index) => {
      const row = missed[index]
      if (mark === null || !row) return
      row.answered += 1
      if (mark < 1) row.missed += 1
    })
  }
  return {
    people: people.sort((a, b) => a.name.localeCompare(b.name)),
    missed: missed.filter((m) => m.missed > 0).sort((a, b) => b.missed - a.missed || a.question - b.question),
  }
}
