// @vitest-environment node
import type { Case } from '@mw/sync-protocol'
import { withoutNames } from '@mw/sync-protocol/retrieval'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { LocalDb } from '../../db/local-db.ts'
import { caseVessels } from './case-vessels.ts'

const aCase = (db: LocalDb, vessel: string): Case => ({
  id: uuidv7(),
  title: 'No echoes',
  description: '',
  expert: 'furuno',
  status: 'Open',
  tags: [],
  createdBy: db.userId,
  assignedTo: null,
  conversationId: null,
  vessel,
  equipment: [],
  version: 1,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
})

describe("the vessels an offline question's names are read from", () => {
  it("are the device's cases' vessels, each once, none for a case without one", async () => {
    const db = new LocalDb(uuidv7(), 'demo')
    expect(await caseVessels(db)).toEqual([])
    await db.cases.bulkPut([aCase(db, 'Sea Breeze'), aCase(db, ''), aCase(db, 'Sea Breeze'), aCase(db, 'Wavedancer')])
    const vessels = await caseVessels(db)
    expect(vessels.sort()).toEqual(['Sea Breeze', 'Wavedancer'])
    expect(withoutNames('radar shows no echoes on the Sea Breeze', vessels).trim()).toBe('radar shows no echoes on the')
  })
})
