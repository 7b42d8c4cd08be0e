import type SQLite from 'better-sqlite3'
import type { SqliteDatabase } from 'kysely'

/**
 * Kysely's SQLite driver prepares every statement anew, and preparing costs more than running
 * a small insert (a sync push runs about ten statements per mutation). Kysely runs each
 * statement to completion synchronously (`all`/`run`) and nothing here streams rows, so one
 * prepared statement per SQL text can be reused. Bounded: the cache empties when it fills (the
 * app's distinct SQL is a few hundred texts; `IN (...)` lists of many lengths are the exception).
 */
export function withStatementCache(sqlite: SQLite.Database, max = 2000): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>()
  return {
    close: () => {
      cache.clear()
      sqlite.close()
    },
    prepare(sql: string) {
      let statement = cache.get(sql)
      if (!statement) {
        if (cache.size >= max) cache.clear()
        statement = sqlite.prepare(sql)
        cache.set(sql, statement)
      }
      return statement
    },
  }
}
