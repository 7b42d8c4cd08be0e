import { type Kysely, sql } from 'kysely'
import { runDdl } from '../ddl.ts'

/** Photos and files on a case; the bytes live in the originals store by content hash. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, [
    `CREATE TABLE case_attachments (
      id TEXT PRIMARY KEY,
      tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
      case_id TEXT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
      file_name TEXT NOT NULL,
      content_type TEXT NOT NULL,
      size INTEGER NOT NULL,
      sha256 TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
  ])
  await runDdl(db, ['CREATE INDEX case_attachments_case ON case_attachments (case_id, created_at)'])
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS case_attachments').execute(db)
}
