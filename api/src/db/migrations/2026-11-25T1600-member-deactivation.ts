import { type Kysely, sql } from 'kysely'

/** A member can be deactivated (no access, every session ended) and reactivated, keeping their history and role. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE memberships ADD COLUMN deactivated_at TEXT`).execute(db)
}
