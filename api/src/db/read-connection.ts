import SQLite from 'better-sqlite3'
import type { Db } from './database.ts'
import { withStatementCache } from './statement-cache.ts'

type Read = (sql: string, parameters: readonly unknown[]) => unknown[]
const readers = new WeakMap<Db, Read>()

/**
 * A second, read-only connection to the SQLite file for the reads every request makes (the
 * session lookup, the lists), which are compiled once (`compiled-once.ts`). Kysely's SQLite
 * driver runs every query on one connection behind a lock, through several promise hops; these
 * run at once on their own connection (~10 % of the server's CPU per authenticated read), see
 * only committed rows (WAL), and no longer wait behind a write transaction that awaits between
 * its statements. Returns its close. Not for ':memory:', where another connection is another
 * database.
 */
export function openReadConnection(db: Db, file: string): () => void {
  const sqlite = new SQLite(file, { readonly: true })
  sqlite.pragma('busy_timeout = 5000')
  const statements = withStatementCache(sqlite)
  readers.set(db, (sql, parameters) => {
    const statement = statements.prepare(sql) as unknown as SQLite.Statement
    if (!statement.reader) throw new Error('read connection: a statement that returns no rows')
    return statement.all(parameters)
  })
  return () => statements.close()
}

/** The read connection of `db` itself (never of a transaction: that reads on its own connection). */
export const readConnection = (db: Db): Read | undefined => readers.get(db)
