import { openDatabase } from '../src/db/database.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import { seedIfEmpty } from '../src/seed/seed.ts'

/** A migrated, seeded database for a benchmark: in memory, or a temp file when the size matters. */
export async function benchDatabase(file = ':memory:') {
  const opened = openDatabase(file)
  await migrateToLatest(opened.db)
  await seedIfEmpty(opened.db)
  return opened
}

export const median = (values: number[]) => percentile(values, 50)

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] ?? Number.NaN
}

export const ms = (value: number) => `${value.toFixed(2)} ms`
