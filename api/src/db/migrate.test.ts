import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { testDatabase } from '../test/test-database.ts'
import { MIGRATION_NAMES, migrateToLatest, pendingMigrations } from './migrate.ts'

describe('migrations', () => {
  it('migrates an empty database to the latest, and a second run changes nothing', async () => {
    const db = await testDatabase({ migrated: false })
    expect(await pendingMigrations(db)).toBe(MIGRATION_NAMES.length)
    await migrateToLatest(db)
    expect(await pendingMigrations(db)).toBe(0)
    await migrateToLatest(db)
    expect(await pendingMigrations(db)).toBe(0)
  })

  it('refuses a database a newer version migrated, naming what it does not know, and changes nothing', async () => {
    const db = await testDatabase()
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('2099-01-01T0000-future', '2099-01-01')`.execute(
      db,
    )
    await expect(migrateToLatest(db)).rejects.toThrow(/newer version of Marine Workbench \(2099-01-01T0000-future\)/)
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM kysely_migration`.execute(db)
    expect(Number(rows[0]?.n)).toBe(MIGRATION_NAMES.length + 1)
  })
})
