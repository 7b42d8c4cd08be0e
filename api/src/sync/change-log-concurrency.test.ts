import { setTimeout as sleep } from 'node:timers/promises'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { recordChange } from '../db/queries/change-log.ts'
import { changesAfter } from '../db/queries/sync.ts'
import { testDatabase } from '../test/test-database.ts'

describe('the change log under concurrent writers', () => {
  it('never lets a pull step past a version that commits later: 0 changes skipped', async () => {
    const db = await testDatabase()
    const written: string[] = []
    let writing = true
    // Each writer records its change, then holds its transaction open a random while before it
    // commits, so later writers' transactions would commit first if versions came in start order.
    const writers = Array.from({ length: 40 }, async (_, i) => {
      await sleep(i * 2)
      const id = uuidv7()
      await db.transaction().execute(async (trx) => {
        await recordChange(trx, 'demo', 'case', id)
        await sleep(Math.random() * 25)
      })
      written.push(id)
    })
    // A device pulling all the while, moving its cursor to the highest version it was given.
    const seen = new Set<string>()
    let cursor = 0
    const pullOnce = async () => {
      const rows = await changesAfter(db, 'demo', cursor, 1000)
      for (const row of rows) {
        seen.add(row.entity_id)
        expect(row.version).toBeGreaterThan(cursor)
      }
      cursor = Math.max(cursor, ...rows.map((r) => r.version))
    }
    const puller = (async () => {
      while (writing) {
        await pullOnce()
        await sleep(1)
      }
    })()
    await Promise.all(writers)
    writing = false
    await puller
    await pullOnce()
    expect(written).toHaveLength(40)
    expect(written.filter((id) => !seen.has(id))).toEqual([])
  })

  it('gives each change of a tenant its own version while other tenants write at once', async () => {
    const db = await testDatabase()
    const versions = { demo: [] as number[], harbor: [] as number[] }
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const tenant = i % 2 === 0 ? 'demo' : 'harbor'
        return db.transaction().execute(async (trx) => {
          versions[tenant].push(await recordChange(trx, tenant, 'case', uuidv7()))
        })
      }),
    )
    for (const list of Object.values(versions)) {
      expect(new Set(list).size).toBe(list.length)
      expect(Math.min(...list)).toBeGreaterThan(0)
    }
  })
})
