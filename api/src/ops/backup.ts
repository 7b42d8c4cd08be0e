/**
 * `npm run cli -- backup FILE` and `restore FILE [--force]`. A backup is one gzip'd tar: a
 * consistent copy of the database (SQLite's online backup API, or on PostgreSQL a `pg_dump` of one
 * snapshot, ops/backup-postgres.ts; the server keeps serving), every original file the copy refers
 * to (checked against its hash), and a manifest. A restore unpacks into a staging folder, checks
 * all of it, and only then puts it in place.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import * as tar from 'tar'
import { isPostgresUrl } from '../db/database.ts'
import { originalPath } from '../documents/originals.ts'
import type { Env } from '../env.ts'
import { dumpPostgres, postgresHoldsData, readableDump, restorePostgres } from './backup-postgres.ts'

export const BACKUP_FORMAT = 'marine-workbench-backup'
const VERSION = 1
const DB_NAME = 'workbench.db'
const DUMP_NAME = 'workbench.pgdump'

export class BackupError extends Error {}

interface Manifest {
  format: string
  version: number
  createdAt: string
  /** Which database the copy is of (absent in backups from before PostgreSQL: SQLite). */
  database?: 'sqlite' | 'postgres'
  migrations: string[]
  originals: string[]
  /** Originals a document referred to that were deleted while the backup ran. */
  missing: string[]
}

const sha256Of = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex')

function migrationsOf(db: SQLite.Database): string[] {
  const table = db.prepare(`SELECT name FROM sqlite_master WHERE type='table' AND name='kysely_migration'`).get()
  if (!table) return []
  return (db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]).map((r) => r.name)
}

export async function backup(env: Env, file: string): Promise<string> {
  const postgres = isPostgresUrl(env.database)
  if (!postgres && !fs.existsSync(env.dbFile))
    throw new BackupError(`There is no database at ${env.dbFile} to back up.`)
  const target = path.resolve(file)
  try {
    fs.accessSync(path.dirname(target), fs.constants.W_OK)
  } catch {
    throw new BackupError(`Cannot write the backup to ${path.dirname(target)}: the folder is missing or not writable.`)
  }
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.mw-backup-'))
  try {
    const copied = postgres
      ? { entry: DUMP_NAME, ...(await dumpPostgres(env.database, path.join(staging, DUMP_NAME))) }
      : { entry: DB_NAME, ...(await copySqlite(env.dbFile, path.join(staging, DB_NAME))) }
    const { hashes } = copied
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      database: postgres ? 'postgres' : 'sqlite',
      migrations: copied.migrations,
      originals: [],
      missing: [],
    }
    for (const hash of hashes) {
      const source = originalPath(env.documentsDir, hash)
      if (!fs.existsSync(source)) {
        manifest.missing.push(hash)
        continue
      }
      const into = originalPath(path.join(staging, 'originals'), hash)
      fs.mkdirSync(path.dirname(into), { recursive: true })
      fs.copyFileSync(source, into)
      manifest.originals.push(hash)
    }
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2))
    const entries = ['manifest.json', copied.entry, ...(manifest.originals.length ? ['originals'] : [])]
    await tar.c({ gzip: true, file: `${target}.partial`, cwd: staging, portable: true }, entries)
    fs.renameSync(`${target}.partial`, target)
    const missing = manifest.missing.length ? `; ${manifest.missing.length} originals deleted meanwhile` : ''
    return `Backed up the database and ${manifest.originals.length} original files to ${target}${missing}.`
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
    fs.rmSync(`${target}.partial`, { force: true })
  }
}

/** SQLite's online backup of `live` into `into`; what the copy refers to. */
async function copySqlite(live: string, into: string): Promise<{ hashes: string[]; migrations: string[] }> {
  const source = new SQLite(live, { fileMustExist: true })
  try {
    // All pages in one step: a copy taken in steps restarts whenever the server writes between them.
    await source.backup(into, { progress: () => 0x7fffffff })
  } finally {
    source.close()
  }
  const copy = new SQLite(into, { readonly: true })
  try {
    const hashes = (
      copy.prepare('SELECT content_hash AS h FROM kb_documents UNION SELECT sha256 FROM case_attachments').all() as {
        h: string
      }[]
    ).map((r) => r.h)
    return { hashes, migrations: migrationsOf(copy) }
  } finally {
    copy.close()
  }
}

export async function restore(env: Env, file: string, knownMigrations: string[], force: boolean): Promise<string> {
  const source = path.resolve(file)
  if (!fs.existsSync(source)) throw new BackupError(`There is no backup file at ${source}.`)
  const postgres = isPostgresUrl(env.database)
  const dataDir = path.dirname(env.dbFile)
  fs.mkdirSync(dataDir, { recursive: true })
  const databaseHoldsData = postgres ? await postgresHoldsData(env.database) : fs.existsSync(env.dbFile)
  if ((databaseHoldsData || fs.existsSync(env.documentsDir)) && !force) {
    const where = postgres ? `The database or ${dataDir}` : dataDir
    throw new BackupError(
      `${where} already holds data. Restore into an empty ${postgres ? 'database and DATA_DIR' : 'DATA_DIR'}, or add --force to replace it (stop the server first).`,
    )
  }
  const staging = fs.mkdtempSync(path.join(dataDir, '.mw-restore-'))
  try {
    try {
      await tar.x({ file: source, cwd: staging, strict: true, filter: (p) => !p.includes('..') })
    } catch {
      throw new BackupError('The backup file is damaged or truncated, or is not a backup at all.')
    }
    const manifest = readManifest(staging)
    const kind = manifest.database ?? 'sqlite'
    if (kind === 'postgres' && !postgres) {
      throw new BackupError(
        'This backup is of a PostgreSQL database: set DATABASE_URL to the database to restore it into.',
      )
    }
    if (kind === 'sqlite' && postgres) {
      throw new BackupError(
        'This backup is of a SQLite database: restore it without DATABASE_URL, then move it with db:copy --to.',
      )
    }
    const database = path.join(staging, postgres ? DUMP_NAME : DB_NAME)
    if (!fs.existsSync(database)) throw new BackupError('The backup has no database in it.')
    if (postgres && !(await readableDump(database))) throw new BackupError('The database in the backup is damaged.')
    // A SQLite copy says itself which migrations it has; a dump's are listed in the manifest.
    const migrations = postgres ? manifest.migrations : sqliteMigrations(database)
    const unknown = migrations.filter((m) => !knownMigrations.includes(m))
    if (unknown.length) {
      throw new BackupError(`The backup comes from a newer version (${unknown.join(', ')}). Upgrade, then restore.`)
    }
    for (const hash of manifest.originals) {
      const kept = originalPath(path.join(staging, 'originals'), hash)
      if (!fs.existsSync(kept) || sha256Of(kept) !== hash) {
        throw new BackupError(`The original ${hash} in the backup is missing or damaged.`)
      }
    }
    if (postgres) {
      await restorePostgres(env.database, database, databaseHoldsData)
    } else {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${env.dbFile}${suffix}`, { force: true })
      fs.renameSync(database, env.dbFile)
    }
    fs.rmSync(env.documentsDir, { recursive: true, force: true })
    if (fs.existsSync(path.join(staging, 'originals'))) fs.renameSync(path.join(staging, 'originals'), env.documentsDir)
    return `Restored the database and ${manifest.originals.length} original files from ${source} (taken ${manifest.createdAt}).`
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

/** The migrations a SQLite copy has applied, once it passes its integrity check. */
function sqliteMigrations(file: string): string[] {
  let copy: SQLite.Database | undefined
  try {
    copy = new SQLite(file, { readonly: true })
    if (copy.pragma('integrity_check', { simple: true }) !== 'ok') throw new Error('integrity check failed')
    return migrationsOf(copy)
  } catch {
    throw new BackupError('The database in the backup is damaged.')
  } finally {
    copy?.close()
  }
}

function readManifest(staging: string): Manifest {
  let manifest: Partial<Manifest>
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(staging, 'manifest.json'), 'utf8'))
  } catch {
    throw new BackupError('This is not a Marine Workbench backup (it has no readable manifest).')
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError('This is not a Marine Workbench backup.')
  if (manifest.version !== VERSION) throw new BackupError(`Backup format version ${manifest.version} is not supported.`)
  if (
    !Array.isArray(manifest.originals) ||
    !manifest.originals.every((h) => /^[0-9a-f]{64}$/.test(h)) ||
    !Array.isArray(manifest.migrations) ||
    !manifest.migrations.every((m) => typeof m === 'string')
  ) {
    throw new BackupError('The backup manifest is damaged.')
  }
  return manifest as Manifest
}
