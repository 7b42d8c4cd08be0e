import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Db, openDatabase, openSqlite } from '../src/db/database.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import { createPostgresDatabase } from '../src/db/queries/copy.ts'
import { loadEnv } from '../src/env.ts'
import { createLogger } from '../src/lib/logger.ts'
import { seedIfEmpty } from '../src/seed/seed.ts'
import { startCluster } from '../src/test/postgres-cluster.ts'

/** A migrated, seeded database for a benchmark: in memory, or a temp file when the size matters. */
export async function benchDatabase(file = ':memory:') {
  const opened = openSqlite(file)
  await migrateToLatest(opened.db)
  await seedIfEmpty(opened.db)
  return opened
}

/**
 * A migrated, seeded database on PostgreSQL, in a throwaway cluster (`--postgres` on a benchmark);
 * `close` stops the cluster and removes it.
 */
export async function benchPostgres(): Promise<{ db: Db; close: () => Promise<void> }> {
  const cluster = await startCluster()
  const admin = openDatabase(`${cluster.baseUrl}postgres`).db
  await createPostgresDatabase(admin, 'bench')
  await admin.destroy()
  const { db } = openDatabase(`${cluster.baseUrl}bench`)
  await migrateToLatest(db)
  await seedIfEmpty(db)
  return {
    db,
    close: async () => {
      await db.destroy()
      cluster.stop()
    },
  }
}

/**
 * A migrated, seeded database for server processes to open: a SQLite file in `dataDir`, or with
 * `postgres` a database in a throwaway cluster; `stop` stops the cluster (the caller removes `dataDir`).
 */
export async function benchLocation(
  dataDir: string,
  postgres: boolean,
): Promise<{ location: string; stop: () => void }> {
  const cluster = postgres ? await startCluster() : null
  let location = path.join(dataDir, 'workbench.db')
  if (cluster) {
    const admin = openDatabase(`${cluster.baseUrl}postgres`).db
    await createPostgresDatabase(admin, 'bench')
    await admin.destroy()
    location = `${cluster.baseUrl}bench`
  }
  const { db } = openDatabase(location)
  await migrateToLatest(db)
  await seedIfEmpty(db)
  await db.destroy()
  return { location, stop: () => cluster?.stop() }
}

/** The benchmark's database: PostgreSQL with `--postgres`, else SQLite in memory. */
export async function benchDatabaseFromArgs(): Promise<{ db: Db; kind: string; close: () => Promise<void> }> {
  if (process.argv.includes('--postgres')) return { ...(await benchPostgres()), kind: 'PostgreSQL' }
  const { db } = await benchDatabase()
  return { db, kind: 'SQLite', close: () => db.destroy() }
}

/** What the knowledge-base code needs beside the database: originals in a temp dir, no logs. */
export function benchDeps(db: Db) {
  // Budgets off: a benchmark asks far more than a person would.
  const env = loadEnv({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mw-bench-data-')),
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
  })
  return { db, env, log: createLogger(env) }
}

/** Signs a seeded person in through the local sign-in of `app`; their session cookie. */
export async function benchSignIn(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  email: string,
) {
  const login = await app.request('/api/login/local', { method: 'POST', body: new URLSearchParams({ email }) })
  return login.headers.get('set-cookie')?.split(';')[0] ?? ''
}

export const median = (values: number[]) => percentile(values, 50)

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] ?? Number.NaN
}

export const ms = (value: number) => `${value.toFixed(2)} ms`
