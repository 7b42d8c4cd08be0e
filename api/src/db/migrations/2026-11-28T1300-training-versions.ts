import type { Kysely } from 'kysely'
import { runDdl } from '../ddl.ts'

/**
 * Training sets as drafts or published, with a version that goes up on each edit; earlier
 * versions' questions are kept so an attempt taken offline against one is scored against it.
 * Assignments may carry a due date. Image-label questions show images kept here (re-encoded,
 * small, so in the database like tenant logos).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, [
    `ALTER TABLE training_sets ADD COLUMN status TEXT NOT NULL DEFAULT 'published'`,
    `ALTER TABLE training_sets ADD COLUMN version INTEGER NOT NULL DEFAULT 1`,
    `ALTER TABLE training_attempts ADD COLUMN set_version INTEGER`,
    'ALTER TABLE training_assignments ADD COLUMN due_date TEXT',
    `CREATE TABLE training_images (
      id TEXT PRIMARY KEY,
      tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
      media_type TEXT NOT NULL,
      bytes BLOB NOT NULL,
      created_by TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
    `CREATE TABLE training_set_versions (
      set_id TEXT NOT NULL REFERENCES training_sets(id) ON DELETE CASCADE,
      version INTEGER NOT NULL,
      questions_json TEXT NOT NULL,
      PRIMARY KEY (set_id, version)
    )`,
  ])
}
