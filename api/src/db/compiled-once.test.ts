import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { seedIfEmpty } from '../seed/seed.ts'
import { onPostgres, testDatabase } from '../test/test-database.ts'
import { compiledOnce, compiledPerShape } from './compiled-once.ts'

describe('a query compiled once', () => {
  it('answers each call with its own arguments, as the query built anew would', async () => {
    const db = await testDatabase()
    await seedIfEmpty(db)
    const byEmail = compiledOnce((db, email: string) =>
      db.selectFrom('users').select(['email', 'first_name']).where('email', '=', email).where('id', '!=', 'nobody'),
    )
    for (const email of ['tech@demo.local', 'admin@harbor.local', 'nobody@nowhere.test', "x' OR '1'='1"]) {
      const direct = await db
        .selectFrom('users')
        .select(['email', 'first_name'])
        .where('email', '=', email)
        .where('id', '!=', 'nobody')
        .execute()
      expect(await byEmail(db, email)).toEqual(direct)
    }
    expect(await byEmail(db, 'tech@demo.local')).toHaveLength(1)
  })

  it('refuses an argument that is part of a value or decides the shape of the query', async () => {
    const db = await testDatabase()
    const inValue = compiledOnce((db, word: string) =>
      db.selectFrom('users').selectAll().where('email', 'like', `%${word}%`),
    )
    await expect(inValue(db, 'demo')).rejects.toThrow(/inside a value/)
    const shape = compiledOnce((db, column: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where(column === 'email' ? 'email' : 'id', '=', 'x'),
    )
    await expect(shape(db, 'email')).rejects.toThrow(/not a parameter/)
  })

  it.runIf(onPostgres())('is prepared once per PostgreSQL connection and run by name after', async () => {
    const db = await testDatabase()
    await seedIfEmpty(db)
    const byEmail = compiledOnce((db, email: string) =>
      db.selectFrom('users').select('first_name').where('email', '=', email),
    )
    // One transaction: every statement on one connection, whose prepared statements the view lists.
    const prepared = await db.transaction().execute(async (trx) => {
      expect(await byEmail(trx, 'tech@demo.local')).toEqual([{ first_name: 'Taylor' }])
      expect(await byEmail(trx, 'admin@harbor.local')).toEqual([{ first_name: 'Harper' }])
      await trx.selectFrom('users').select('last_name').where('email', '=', 'tech@demo.local').execute()
      const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(trx)
      return rows.map((row) => row.statement)
    })
    expect(prepared.filter((text) => text.includes('"first_name"'))).toHaveLength(1)
    // A query built anew each time is not kept: its texts could be endless (IN lists of every length).
    expect(prepared.filter((text) => text.includes('"last_name"'))).toHaveLength(0)
  })

  it.runIf(onPostgres())('still answers when a newer instance adds a column to a table it reads whole', async () => {
    const db = await testDatabase()
    await seedIfEmpty(db)
    const user = compiledOnce((db, email: string) => db.selectFrom('users').selectAll().where('email', '=', email))
    expect(await user(db, 'tech@demo.local')).toHaveLength(1)
    // As a rolling upgrade's migration would, from another instance: the prepared `SELECT *`
    // of this one now returns another row type, which PostgreSQL refuses to run.
    await sql`ALTER TABLE users ADD COLUMN nickname text`.execute(db)
    expect(await user(db, 'tech@demo.local')).toEqual([expect.objectContaining({ nickname: null })])
    // The connection that held the stale statement is gone: in a transaction, where it could not
    // be run again unnamed, the statement is prepared anew.
    await db.transaction().execute(async (trx) => {
      expect(await user(trx, 'tech@demo.local')).toEqual([expect.objectContaining({ nickname: null })])
    })
  })
})

describe('a query compiled once per shape', () => {
  const byRole = compiledPerShape((db, newestFirst: boolean, tenant: string, role: string | undefined) => {
    const query = db.selectFrom('memberships').select(['user_id', 'role']).where('tenant_slug', '=', tenant)
    const filtered = role === undefined ? query : query.where('role', '=', role)
    return filtered.orderBy('user_id', newestFirst ? 'desc' : 'asc')
  })

  it('answers each shape and each call as the query built anew would', async () => {
    const db = await testDatabase()
    await seedIfEmpty(db)
    for (const tenant of ['demo', 'harbor', 'nowhere'])
      for (const role of ['technician', 'admin', undefined])
        for (const newestFirst of [true, false]) {
          let direct = db.selectFrom('memberships').select(['user_id', 'role']).where('tenant_slug', '=', tenant)
          if (role !== undefined) direct = direct.where('role', '=', role)
          const expected = await direct.orderBy('user_id', newestFirst ? 'desc' : 'asc').execute()
          expect(await byRole(db, newestFirst, tenant, role)).toEqual(expected)
        }
    expect((await byRole(db, false, 'demo', undefined)).length).toBeGreaterThan(
      (await byRole(db, false, 'demo', 'admin')).length,
    )
  })

  it('refuses an argument left out that the query still uses', async () => {
    const db = await testDatabase()
    const careless = compiledPerShape((db, _shape: null, email: string | undefined) =>
      db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email as string),
    )
    await expect(careless(db, null, undefined)).rejects.toThrow(/not given was used/)
  })
})
