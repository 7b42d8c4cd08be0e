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

/** An arbitrary constant naming the boot lock among PostgreSQL advisory locks. */
const BOOT_LOCK = 7_414_550_917

/**
 * Runs `fn` while no other instance on the same PostgreSQL database runs its own (a session
 * advisory lock on one connection of the pool); on SQLite there is one process and it just runs.
 */
export async function whileStartingAlone<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return fn()
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${BOOT_LOCK})`.execute(connection)
    try {
      return await fn()
    } finally {
      await sql`SELECT pg_advisory_unlock(${BOOT_LOCK})`.execute(connection)
    }
  })
}
