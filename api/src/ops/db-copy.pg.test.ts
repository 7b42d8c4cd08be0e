import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { runFileCommand } from '../cli.ts'
import { type Db, openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { loadEnv } from '../env.ts'
import { seedIfEmpty } from '../seed/seed.ts'
import { newCase, pull, pullAll, pushOk } from '../test/sync-kit.ts'
import { createTestApp } from '../test/test-app.ts'
import { newPostgresDatabase } from '../test/test-database.ts'

const TABLES = ['tenants', 'users', 'memberships', 'sessions', 'cases', 'change_log', 'sync_devices', 'kb_passages']

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const table of TABLES) {
    const row = await db
      // biome-ignore lint/suspicious/noExplicitAny: a table named at run time
      .selectFrom(table as any)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    out[table] = Number(row.n)
  }
  return out
}

describe('db:copy from SQLite to PostgreSQL', () => {
  it('keeps ids, sessions, device sequence numbers and cursors, so devices and people carry on', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-copy-'))
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMITS: 'off', WEB_DIST: '/nonexistent' })
    const sqlite = openDatabase(env.dbFile).db
    await migrateToLatest(sqlite)
    await seedIfEmpty(sqlite)
    const before = await createTestApp({ db: sqlite, env }, {}, { knowledge: true })
    const tech = await before.signIn('tech@demo.local')
    const device = uuidv7()
    await pushOk(before, tech, device, [newCase(1, 'Before the move')])
    const { cursor } = await pullAll(before, tech)
    // Another tenant writes after the device's last pull: SQLite's versions are table-wide.
    const harbor = await before.app.request('/api/t/harbor/sync/push', {
      method: 'POST',
      headers: { cookie: await before.signIn('tech@harbor.local'), 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: uuidv7(), mutations: [newCase(1, 'Harbor after the pull')] }),
    })
    expect(harbor.status).toBe(200)
    const rowsBefore = await counts(sqlite)
    const ids = (db: Db) => db.selectFrom('kb_passages').select(['id', 'document_id']).orderBy('id').execute()
    const passagesBefore = await ids(sqlite)
    await sqlite.destroy()

    const url = await newPostgresDatabase()
    const said = await runFileCommand(env, ['db:copy', '--to', url])
    expect(said).toMatch(/^Copied \d+ rows/)

    const postgres = openDatabase(url).db
    try {
      expect(await counts(postgres)).toEqual(rowsBefore)
      expect(await ids(postgres)).toEqual(passagesBefore)
      const after = await createTestApp({ db: postgres, env })
      // The session cookie from before the move still signs the technician in.
      const list = await after.app.request('/api/t/demo/cases', { headers: { cookie: tech } })
      expect(list.status).toBe(200)
      expect(JSON.stringify(await list.json())).toContain('Before the move')
      // Nothing new for the device: it downloads nothing again.
      const nothing = await pull(after, tech, cursor)
      expect(nothing.kind === 'page' && nothing.changes).toEqual([])
      // The device's next mutation continues its sequence, and reaches its cursor.
      const next = await pushOk(after, tech, device, [newCase(2, 'After the move')])
      expect(next.results[0]?.status).toBe('applied')
      const { changes } = await pullAll(after, tech, cursor)
      expect(changes.map((c) => (c.op === 'upsert' ? (c.row as { title?: string }).title : null))).toContain(
        'After the move',
      )
      expect(Math.min(...changes.map((c) => c.version))).toBeGreaterThan(cursor)

      // A second copy into a database that now has rows is refused, changing nothing.
      const rowsAfter = await counts(postgres)
      await expect(runFileCommand(env, ['db:copy', '--to', url])).rejects.toThrow(/not empty/)
      expect(await counts(postgres)).toEqual(rowsAfter)
    } finally {
      await postgres.destroy()
    }
  })

  it('refuses a target that is not PostgreSQL and a DATA_DIR without a database', async () => {
    const env = loadEnv({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mw-copy-')), LOG_LEVEL: 'silent' })
    await expect(runFileCommand(env, ['db:copy', '--to', 'mysql://x'])).rejects.toThrow(/postgres:\/\//)
    await expect(runFileCommand(env, ['db:copy', '--to', await newPostgresDatabase()])).rejects.toThrow(/no database/)
    await expect(runFileCommand(env, ['db:copy'])).rejects.toThrow(/--to/)
  })
})
