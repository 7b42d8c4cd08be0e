// @vitest-environment node
import type { Case, Conversation } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { LocalDb } from '../db/local-db.ts'
import { appendCaseNote } from '../features/cases/actions.ts'
import { pruneLocalData } from './retention.ts'

const NOW = Date.parse('2026-11-20T12:00:00Z')
const daysAgo = (d: number) => new Date(NOW - d * 86_400_000).toISOString()

const aCase = (status: Case['status'], updatedAt: string): Case => ({
  id: uuidv7(),
  title: 't',
  description: 'd',
  expert: 'seakeeper',
  status,
  tags: [],
  createdBy: uuidv7(),
  assignedTo: null,
  conversationId: null,
  vessel: '',
  equipment: [],
  version: 1,
  createdAt: updatedAt,
  updatedAt,
})
const aConversation = (updatedAt: string): Conversation => ({
  id: uuidv7(),
  title: null,
  agentId: 'furuno',
  status: 'active',
  createdAt: updatedAt,
  updatedAt,
})

describe('local retention', () => {
  it('prunes rows untouched for six months, never open cases or rows a queued change needs', async () => {
    const db = new LocalDb(uuidv7(), 'demo')
    const oldResolved = aCase('Resolved', daysAgo(200))
    const oldOpen = aCase('Open', daysAgo(400))
    const oldQueued = aCase('Resolved', daysAgo(300))
    const recent = aCase('Resolved', daysAgo(30))
    const linked = { ...aCase('Open', daysAgo(10)), conversationId: uuidv7() }
    await db.cases.bulkPut([oldResolved, oldOpen, oldQueued, recent, linked])
    const oldChat = aConversation(daysAgo(190))
    const linkedChat = { ...aConversation(daysAgo(300)), id: linked.conversationId as string }
    await db.conversations.bulkPut([oldChat, linkedChat, aConversation(daysAgo(1))])
    await db.messages.put({
      id: uuidv7(),
      conversationId: oldChat.id,
      role: 'user',
      content: 'q',
      createdAt: daysAgo(190),
      metadata: { sources: [] },
      replyTo: null,
    })
    await db.caseEvents.put({
      id: uuidv7(),
      caseId: oldResolved.id,
      kind: 'created',
      authorId: uuidv7(),
      data: {},
      createdAt: daysAgo(200),
    })
    const photo = (caseId: string) => ({
      id: uuidv7(),
      caseId,
      fileName: 'a.jpg',
      contentType: 'image/jpeg',
      size: 3,
      kind: 'file' as const,
      createdAt: daysAgo(200),
      createdBy: uuidv7(),
    })
    const [prunedPhoto, keptPhoto] = [photo(oldResolved.id), photo(recent.id)]
    await db.attachments.bulkPut([prunedPhoto, keptPhoto])
    const bytes = new Blob([new Uint8Array([1, 2, 3])])
    await db.fileBlobs.bulkPut([prunedPhoto, keptPhoto].map((p) => ({ id: p.id, blob: bytes })))
    await appendCaseNote(db, oldQueued.id, 'still to send')
    // The note touched the queued case: put it back to its old timestamp to prove the outbox, not the date, keeps it.
    await db.cases.update(oldQueued.id, { updatedAt: daysAgo(300) })

    expect(await pruneLocalData(db, NOW)).toMatchObject({ cases: 1, conversations: 1 })
    expect((await db.cases.toArray()).map((c) => c.id).sort()).toEqual(
      [oldOpen.id, oldQueued.id, recent.id, linked.id].sort(),
    )
    expect(await db.caseEvents.where('caseId').equals(oldResolved.id).count()).toBe(0)
    // A pruned case's photos and their bytes go; a kept case's stay.
    expect(await db.attachments.toCollection().primaryKeys()).toEqual([keptPhoto.id])
    expect(await db.fileBlobs.toCollection().primaryKeys()).toEqual([keptPhoto.id])
    expect(await db.conversations.get(oldChat.id)).toBeUndefined()
    expect(await db.conversations.get(linkedChat.id)).toBeDefined()
    expect(await db.messages.count()).toBe(0)
    expect(await db.outbox.count()).toBe(1)
  })
})
