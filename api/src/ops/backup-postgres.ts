/**
 * Backups of a PostgreSQL deployment, with PostgreSQL's own tools: `pg_dump` (custom format) of
 * exactly the snapshot in which the referenced originals were listed, and `pg_restore` in one
 * transaction into an empty database. The tools come from `pg_config --bindir`, else the PATH.
 */
import { execFile, spawnSync } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { openDatabase } from '../db/database.ts'
import {
  appliedMigrations,
  emptyPublicSchema,
  exportSnapshot,
  publicTableCount,
  referencedOriginals,
} from '../db/queries/postgres-admin.ts'

const run = promisify(execFile)

export class PostgresToolError extends Error {}

function tool(name: 'pg_dump' | 'pg_restore'): string {
  const bindir = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
  return bindir.status === 0 ? path.join(bindir.stdout.trim(), name) : name
}

async function runTool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<string> {
  try {
    return (await run(tool(name), args, { maxBuffer: 64 * 1024 * 1024 })).stdout
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim()
    throw new PostgresToolError(stderr || `${name} failed: ${(error as Error).message}`)
  }
}

/** Dumps the database into `file`; returns what the dump holds: referenced originals and migrations. */
export async function dumpPostgres(url: string, file: string): Promise<{ hashes: string[]; migrations: string[] }> {
  const { db } = openDatabase(url)
  try {
    return await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const snapshot = await exportSnapshot(trx)
        const hashes = await referencedOriginals(trx)
        const migrations = await appliedMigrations(trx)
        await runTool('pg_dump', [
          `--snapshot=${snapshot}`,
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--file=${file}`,
          `--dbname=${url}`,
        ])
        return { hashes, migrations }
      })
  } finally {
    await db.destroy()
  }
}

/** Whether `file` is a dump pg_restore can read (a damaged or truncated one is not). */
export async function readableDump(file: string): Promise<boolean> {
  try {
    await runTool('pg_restore', ['--list', file])
    return true
  } catch {
    return false
  }
}

/** Whether the database already has tables (a restore into it must be forced). */
export async function postgresHoldsData(url: string): Promise<boolean> {
  const { db } = openDatabase(url)
  try {
    return (await publicTableCount(db)) > 0
  } finally {
    await db.destroy()
  }
}

/** Restores `file` in one transaction: a failure leaves the database as it was. */
export async function restorePostgres(url: string, file: string, replace: boolean): Promise<void> {
  if (replace) {
    const { db } = openDatabase(url)
    try {
      await emptyPublicSchema(db)
    } finally {
      await db.destroy()
    }
  }
  await runTool('pg_restore', [
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    `--dbname=${url}`,
    file,
  ])
}
