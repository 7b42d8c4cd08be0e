import { sql } from 'kysely'
import { type Db, isPostgres } from '../database.ts'

/** At shutdown: folds SQLite's write-ahead log into the database file, then closes it (or PostgreSQL's pool). */
export async function checkpointAndClose(db: Db): Promise<void> {
  try {
    if (!isPostgres(db)) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db)
  } finally {
    await db.destroy()
  }
}

/** Whether the database answers at all (readiness). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}
