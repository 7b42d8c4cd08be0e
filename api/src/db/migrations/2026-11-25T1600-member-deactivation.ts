import type { Kysely } from 'kysely'
import { runDdl } from '../ddl.ts'

/** A member can be deactivated (no access, every session ended) and reactivated, keeping their history and role. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, [`ALTER TABLE memberships ADD COLUMN deactivated_at TEXT`])
}
