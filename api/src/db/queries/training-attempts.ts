import type { Attempt } from '@mw/sync-protocol'
import { sql } from 'kysely'
import type { Actor } from '../../auth/actor.ts'
import type { Db } from '../database.ts'
import type { TrainingAssignmentRow, TrainingAttemptTable } from '../tables/training.table.ts'

export const findAttempt = (db: Db, id: string) =>
  db.selectFrom('training_attempts').selectAll().where('id', '=', id).executeTakeFirst()

export const toAttempt = (row: TrainingAttemptTable): Attempt => ({
  id: row.id,
  assignmentId: row.assignment_id,
  userId: row.user_id,
  score: row.score,
  completedAt: row.completed_at,
})

export async function insertAttempt(db: Db, row: TrainingAttemptTable): Promise<void> {
  await db.insertInto('training_attempts').values(row).execute()
}

/** Assignments covering the actor: to them, or to their role. */
export const myAssignments = (db: Db, actor: Actor) =>
  db
    .selectFrom('training_assignments')
    .selectAll()
    .where('tenant_slug', '=', actor.tenant)
    .where((eb) => eb.or([eb('assigned_to_id', '=', actor.userId), eb('assigned_to_role', '=', actor.role)]))
    .orderBy('created_at', 'desc')
    .execute()

/** Per assignment, the user's best complete score, and whether they completed it. */
export async function myResults(db: Db, userId: string, assignmentIds: string[]) {
  if (assignmentIds.length === 0) return new Map<string, number>()
  const rows = await db
    .selectFrom('training_attempts')
    .select((eb) => ['assignment_id', eb.fn.max('score').as('best')])
    .where('user_id', '=', userId)
    .where('assignment_id', 'in', assignmentIds)
    .whereRef('answered', '>=', 'questions')
    .groupBy('assignment_id')
    .execute()
  return new Map(rows.map((r) => [r.assignment_id, Number(r.best)]))
}

/** Who each assignment covers, and how many of them completed it or only started. */
export async function assignmentStats(db: Db, tenant: string, rows: TrainingAssignmentRow[]) {
  const progress = await assignmentProgress(db, tenant, rows)
  return new Map(
    [...progress].map(([id, { assigned, completed, inProgress }]) => [id, { assigned, completed, inProgress }]),
  )
}

/**
 * Per assignment: the people it covers, those who completed it (an attempt that answered every
 * question, or a one-person assignment marked completed), those only started, and the completed
 * people's best scores.
 */
export async function assignmentProgress(db: Db, tenant: string, rows: TrainingAssignmentRow[]) {
  const members = await db
    .selectFrom('memberships')
    .select(['user_id', 'role'])
    .where('tenant_slug', '=', tenant)
    .where('deactivated_at', 'is', null)
    .execute()
  const attempts = await db
    .selectFrom('training_attempts')
    .select([
      'assignment_id',
      'user_id',
      sql<number>`max(case when answered >= questions then 1 else 0 end)`.as('complete'),
      sql<number | null>`max(case when answered >= questions then score end)`.as('best'),
    ])
    .where('tenant_slug', '=', tenant)
    .groupBy(['assignment_id', 'user_id'])
    .execute()
  return new Map(
    rows.map((row) => {
      const covered = new Set(
        row.assigned_to_id
          ? [row.assigned_to_id]
          : members.filter((m) => m.role === row.assigned_to_role).map((m) => m.user_id),
      )
      const mine = attempts.filter((a) => a.assignment_id === row.id && covered.has(a.user_id))
      const done = mine.filter((a) => Number(a.complete) === 1)
      const scores = done.map((a) => Number(a.best))
      // A one-person assignment completed before attempts were recorded keeps its own flag and score.
      if (row.assigned_to_id && row.completed === 1 && done.length === 0) scores.push(row.score ?? 0)
      const started = mine.length - done.length
      return [row.id, { assigned: covered.size, completed: scores.length, inProgress: started, scores }]
    }),
  )
}

/** The people an assignment covers now: its one user, or the active members holding its role. */
export async function coveredUsers(db: Db, tenant: string, row: TrainingAssignmentRow): Promise<string[]> {
  if (row.assigned_to_id) return [row.assigned_to_id]
  const members = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('tenant_slug', '=', tenant)
    .where('role', '=', row.assigned_to_role ?? '')
    .where('deactivated_at', 'is', null)
    .execute()
  return members.map((m) => m.user_id)
}

export const attemptsOf = (db: Db, assignmentId: string) =>
  db
    .selectFrom('training_attempts')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .orderBy('completed_at')
    .execute()

/** An assignment to one person, completed: their best complete score so far. */
export const markAssignmentCompleted = (db: Db, assignmentId: string, score: number, at: string) =>
  db
    .updateTable('training_assignments')
    .set({ completed: 1, score, updated_at: at })
    .where('id', '=', assignmentId)
    .execute()
