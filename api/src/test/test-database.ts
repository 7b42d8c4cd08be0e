import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, inject } from 'vitest'
import { type Db, openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'

/**
 * A database of its own for a test: SQLite in memory, or in the `api-pg` project a new database in
 * the run's PostgreSQL cluster (a copy of the migrated template, or empty). Closed after the file.
 */
const opened: Db[] = []
afterAll(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()))
})

export const onPostgres = () => Boolean(inject('postgresUrl'))

export async function testDatabase(options: { migrated?: boolean } = {}): Promise<Db> {
  const migrated = options.migrated ?? true
  const base = inject('postgresUrl')
  if (!base) {
    const { db } = openDatabase(':memory:')
    if (migrated) await migrateToLatest(db)
    return db
  }
  const name = `t_${randomUUID().replaceAll('-', '')}`
  const admin = openDatabase(`${base}postgres`).db
  try {
    await sql.raw(`CREATE DATABASE ${name} TEMPLATE ${migrated ? 'mw_template' : 'template0'}`).execute(admin)
  } finally {
    await admin.destroy()
  }
  const { db } = openDatabase(`${base}${name}`)
  opened.push(db)
  return db
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set in the `api-pg` project: the test cluster's base URL. */
    postgresUrl?: string
  }
}
