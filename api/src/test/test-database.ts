import { randomUUID } from 'node:crypto'
import { afterAll, inject } from 'vitest'
import { type Db, openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { createPostgresDatabase } from '../db/queries/copy.ts'

/**
 * A database of its own for a test: SQLite in memory, or in the `api-pg` project a new database in
 * the run's PostgreSQL cluster (a copy of the migrated template, or empty). Closed after the file.
 */
const opened: Db[] = []
// Benchmarks use the test kits outside Vitest too: there, SQLite and no hooks.
const inVitest = Boolean(process.env.VITEST)
if (inVitest) {
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((db) => db.destroy()))
  })
}
const postgresUrl = () => (inVitest ? inject('postgresUrl') : undefined)

export const onPostgres = () => Boolean(postgresUrl())

export async function testDatabase(options: { migrated?: boolean } = {}): Promise<Db> {
  const migrated = options.migrated ?? true
  if (!postgresUrl()) {
    const { db } = openDatabase(':memory:')
    if (migrated) await migrateToLatest(db)
    return db
  }
  const { db } = openDatabase(await newPostgresDatabase(migrated ? 'mw_template' : 'template0'))
  opened.push(db)
  return db
}

/** In the `api-pg` project: the URL of a new database, empty or a copy of the migrated template. */
export async function newPostgresDatabase(template: 'mw_template' | 'template0' = 'template0'): Promise<string> {
  const base = postgresUrl()
  if (!base) throw new Error('newPostgresDatabase runs in the api-pg project only')
  const name = `t_${randomUUID().replaceAll('-', '')}`
  const admin = openDatabase(`${base}postgres`).db
  try {
    await createPostgresDatabase(admin, name, template)
  } finally {
    await admin.destroy()
  }
  return `${base}${name}`
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set in the `api-pg` project: the test cluster's base URL. */
    postgresUrl?: string
  }
}
