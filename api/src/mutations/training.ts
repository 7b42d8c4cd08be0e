import {
  type Assignment,
  isTrainingImageUrl,
  type MutationArgs,
  type TrainingQuestion,
  type TrainingSet,
} from '@mw/sync-protocol'
import { type Actor, assertManagerOrAdmin } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { recordChange } from '../db/queries/change-log.ts'
import {
  findAssignmentById,
  findTenantTrainingSet,
  findTrainingSetById,
  hasAssignments,
  insertAssignment,
  insertTrainingSet,
  publishTrainingSet,
  saveTrainingSetVersion,
  toAssignment,
  toTrainingSet,
} from '../db/queries/training.ts'
import { ApiError, idTaken } from '../errors.ts'
import { stripHtml } from '../lib/sanitize.ts'
import { now } from '../lib/time.ts'
import { assertMember } from './cases.ts'
import type { MutationOutcome } from './outcome.ts'

function assertOwnImages(actor: Actor, questions: TrainingQuestion[]): void {
  const bad = questions.findIndex((q) => q.type === 'image-label' && !isTrainingImageUrl(q.imageUrl, actor.tenant))
  if (bad >= 0) {
    throw new ApiError('invalid_input', 'An image-label question needs an image uploaded here (Add image).', {
      field: `questions.${bad}.imageUrl`,
    })
  }
}

/** Any member may build a training set (technicians have training modules); only a manager or admin publishes one. */
export async function createTrainingSet(
  trx: Db,
  actor: Actor,
  args: MutationArgs<'training.createSet'>,
): Promise<MutationOutcome<TrainingSet>> {
  if (args.status === 'published') assertManagerOrAdmin(actor, 'Only managers and admins publish training sets.')
  assertOwnImages(actor, args.questions)
  const existing = await findTrainingSetById(trx, args.id)
  if (existing) throw idTaken('A training set', 'id', existing.tenant_slug === actor.tenant)
  const at = now()
  await insertTrainingSet(trx, {
    id: args.id,
    tenant_slug: actor.tenant,
    title: stripHtml(args.title) || 'Untitled training set',
    description: stripHtml(args.description),
    expert: args.expert,
    questions_json: JSON.stringify(args.questions),
    status: args.status,
    created_by: actor.userId,
    created_at: at,
    updated_at: at,
  })
  await recordChange(trx, actor.tenant, 'trainingSet', args.id)
  const row = await findTrainingSetById(trx, args.id)
  if (!row) throw new Error(`training set ${args.id} vanished inside its own transaction`)
  return { status: 'applied', value: toTrainingSet(row) }
}

/**
 * A manager's or admin's edit: title, description and questions replaced whole as the set's next
 * version (a draft may be published here); earlier attempts keep the scores of what they took.
 */
export async function updateTrainingSet(
  trx: Db,
  actor: Actor,
  args: MutationArgs<'training.updateSet'>,
): Promise<MutationOutcome<TrainingSet>> {
  assertManagerOrAdmin(actor, 'Only managers and admins can edit training sets.')
  assertOwnImages(actor, args.questions)
  const row = await findTenantTrainingSet(trx, actor.tenant, args.id)
  if (!row) throw new ApiError('not_found', 'The training set was not found.', { field: 'id' })
  if (row.status === 'published' && args.status === 'draft' && (await hasAssignments(trx, row.id))) {
    throw new ApiError('conflict', 'This set is assigned: it stays published. Edit it, or make a copy as a draft.')
  }
  const next = {
    title: stripHtml(args.title) || 'Untitled training set',
    description: stripHtml(args.description),
    questions_json: JSON.stringify(args.questions),
    status: args.status,
  }
  const same = next.title === row.title && next.description === row.description && next.status === row.status
  if (same && next.questions_json === row.questions_json) return { status: 'applied', value: toTrainingSet(row) }
  await saveTrainingSetVersion(trx, row, next, now())
  await recordChange(trx, actor.tenant, 'trainingSet', row.id)
  const saved = await findTrainingSetById(trx, row.id)
  if (!saved) throw new Error(`training set ${row.id} vanished inside its own transaction`)
  return { status: 'applied', value: toTrainingSet(saved) }
}

/** Assigning training is a manager's or admin's job. */
export async function assignTraining(
  trx: Db,
  actor: Actor,
  args: MutationArgs<'training.assign'>,
): Promise<MutationOutcome<Assignment>> {
  assertManagerOrAdmin(actor, 'Only managers and admins can assign training.')
  const set = await findTenantTrainingSet(trx, actor.tenant, args.setId)
  if (!set) throw new ApiError('not_found', 'The training set was not found.', { field: 'setId' })
  if (args.assignedToId) await assertMember(trx, actor.tenant, args.assignedToId)
  const existing = await findAssignmentById(trx, args.id)
  if (existing) throw idTaken('An assignment', 'id', existing.tenant_slug === actor.tenant)
  const at = now()
  await insertAssignment(trx, {
    id: args.id,
    tenant_slug: actor.tenant,
    set_id: args.setId,
    assigned_to_role: args.assignedToRole,
    assigned_to_id: args.assignedToId,
    due_date: args.dueDate,
    completed: 0,
    score: null,
    created_by: actor.userId,
    created_at: at,
    updated_at: at,
  })
  await recordChange(trx, actor.tenant, 'assignment', args.id)
  // Assigning is publishing: the people it goes to must see the set.
  if (set.status === 'draft') {
    await publishTrainingSet(trx, set.id, at)
    await recordChange(trx, actor.tenant, 'trainingSet', set.id)
  }
  const row = await findAssignmentById(trx, args.id)
  if (!row) throw new Error(`assignment ${args.id} vanished inside its own transaction`)
  return { status: 'applied', value: toAssignment(row) }
}
