import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Db } from '../src/db/database.ts'
import { openSqlite } from '../src/db/database.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import { loadEnv } from '../src/env.ts'
import { createLogger } from '../src/lib/logger.ts'
import { seedIfEmpty } from '../src/seed/seed.ts'

/** A migrated, seeded database for a benchmark: in memory, or a temp file when the size matters. */
export async function benchDatabase(file = ':memory:') {
  const opened = openSqlite(file)
  await migrateToLatest(opened.db)
  await seedIfEmpty(opened.db)
  return opened
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

export const median = (values: number[]) => percentile(values, 50)

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] ?? Number.NaN
}

export const ms = (value: number) => `${value.toFixed(2)} ms`
