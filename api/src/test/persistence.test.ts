import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { caseSchema } from '@mw/sync-protocol'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { loadEnv } from '../env.ts'
import { createLogger } from '../lib/logger.ts'
import { seedIfEmpty } from '../seed/seed.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** Boots the app the way index.ts does, over a database file in DATA_DIR. */
async function boot(dataDir: string) {
  const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' })
  const { db } = openDatabase(env.dbFile)
  await migrateToLatest(db)
  const seeded = await seedIfEmpty(db)
  return { app: createApp({ db, env, log: createLogger(env) }), db, seeded }
}

describe('persistence across a restart', () => {
  it('keeps writes, sessions and settings after the server closes and reopens its database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-restart-'))
    dirs.push(dataDir)
    const first = await boot(dataDir)
    expect(first.seeded).toBe(true)
    const login = await first.app.request('/api/login/local', {
      method: 'POST',
      body: new URLSearchParams({ email: 'tech@demo.local' }),
    })
    const cookie = login.headers.get('set-cookie')?.split(';')[0] as string
    const headers = { cookie, 'content-type': 'application/json' }
    const created = await first.app.request('/api/t/demo/cases', {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Flow alarm after restart test', expert: 'seakeeper' }),
    })
    const c = caseSchema.parse(await created.json())
    await first.app.request(`/api/t/demo/cases/${c.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ status: 'Resolved' }),
    })
    await first.db.destroy()

    const second = await boot(dataDir)
    expect(second.seeded).toBe(false)
    const read = await second.app.request(`/api/t/demo/cases/${c.id}`, { headers: { cookie } })
    expect(read.status).toBe(200)
    expect(caseSchema.parse(await read.json())).toMatchObject({
      title: 'Flow alarm after restart test',
      status: 'Resolved',
      version: 2,
    })
    await second.db.destroy()
  })
})
