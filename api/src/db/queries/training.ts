import type { Assignment, TrainingQuestion, TrainingSet } from '@mw/sync-protocol'
import type { Insertable } from 'kysely'
import type { Actor } from '../../auth/actor.ts'
import { isManagerOrAdmin } from '../../auth/actor.ts'
import type { Db } from '../database.ts'
import type {
  TrainingAssignmentRow,
  TrainingAssignmentTable,
  TrainingImageTable,
  TrainingSetRow,
  TrainingSetTable,
} from '../tables/training.table.ts'
import { type PageRequest, pagedList, WHOLE_LIST } from './paging.ts'

export const toTrainingSet = (row: TrainingSetRow): TrainingSet => ({
  id: row.id,
  title: row.title,
  description: row.description,
  expert: row.expert as TrainingSet['expert'],
  questions: JSON.parse(row.questions_json) as TrainingQuestion[],
  status: row.status as TrainingSet['status'],
  version: row.version,
  createdBy: row.created_by,
  createdAt: row.created_at,
})

export const toAssignment = (row: TrainingAssignmentRow): Assignment => ({
  id: row.id,
  setId: row.set_id,
  dueDate: row.due_date,
  assignedToRole: row.assigned_to_role as Assignment['assignedToRole'],
  assignedToId: row.assigned_to_id,
  completed: row.completed === 1,
  score: row.score,
  createdAt: row.created_at,
})

/** Every member sees the tenant's sets, drafts labelled so (the spec's list); only managers and admins edit them. */
const trainingSetsPage = pagedList({ sort: 'created_at', id: 'id', desc: true }, (db, _shape: null, tenant: string) =>
  db.selectFrom('training_sets').selectAll().where('tenant_slug', '=', tenant),
)

export const listTrainingSets = (db: Db, tenant: string, page: PageRequest = WHOLE_LIST) =>
  trainingSetsPage(db, null, page, tenant)

/** Managers and admins see every assignment; others see the ones for them or their role. */
export const canSeeAssignment = (
  actor: Actor,
  row: Pick<TrainingAssignmentRow, 'assigned_to_id' | 'assigned_to_role'>,
) => isManagerOrAdmin(actor) || row.assigned_to_id === actor.userId || row.assigned_to_role === actor.role

const assignmentsPage = pagedList(
  { sort: 'created_at', id: 'id', desc: true },
  (db, everyone: boolean, tenant: string, userId: string | undefined, role: string | undefined) => {
    const query = db.selectFrom('training_assignments').selectAll().where('tenant_slug', '=', tenant)
    if (everyone) return query
    if (userId === undefined || role === undefined) throw new Error("A member's assignments need their id and role")
    return query.where((eb) => eb.or([eb('assigned_to_id', '=', userId), eb('assigned_to_role', '=', role)]))
  },
)

export function listAssignments(
  db: Db,
  actor: Actor,
  page: PageRequest = WHOLE_LIST,
): Promise<TrainingAssignmentRow[]> {
  const everyone = isManagerOrAdmin(actor)
  return everyone
    ? assignmentsPage(db, true, page, actor.tenant, undefined, undefined)
    : assignmentsPage(db, false, page, actor.tenant, actor.userId, actor.role)
}

export const findTrainingSetById = (db: Db, id: string) =>
  db.selectFrom('training_sets').selectAll().where('id', '=', id).executeTakeFirst()

export const findTenantTrainingSet = (db: Db, tenant: string, id: string) =>
  db.selectFrom('training_sets').selectAll().where('id', '=', id).where('tenant_slug', '=', tenant).executeTakeFirst()

/**
 * Replaces a set's content as its next version, keeping the questions of the version it
 * replaces so attempts taken against that one are still scored against it.
 */
export async function saveTrainingSetVersion(
  db: Db,
  row: TrainingSetRow,
  next: { title: string; description: string; questions_json: string; status: string },
  at: string,
): Promise<void> {
  await db
    .insertInto('training_set_versions')
    .values({ set_id: row.id, version: row.version, questions_json: row.questions_json })
    .onConflict((oc) => oc.columns(['set_id', 'version']).doNothing())
    .execute()
  await db
    .updateTable('training_sets')
    .set({ ...next, version: row.version + 1, updated_at: at })
    .where('id', '=', row.id)
    .execute()
}

export async function insertTrainingImage(db: Db, row: Insertable<TrainingImageTable>): Promise<void> {
  await db.insertInto('training_images').values(row).execute()
}

export const findTrainingImage = (db: Db, tenant: string, id: string) =>
  db.selectFrom('training_images').selectAll().where('tenant_slug', '=', tenant).where('id', '=', id).executeTakeFirst()

export async function publishTrainingSet(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('training_sets').set({ status: 'published', updated_at: at }).where('id', '=', id).execute()
}

export async function hasAssignments(db: Db, setId: string): Promise<boolean> {
  const row = await db.selectFrom('training_assignments').select('id').where('set_id', '=', setId).executeTakeFirst()
  return row !== undefined
}

/** The questions of one version of a set (the current one is on the set itself). */
export async function questionsOfVersion(db: Db, row: TrainingSetRow, version: number): Promise<string | null> {
  if (version === row.version) return row.questions_json
  const kept = await db
    .selectFrom('training_set_versions')
    .select('questions_json')
    .where('set_id', '=', row.id)
    .where('version', '=', version)
    .executeTakeFirst()
  return kept?.questions_json ?? null
}

export async function insertTrainingSet(db: Db, row: Insertable<TrainingSetTable>): Promise<void> {
  await db.insertInto('training_sets').values(row).execute()
}

export const findAssignmentById = (db: Db, id: string) =>
  db.selectFrom('training_assignments').selectAll().where('id', '=', id).executeTakeFirst()

export async function insertAssignment(db: Db, row: Insertable<TrainingAssignmentTable>): Promise<void> {
  await db.insertInto('training_assignments').values(row).execute()
}
