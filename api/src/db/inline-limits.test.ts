import { describe, expect, it } from 'vitest'
import { seedIfEmpty } from '../seed/seed.ts'
import { onPostgres, testDatabase } from '../test/test-database.ts'

describe.skipIf(onPostgres())('LIMIT written into the SQL on SQLite', () => {
  it('writes an integer LIMIT into the SQL and binds everything else, and answers the same rows', async () => {
    const db = await testDatabase()
    await seedIfEmpty(db)
    const query = db.selectFrom('cases').select('id').where('tenant_slug', '=', 'demo').orderBy('id').limit(3)
    const compiled = query.compile()
    expect(compiled.sql).toMatch(/ limit 3$/)
    expect(compiled.parameters).toEqual(['demo'])
    const all = await db.selectFrom('cases').select('id').where('tenant_slug', '=', 'demo').orderBy('id').execute()
    expect(all.length).toBeGreaterThan(3)
    expect(await query.execute()).toEqual(all.slice(0, 3))
  })

  it('leaves a LIMIT that is not a whole number bound, for SQLite to refuse or round as it does', async () => {
    const db = await testDatabase()
    const compiled = db.selectFrom('cases').select('id').limit(Number.MAX_VALUE).compile()
    expect(compiled.sql).toMatch(/ limit \?$/)
    expect(compiled.parameters).toEqual([Number.MAX_VALUE])
  })
})
