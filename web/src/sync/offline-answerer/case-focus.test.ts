// @vitest-environment node
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { LocalDb } from '../../db/local-db.ts'
import { deviceCase } from '../../test/device-case.ts'
import { caseFocus } from './case-focus.ts'

const kept = (id: string, models?: string[]) => ({
  id,
  expert: 'furuno' as const,
  title: id,
  fileName: `${id}.pdf`,
  sha256: 'a'.repeat(64),
  updatedAt: new Date().toISOString(),
  passages: 1,
  bytes: 10,
  ...(models ? { models } : {}),
})

describe('the offline answer for a case', () => {
  it("prefers the kept manuals tagged with the linked case's models, and nothing without a link", async () => {
    const db = new LocalDb(uuidv7(), 'demo')
    const conversationId = uuidv7()
    const row = deviceCase(db.userId, {
      conversationId,
      vessel: 'Northern Light',
      equipment: [{ make: 'Furuno', model: 'DRS4D-NXT', serial: '6421-0087', hours: null, firmware: '' }],
    })
    await db.cases.put(row)
    // A manual kept before tags existed has none: it is simply not preferred.
    await db.keptDocuments.bulkPut([kept('radar', ['drs4d-nxt']), kept('old'), kept('sonar', ['FCV-628'])])
    expect(await caseFocus(db, 'furuno', conversationId)).toEqual({
      documents: new Set(['radar']),
      units: ['Furuno DRS4D-NXT'],
    })
    expect(await caseFocus(db, 'furuno', uuidv7())).toBeNull()
    expect(await caseFocus(db, 'furuno', undefined)).toBeNull()
    expect(await caseFocus(db, 'seakeeper', conversationId)).toBeNull()
  })
})
