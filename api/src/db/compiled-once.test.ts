import { describe, expect, it } from 'vitest'
import { seedIfEmpty } from '../seed/seed.ts'
import { testDatabase } from '../test/test-database.ts'
import { compiledOnce } from './compiled-once.ts'

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
})
