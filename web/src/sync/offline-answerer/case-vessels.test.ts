// @vitest-environment node
import { withoutNames } from '@mw/sync-protocol/retrieval'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { LocalDb } from '../../db/local-db.ts'
import { deviceCase } from '../../test/device-case.ts'
import { caseVessels } from './case-vessels.ts'

describe("the vessels an offline question's names are read from", () => {
  it("are the device's cases' vessels, each once, none for a case without one", async () => {
    const db = new LocalDb(uuidv7(), 'demo')
    expect(await caseVessels(db)).toEqual([])
    await db.cases.bulkPut([
      deviceCase(db.userId, { vessel: 'Sea Breeze' }),
      deviceCase(db.userId),
      deviceCase(db.userId, { vessel: 'Sea Breeze' }),
      deviceCase(db.userId, { vessel: 'Wavedancer' }),
    ])
    const vessels = await caseVessels(db)
    expect(vessels.sort()).toEqual(['Sea Breeze', 'Wavedancer'])
    expect(withoutNames('radar shows no echoes on the Sea Breeze', vessels).trim()).toBe('radar shows no echoes on the')
  })
})
