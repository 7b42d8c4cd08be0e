import { setTimeout as sleep } from 'node:timers/promises'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/database.ts'
import { recordChange, recordChangeVersion, withDeferredVersions } from '../db/queries/change-log.ts'
import { changesAfter, withSavepoint } from '../db/queries/sync.ts'
import { onPostgres, testDatabase } from '../test/test-database.ts'

/**
 * A device pulling while `writers` run, moving its cursor to the highest version it was given
 * (never given one at or below it), then once more after them: each entity's version last seen.
 */
async function pullWhile(db: Db, writers: Promise<unknown>[]): Promise<Map<string, number>> {
  const seen = new Map<string, number>()
  let cursor = 0
  let writing = true
  const pullOnce = async () => {
    const rows = await changesAfter(db, 'demo', cursor, 1000)
    for (const row of rows) {
      expect(row.version).toBeGreaterThan(cursor)
      seen.set(row.entity_id, row.version)
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
  return seen
}

describe('the change log under concurrent writers', () => {
  it('never lets a pull step past a version that commits later: 0 changes skipped', async () => {
    const db = await testDatabase()
    const written: string[] = []
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
    const seen = await pullWhile(db, writers)
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
          versions[tenant].push(await recordChangeVersion(trx, tenant, 'case', uuidv7()))
        })
      }),
    )
    for (const list of Object.values(versions)) {
      expect(new Set(list).size).toBe(list.length)
      expect(Math.min(...list)).toBeGreaterThan(0)
    }
  })

  it("issues a push's versions at its end, in order, without skipping a pull or holding other pushes back", async () => {
    const db = await testDatabase()
    const written: string[][] = []
    // Transactions past their first change and not yet committed.
    let inside = 0
    let mostInside = 0
    // Each writer records three changes over a while (the second in a savepoint it rolls back),
    // as a push applies its mutations, and commits at a random later time.
    const writers = Array.from({ length: 20 }, async (_, i) => {
      await sleep(i * 3)
      const ids = [uuidv7(), uuidv7(), uuidv7()]
      await db.transaction().execute((trx) =>
        withDeferredVersions(trx, async () => {
          await recordChange(trx, 'demo', 'case', ids[0] as string)
          inside++
          mostInside = Math.max(mostInside, inside)
          await sleep(Math.random() * 20)
          await withSavepoint(trx, async () => {
            await recordChange(trx, 'demo', 'case', 'rolled-back')
            throw new Error('rejected mutation')
          }).catch(() => {})
          await recordChange(trx, 'demo', 'caseEvent', ids[1] as string)
          await recordChange(trx, 'demo', 'case', ids[2] as string)
          await sleep(Math.random() * 20)
        }),
      )
      inside--
      written.push(ids)
    })
    const seen = await pullWhile(db, writers)
    expect(written.flat().filter((id) => !seen.has(id))).toEqual([])
    expect(seen.has('rolled-back')).toBe(false)
    for (const ids of written) {
      const versions = ids.map((id) => seen.get(id) ?? 0)
      expect(versions).toEqual([...versions].sort((a, b) => a - b))
    }
    const all = [...seen.values()]
    expect(new Set(all).size).toBe(all.length)
    if (onPostgres()) {
      // Had each change taken the counter's lock, one transaction at a time would get past its
      // first change (two at a hand-over); SQLite has one writer at a time anyway.
      expect(mostInside).toBeGreaterThan(4)
    }
  })
})
