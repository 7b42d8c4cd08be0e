import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import * as tar from 'tar'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { openSqlite } from '../db/database.ts'
import { MIGRATION_NAMES, migrateToLatest } from '../db/migrate.ts'
import { addFromDisk } from '../documents/library.ts'
import { originalPath } from '../documents/originals.ts'
import { loadEnv } from '../env.ts'
import { createLogger } from '../lib/logger.ts'
import { seedIfEmpty } from '../seed/seed.ts'
import { tinyPdf } from '../test/pdf.ts'
import { BackupError, backup, restore } from './backup.ts'
import { runScheduledBackup } from './backup-schedule.ts'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-backup-test-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
const dir = (name: string) => path.join(root, name)
const envFor = (name: string) => loadEnv({ DATA_DIR: dir(name), LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' })

// A live server's data: a file database with the seed, a document with its original.
const env = envFor('live')
const { db, sqlite } = openSqlite(env.dbFile)
await migrateToLatest(db)
await seedIfEmpty(db)
const deps = { db, env, log: createLogger(env) }
const app = createApp(deps)
const pdf = tinyPdf(['Bearing replacement interval is 10,000 hours.'])
await addFromDisk(deps, { tenant: 'demo', expert: 'seakeeper', key: 'file:bearing.pdf' }, 'bearing.pdf', pdf)
const login = await app.request('/api/login/local', {
  method: 'POST',
  body: new URLSearchParams({ email: 'tech@demo.local' }),
})
const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? ''
const createCase = (title: string) =>
  app.request('/api/t/demo/cases', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title, expert: 'furuno', description: 'written during a backup' }),
  })

function tables(file: string): Record<string, unknown[]> {
  const copy = new SQLite(file, { readonly: true })
  try {
    const names = (
      copy
        .prepare(
          `SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kb_passages_fts%'`,
        )
        .all() as { name: string }[]
    ).map((r) => r.name)
    return Object.fromEntries(names.map((n) => [n, copy.prepare(`SELECT * FROM "${n}" ORDER BY rowid`).all()]))
  } finally {
    copy.close()
  }
}

describe('backup and restore', () => {
  it('backs up under a write load; the restore is intact and has every write made before it began', async () => {
    let writing = true
    const written: string[] = []
    const load = (async () => {
      for (let i = 0; writing; i++) {
        const res = await createCase(`during backup ${i}`)
        if (res.status === 201) written.push(`during backup ${i}`)
        // In-process requests never wait on I/O: give timers and the backup their turn.
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const before = [...written]
    const file = path.join(root, 'under-load.tar.gz')
    expect(await backup(env, file)).toMatch(/1 original files/)
    writing = false
    await load
    expect(written.length).toBeGreaterThan(before.length)

    const target = envFor('restored-under-load')
    await restore(target, file, MIGRATION_NAMES, false)
    const restored = new SQLite(target.dbFile, { readonly: true })
    expect(restored.pragma('integrity_check', { simple: true })).toBe('ok')
    const titles = new Set(
      (restored.prepare(`SELECT title FROM cases WHERE title LIKE 'during backup %'`).all() as { title: string }[]).map(
        (r) => r.title,
      ),
    )
    restored.close()
    for (const title of before) expect(titles.has(title)).toBe(true)
  })

  it('restores every row and every original as they were', async () => {
    sqlite.pragma('wal_checkpoint(TRUNCATE)')
    const file = path.join(root, 'quiet.tar.gz')
    await backup(env, file)
    const target = envFor('restored-quiet')
    expect(await restore(target, file, MIGRATION_NAMES, false)).toMatch(/Restored the database and 1 original files/)
    expect(tables(target.dbFile)).toEqual(tables(env.dbFile))
    const [hash] = (
      sqlite.prepare('SELECT content_hash AS h FROM kb_documents WHERE file_name = ?').all('bearing.pdf') as {
        h: string
      }[]
    ).map((r) => r.h)
    expect(fs.readFileSync(originalPath(target.documentsDir, hash as string))).toEqual(Buffer.from(pdf))
  })

  it('refuses to restore over live data unless forced, and then replaces it', async () => {
    const file = path.join(root, 'quiet.tar.gz')
    const target = envFor('restored-quiet')
    const before = fs.readFileSync(target.dbFile)
    await expect(restore(target, file, MIGRATION_NAMES, false)).rejects.toThrow(/already holds data/)
    expect(fs.readFileSync(target.dbFile)).toEqual(before)
    await expect(restore(target, file, MIGRATION_NAMES, true)).resolves.toMatch(/Restored/)
  })

  const good = () => fs.readFileSync(path.join(root, 'quiet.tar.gz'))
  it.each([
    ['random bytes', () => Buffer.from('this is not a backup at all'), /damaged or truncated/],
    ['a truncated backup', () => good().subarray(0, good().length >> 1), /damaged or truncated/],
    ['a tar from elsewhere', async () => foreignTar(), /not a Marine Workbench backup/],
    ['a backup from a newer version', async () => newerBackup(), /newer version/],
  ] as [string, () => Buffer | Promise<Buffer>, RegExp][])(
    'refuses %s and leaves the folder empty',
    async (_, make, message) => {
      const file = path.join(root, `bad-${Math.random()}.tar.gz`)
      fs.writeFileSync(file, await make())
      const target = envFor(`bad-${Math.random()}`)
      const error = await restore(target, file, MIGRATION_NAMES, false).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(BackupError)
      expect((error as Error).message).toMatch(message)
      expect(fs.existsSync(target.dbFile)).toBe(false)
      expect(fs.readdirSync(path.dirname(target.dbFile))).toEqual([])
    },
  )

  it('keeps the newest BACKUP_KEEP scheduled backups', async () => {
    const into = dir('scheduled')
    const made: string[] = []
    for (let day = 1; day <= 4; day++) {
      made.push(await runScheduledBackup(env, into, 2, new Date(Date.UTC(2026, 10, day, 3))))
    }
    expect(fs.readdirSync(into).sort()).toEqual(made.slice(2).map((f) => path.basename(f)))
    expect(path.basename(made[3] as string)).toBe('workbench-20261104T030000Z.tar.gz')
  })

  it('refuses a backup into a folder that does not exist', async () => {
    await expect(backup(env, '/nonexistent/folder/backup.tar.gz')).rejects.toThrow(/missing or not writable/)
  })
})

async function foreignTar(): Promise<Buffer> {
  const from = fs.mkdtempSync(path.join(root, 'foreign-'))
  fs.writeFileSync(path.join(from, 'notes.txt'), 'holiday photos')
  const file = path.join(root, 'foreign.tar.gz')
  await tar.c({ gzip: true, file, cwd: from }, ['notes.txt'])
  return fs.readFileSync(file)
}

async function newerBackup(): Promise<Buffer> {
  const from = fs.mkdtempSync(path.join(root, 'newer-'))
  await tar.x({ file: path.join(root, 'quiet.tar.gz'), cwd: from })
  const copy = new SQLite(path.join(from, 'workbench.db'))
  copy.prepare(`INSERT INTO kysely_migration (name, timestamp) VALUES ('2099-01-01T0000-future', '2099-01-01')`).run()
  copy.close()
  const file = path.join(root, 'newer.tar.gz')
  await tar.c({ gzip: true, file, cwd: from }, fs.readdirSync(from))
  return fs.readFileSync(file)
}
