import { sql } from 'kysely'
import type { Db } from '../database.ts'

/** At shutdown: folds the write-ahead log into the database file, then closes it. */
export async function checkpointAndClose(db: Db): Promise<void> {
  try {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db)
  } finally {
    await db.destroy()
  }
}
