import { type Attempt, type AttemptBody, scoreAttempt, type TrainingQuestion } from '@mw/sync-protocol'
import type { Actor } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { recordChange } from '../db/queries/change-log.ts'
import { findAssignmentById, findTrainingSetById, questionsOfVersion } from '../db/queries/training.ts'
import {
  findAttempt,
  insertAttempt,
  markAssignmentCompleted,
  myResults,
  toAttempt,
} from '../db/queries/training-attempts.ts'
import { ApiError, notFound } from '../errors.ts'
import { now } from '../lib/time.ts'
import type { MutationOutcome } from '../mutations/outcome.ts'

/**
 * Records an attempt by someone the assignment covers (to them, or to their role), scored against
 * the version of the set they took (the current one unless the device says otherwise); an assignment to one person also carries their best complete score, and
 * reaches devices through the sync feed. The attempt's id (made on the device) makes a replay
 * answer the same attempt instead of recording a second.
 */
export async function attemptTraining(
  trx: Db,
  actor: Actor,
  args: { id: string; assignmentId: string; answers: AttemptBody['answers']; setVersion?: number | undefined },
): Promise<MutationOutcome<Attempt>> {
  const { assignmentId } = args
  const earlier = await findAttempt(trx, args.id)
  if (earlier) {
    if (earlier.tenant_slug !== actor.tenant || earlier.user_id !== actor.userId) throw notFound('The attempt')
    return { status: 'applied', value: toAttempt(earlier) }
  }
  const assignment = await findAssignmentById(trx, assignmentId)
  if (!assignment || assignment.tenant_slug !== actor.tenant) throw notFound('The assignment')
  if (assignment.assigned_to_id !== actor.userId && assignment.assigned_to_role !== actor.role) {
    throw new ApiError('forbidden', 'This training is not assigned to you.')
  }
  const set = await findTrainingSetById(trx, assignment.set_id)
  if (!set) throw notFound('The training set')
  const version = args.setVersion ?? set.version
  const taken = await questionsOfVersion(trx, set, version)
  if (taken === null) {
    throw new ApiError('invalid_input', 'That version of the training set is not known.', { field: 'setVersion' })
  }
  const questions = JSON.parse(taken) as TrainingQuestion[]
  const scored = scoreAttempt(questions, args.answers)
  if (!scored.ok) throw new ApiError('invalid_input', scored.reason, { field: 'answers' })
  const { score, answered } = scored
  const attempt: Attempt = { id: args.id, assignmentId, userId: actor.userId, score, completedAt: now() }
  await insertAttempt(trx, {
    id: attempt.id,
    tenant_slug: actor.tenant,
    assignment_id: assignmentId,
    user_id: actor.userId,
    answers_json: JSON.stringify(args.answers),
    answered,
    questions: questions.length,
    score,
    completed_at: attempt.completedAt,
    set_version: version,
  })
  if (assignment.assigned_to_id === actor.userId) {
    const best = (await myResults(trx, actor.userId, [assignmentId])).get(assignmentId)
    if (best !== undefined) {
      await markAssignmentCompleted(trx, assignmentId, best, attempt.completedAt)
      await recordChange(trx, actor.tenant, 'assignment', assignmentId)
    }
  }
  return { status: 'applied', value: attempt }
}
