/**
 * `npm run cli -- backup FILE` and `restore FILE [--force]`. A backup is one gzip'd tar: a
 * consistent copy of the SQLite database taken with SQLite's online backup API (the server keeps
 * serving), every original file the copy refers to (checked against its hash), and a manifest.
 * A restore unpacks into a staging folder, checks all of it, and only then moves it into place.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import * as tar from 'tar'
import { originalPath } from '../documents/originals.ts'
import type { Env } from '../env.ts'

export const BACKUP_FORMAT = 'marine-workbench-backup'
const VERSION = 1
const DB_NAME = 'workbench.db'

export class BackupError extends Error {}

interface Manifest {
  format: string
  version: number
  createdAt: string
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
  if (!fs.existsSync(env.dbFile)) throw new BackupError(`There is no database at ${env.dbFile} to back up.`)
  const target = path.resolve(file)
  try {
    fs.accessSync(path.dirname(target), fs.constants.W_OK)
  } catch {
    throw new BackupError(`Cannot write the backup to ${path.dirname(target)}: the folder is missing or not writable.`)
  }
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.mw-backup-'))
  try {
    const live = new SQLite(env.dbFile, { fileMustExist: true })
    try {
      // All pages in one step: a copy taken in steps restarts whenever the server writes between them.
      await live.backup(path.join(staging, DB_NAME), { progress: () => 0x7fffffff })
    } finally {
      live.close()
    }
    const copy = new SQLite(path.join(staging, DB_NAME), { readonly: true })
    const hashes = (
      copy.prepare('SELECT content_hash AS h FROM kb_documents UNION SELECT sha256 FROM case_attachments').all() as {
        h: string
      }[]
    ).map((r) => r.h)
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      migrations: migrationsOf(copy),
      originals: [],
      missing: [],
    }
    copy.close()
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
    const entries = ['manifest.json', DB_NAME, ...(manifest.originals.length ? ['originals'] : [])]
    await tar.c({ gzip: true, file: `${target}.partial`, cwd: staging, portable: true }, entries)
    fs.renameSync(`${target}.partial`, target)
    const missing = manifest.missing.length ? `; ${manifest.missing.length} originals deleted meanwhile` : ''
    return `Backed up the database and ${manifest.originals.length} original files to ${target}${missing}.`
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
    fs.rmSync(`${target}.partial`, { force: true })
  }
}

export async function restore(env: Env, file: string, knownMigrations: string[], force: boolean): Promise<string> {
  const source = path.resolve(file)
  if (!fs.existsSync(source)) throw new BackupError(`There is no backup file at ${source}.`)
  const dataDir = path.dirname(env.dbFile)
  fs.mkdirSync(dataDir, { recursive: true })
  const occupied = fs.existsSync(env.dbFile) || fs.existsSync(env.documentsDir)
  if (occupied && !force) {
    throw new BackupError(
      `${dataDir} already holds data. Restore into an empty DATA_DIR, or add --force to replace it (stop the server first).`,
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
    const db = path.join(staging, DB_NAME)
    if (!fs.existsSync(db)) throw new BackupError('The backup has no database in it.')
    const copy = new SQLite(db, { readonly: true })
    try {
      if (copy.pragma('integrity_check', { simple: true }) !== 'ok') {
        throw new BackupError('The database in the backup is damaged.')
      }
      const unknown = migrationsOf(copy).filter((m) => !knownMigrations.includes(m))
      if (unknown.length) {
        throw new BackupError(`The backup comes from a newer version (${unknown.join(', ')}). Upgrade, then restore.`)
      }
    } catch (error) {
      throw error instanceof BackupError ? error : new BackupError('The database in the backup cannot be read.')
    } finally {
      copy.close()
    }
    for (const hash of manifest.originals) {
      const kept = originalPath(path.join(staging, 'originals'), hash)
      if (!fs.existsSync(kept) || sha256Of(kept) !== hash) {
        throw new BackupError(`The original ${hash} in the backup is missing or damaged.`)
      }
    }
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${env.dbFile}${suffix}`, { force: true })
    fs.rmSync(env.documentsDir, { recursive: true, force: true })
    fs.renameSync(db, env.dbFile)
    if (fs.existsSync(path.join(staging, 'originals'))) fs.renameSync(path.join(staging, 'originals'), env.documentsDir)
    return `Restored the database and ${manifest.originals.length} original files from ${source} (taken ${manifest.createdAt}).`
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
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
  if (!Array.isArray(manifest.originals) || !manifest.originals.every((h) => /^[0-9a-f]{64}$/.test(h))) {
    throw new BackupError('The backup manifest is damaged.')
  }
  return manifest as Manifest
}
