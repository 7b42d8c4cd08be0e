import { v7 as uuidv7 } from 'uuid'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { openLocalDb } from '../db/local-db.ts'
import { recentConversationsQuery } from './recent-conversations-query.ts'

afterEach(() => vi.restoreAllMocks())

describe('recent conversations', () => {
  test('newest first, of one expert', async () => {
    const db = openLocalDb(uuidv7(), 'demo')
    const at = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()
    const conversation = (title: string, agentId: 'seakeeper' | 'furuno', hours: number) => ({
      id: uuidv7(),
      title,
      agentId,
      status: 'active' as const,
      createdAt: at(hours),
      updatedAt: at(hours),
    })
    await db.conversations.bulkPut([
      conversation('Older', 'seakeeper', 3),
      conversation('Radar', 'furuno', 1),
      conversation('Newer', 'seakeeper', 2),
    ])
    const rows = await recentConversationsQuery(5, 'seakeeper').read(db)
    expect(rows.map((c) => c.title)).toEqual(['Newer', 'Older'])
  })

  test('a device database that cannot be read gives an empty list and a warning, not a broken screen', async () => {
    const db = openLocalDb(uuidv7(), 'demo')
    const broken = Promise.reject(new Error('Connection to Indexed Database server lost'))
    const chain = { reverse: () => chain, filter: () => chain, limit: () => chain, toArray: () => broken }
    vi.spyOn(db.conversations, 'orderBy').mockReturnValue(chain as never)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await recentConversationsQuery(5).read(db)).toEqual([])
    expect(warn).toHaveBeenCalledOnce()
  })
})
