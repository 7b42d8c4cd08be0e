import type { Kysely } from 'kysely'
import { runDdl } from '../ddl.ts'

/**
 * A large file sent from a boat in pieces: what has arrived so far, in the database (so any
 * instance can take the next piece), until the attachment that uses it is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, [
    `CREATE TABLE staged_uploads (
      id TEXT PRIMARY KEY,
      tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
      user_id TEXT NOT NULL,
      received INTEGER NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE TABLE staged_chunks (
      upload_id TEXT NOT NULL REFERENCES staged_uploads(id) ON DELETE CASCADE,
      start_byte INTEGER NOT NULL,
      bytes BLOB NOT NULL,
      PRIMARY KEY (upload_id, start_byte)
    )`,
  ])
}
