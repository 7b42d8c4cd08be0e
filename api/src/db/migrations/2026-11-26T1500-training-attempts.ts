import { type Kysely, sql } from 'kysely'
import { runDdl } from '../ddl.ts'

/**
 * A person's attempt at an assigned training set: their answers and the score the server gave
 * them against the set as it was then (a later edit of the set never rescores it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, [
    `CREATE TABLE training_attempts (
      id TEXT PRIMARY KEY,
      tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
      assignment_id TEXT NOT NULL REFERENCES training_assignments(id) ON DELETE CASCADE,
      user_id TEXT NOT NULL,
      answers_json TEXT NOT NULL,
      answered INTEGER NOT NULL,
      questions INTEGER NOT NULL,
      score INTEGER NOT NULL,
      completed_at TEXT NOT NULL
    )`,
  ])
  await runDdl(db, ['CREATE INDEX training_attempts_assignment ON training_attempts (assignment_id, user_id)'])
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS training_attempts').execute(db)
}
