import type { Assignment, MutationArgs, TrainingSet } from '@mw/sync-protocol'
import { type Actor, assertManagerOrAdmin } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { recordChange } from '../db/queries/change-log.ts'
import { toAssignment, toTrainingSet } from '../db/queries/training.ts'
import { ApiError, idTaken } from '../errors.ts'
import { stripHtml } from '../lib/sanitize.ts'
import { now } from '../lib/time.ts'
import { assertMember } from './cases.ts'
import type { MutationOutcome } from './outcome.ts'

/** Any member may build a training set (SPEC.md §6: technicians have training modules). */
export async function createTrainingSet(
  trx: Db,
  actor: Actor,
  args: MutationArgs<'training.createSet'>,
): Promise<MutationOutcome<TrainingSet>> {
  const existing = await trx
    .selectFrom('training_sets')
    .select(['id', 'tenant_slug'])
    .where('id', '=', args.id)
    .executeTakeFirst()
  if (existing) throw idTaken('A training set', 'id', existing.tenant_slug === actor.tenant)
  const at = now()
  await trx
    .insertInto('training_sets')
    .values({
      id: args.id,
      tenant_slug: actor.tenant,
      title: stripHtml(args.title) || 'Untitled training set',
      description: stripHtml(args.description),
      expert: args.expert,
      questions_json: JSON.stringify(args.questions),
      created_by: actor.userId,
      created_at: at,
      updated_at: at,
    })
    .execute()
  await recordChange(trx, actor.tenant, 'trainingSet', args.id)
  const row = await trx.selectFrom('training_sets').selectAll().where('id', '=', args.id).executeTakeFirstOrThrow()
  return { status: 'applied', value: toTrainingSet(row) }
}

/** Assigning training is a manager's or admin's job. */
export async function assignTraining(
  trx: Db,
  actor: Actor,
  args: MutationArgs<'training.assign'>,
): Promise<MutationOutcome<Assignment>> {
  assertManagerOrAdmin(actor, 'Only managers and admins can assign training.')
  const set = await trx
    .selectFrom('training_sets')
    .select('id')
    .where('id', '=', args.setId)
    .where('tenant_slug', '=', actor.tenant)
    .executeTakeFirst()
  if (!set) throw new ApiError('not_found', 'The training set was not found.', { field: 'setId' })
  if (args.assignedToId) await assertMember(trx, actor.tenant, args.assignedToId)
  const existing = await trx.selectFrom('training_assignments').selectAll().where('id', '=', args.id).executeTakeFirst()
  if (existing) throw idTaken('An assignment', 'id', existing.tenant_slug === actor.tenant)
  const at = now()
  await trx
    .insertInto('training_assignments')
    .values({
      id: args.id,
      tenant_slug: actor.tenant,
      set_id: args.setId,
      assigned_to_role: args.assignedToRole,
      assigned_to_id: args.assignedToId,
      completed: 0,
      score: null,
      created_by: actor.userId,
      created_at: at,
      updated_at: at,
    })
    .execute()
  await recordChange(trx, actor.tenant, 'assignment', args.id)
  const row = await trx
    .selectFrom('training_assignments')
    .selectAll()
    .where('id', '=', args.id)
    .executeTakeFirstOrThrow()
  return { status: 'applied', value: toAssignment(row) }
}
