import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { seedIfEmpty } from '../seed/seed.ts'
import { compiledOnce } from './compiled-once.ts'
import { type Db, openSqlite } from './database.ts'
import { migrateToLatest } from './migrate.ts'
import { readConnection } from './read-connection.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

async function fileDatabase(): Promise<Db> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-reads-'))
  dirs.push(dir)
  const { db } = openSqlite(path.join(dir, 'workbench.db'))
  await migrateToLatest(db)
  await seedIfEmpty(db)
  await db.updateTable('tenants').set({ name: 'Acme Marine' }).where('slug', '=', 'demo').execute()
  return db
}

const tenantName = compiledOnce((db, slug: string) => db.selectFrom('tenants').select('name').where('slug', '=', slug))

describe('reads compiled once on a SQLite file', () => {
  it('run on the read connection, which sees committed rows only and never waits for a write transaction', async () => {
    const db = await fileDatabase()
    expect(readConnection(db)).toBeDefined()
    expect(await tenantName(db, 'demo')).toEqual([{ name: 'Acme Marine' }])

    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const writing = db.transaction().execute(async (trx) => {
      await trx.updateTable('tenants').set({ name: 'Acme Renamed' }).where('slug', '=', 'demo').execute()
      await held
    })
    // The writer holds the only Kysely connection; a read through it would wait for the commit.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await tenantName(db, 'demo')).toEqual([{ name: 'Acme Marine' }])
    release()
    await writing
    expect(await tenantName(db, 'demo')).toEqual([{ name: 'Acme Renamed' }])
    await db.destroy()
  })

  it('are refused a statement that writes, and close with the database', async () => {
    const db = await fileDatabase()
    const read = readConnection(db)
    expect(() => read?.("UPDATE tenants SET name = 'x'", [])).toThrow()
    expect(await tenantName(db, 'demo')).toEqual([{ name: 'Acme Marine' }])
    await db.destroy()
    expect(() => read?.('SELECT 1', [])).toThrow(/not open/)
  })

  it('are not used in memory, where a second connection would be another database', async () => {
    const { db } = openSqlite(':memory:')
    expect(readConnection(db)).toBeUndefined()
    await db.destroy()
  })
})
