import type { Kysely } from 'kysely'
import { runDdl } from '../ddl.ts'

/**
 * Conversations can be deleted (kept as deleted for an undo, gone from every list and pull) and
 * answers can be rated.
 */
const statements = [
  `ALTER TABLE conversations ADD COLUMN deleted_at TEXT`,
  `CREATE TABLE message_feedback (
    id TEXT PRIMARY KEY,
    tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
    message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    rating TEXT NOT NULL CHECK (rating IN ('up','down')),
    comment TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (message_id, user_id)
  )`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements)
}
