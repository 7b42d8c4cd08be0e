import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, inject } from 'vitest'
import { type Db, openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { createPostgresDatabase } from '../db/queries/copy.ts'

/**
 * A database of its own for a test: a SQLite file in a temporary folder (WAL and the separate read
 * connection, as the server runs it), or in the `api-pg` project a new database in the run's
 * PostgreSQL cluster (a copy of the migrated template, or empty). Closed and deleted after the file.
 */
const opened: Db[] = []
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-db-'))
// Benchmarks use the test kits outside Vitest too: there, no hooks, and the folder goes at exit.
const inVitest = Boolean(process.env.VITEST)
const removeFolder = () => fs.rmSync(folder, { recursive: true, force: true })
if (inVitest) {
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((db) => db.destroy()))
    removeFolder()
  })
} else {
  process.once('exit', removeFolder)
}
const postgresUrl = () => (inVitest ? inject('postgresUrl') : undefined)

export const onPostgres = () => Boolean(postgresUrl())

export async function testDatabase(options: { migrated?: boolean } = {}): Promise<Db> {
  const migrated = options.migrated ?? true
  if (!postgresUrl()) {
    const file = path.join(folder, `${randomUUID()}.db`)
    if (migrated) fs.copyFileSync(await migratedTemplate(), file)
    const { db } = openDatabase(file)
    if (inVitest) opened.push(db)
    return db
  }
  const { db } = openDatabase(await newPostgresDatabase(migrated ? 'mw_template' : 'template0'))
  opened.push(db)
  return db
}

let template: Promise<string> | undefined
/** A SQLite file migrated once per test file, copied for each test database (migrating each took longer). */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const file = path.join(folder, 'template.db')
    const { db } = openDatabase(file)
    await migrateToLatest(db)
    // Closing the last connection writes the WAL back into the file, so a copy of the file is whole.
    await db.destroy()
    return file
  })()
  return template
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
