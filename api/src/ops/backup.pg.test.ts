import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as tar from 'tar'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { type Db, openDatabase } from '../db/database.ts'
import { MIGRATION_NAMES } from '../db/migrate.ts'
import { addFromDisk } from '../documents/library.ts'
import { originalPath } from '../documents/originals.ts'
import { loadEnv } from '../env.ts'
import { createLogger } from '../lib/logger.ts'
import { seedIfEmpty } from '../seed/seed.ts'
import { tinyPdf } from '../test/pdf.ts'
import { newPostgresDatabase } from '../test/test-database.ts'
import { backup, restore } from './backup.ts'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-pg-backup-'))
const opened: Db[] = []
afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()))
  fs.rmSync(root, { recursive: true, force: true })
})

async function deployment(name: string, template: 'mw_template' | 'template0') {
  const url = await newPostgresDatabase(template)
  const env = loadEnv({ DATA_DIR: path.join(root, name), DATABASE_URL: url, LOG_LEVEL: 'silent', WEB_DIST: '/x' })
  const { db } = openDatabase(url)
  opened.push(db)
  return { env, db }
}

/** Every table's rows in a stable order (the generated search column is the passages' own text). */
async function everyRow(db: Db): Promise<Record<string, unknown[]>> {
  const tables = await db.introspection.getTables()
  const out: Record<string, unknown[]> = {}
  for (const table of tables.map((t) => t.name).sort()) {
    const columns = tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? []
    const rows = await db
      // biome-ignore lint/suspicious/noExplicitAny: every table, named at run time
      .selectFrom(table as any)
      .selectAll()
      .orderBy(columns.map((c) => c) as never)
      .execute()
    out[table] = rows
  }
  return out
}

describe('backup and restore on PostgreSQL', async () => {
  const live = await deployment('live', 'mw_template')
  await seedIfEmpty(live.db)
  const deps = { db: live.db, env: live.env, log: createLogger(live.env) }
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

  it('backs up with pg_dump under a write load; the restore has every write made before it began', async () => {
    let writing = true
    const written: string[] = []
    const load = (async () => {
      for (let i = 0; writing; i++) {
        if ((await createCase(`during backup ${i}`)).status === 201) written.push(`during backup ${i}`)
      }
    })()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const before = [...written]
    const file = path.join(root, 'under-load.tar.gz')
    expect(await backup(live.env, file)).toMatch(/1 original files/)
    writing = false
    await load
    expect(written.length).toBeGreaterThan(before.length)

    const target = await deployment('restored-under-load', 'template0')
    await restore(target.env, file, MIGRATION_NAMES, false)
    const titles = new Set(
      (await target.db.selectFrom('cases').select('title').execute()).map((r) => r.title as string),
    )
    for (const title of before) expect(titles.has(title)).toBe(true)
  })

  it('restores every row and every original as they were, and refuses live data unless forced', async () => {
    const file = path.join(root, 'quiet.tar.gz')
    await backup(live.env, file)
    const target = await deployment('restored-quiet', 'template0')
    expect(await restore(target.env, file, MIGRATION_NAMES, false)).toMatch(/Restored the database and 1 original/)
    expect(await everyRow(target.db)).toEqual(await everyRow(live.db))
    const doc = await live.db
      .selectFrom('kb_documents')
      .select('content_hash')
      .where('file_name', '=', 'bearing.pdf')
      .executeTakeFirstOrThrow()
    expect(fs.readFileSync(originalPath(target.env.documentsDir, doc.content_hash))).toEqual(Buffer.from(pdf))

    await createCase('after the restore')
    await expect(restore(target.env, file, MIGRATION_NAMES, false)).rejects.toThrow(/already holds data/)
    await expect(restore(target.env, file, MIGRATION_NAMES, true)).resolves.toMatch(/Restored/)
    expect(await everyRow(target.db)).not.toEqual(await everyRow(live.db))
  })

  it('refuses a damaged dump and a SQLite backup, changing nothing', async () => {
    const from = fs.mkdtempSync(path.join(root, 'damaged-'))
    await tar.x({ file: path.join(root, 'quiet.tar.gz'), cwd: from })
    const dump = path.join(from, 'workbench.pgdump')
    fs.writeFileSync(dump, fs.readFileSync(dump).subarray(0, 2000))
    const damaged = path.join(root, 'damaged.tar.gz')
    await tar.c({ gzip: true, file: damaged, cwd: from }, fs.readdirSync(from))
    const target = await deployment('refused', 'template0')
    await expect(restore(target.env, damaged, MIGRATION_NAMES, false)).rejects.toThrow(/damaged/)

    const manifest = JSON.parse(fs.readFileSync(path.join(from, 'manifest.json'), 'utf8'))
    fs.writeFileSync(path.join(from, 'manifest.json'), JSON.stringify({ ...manifest, database: 'sqlite' }))
    const sqliteKind = path.join(root, 'sqlite-kind.tar.gz')
    await tar.c({ gzip: true, file: sqliteKind, cwd: from }, fs.readdirSync(from))
    await expect(restore(target.env, sqliteKind, MIGRATION_NAMES, false)).rejects.toThrow(/db:copy/)
    expect(await target.db.introspection.getTables()).toEqual([])
    expect(fs.existsSync(target.env.documentsDir)).toBe(false)
  })
})
