import { conversationSchema, conversationWithMessagesSchema } from '@mw/sync-protocol'
import { beforeAll, describe, expect, it } from 'vitest'
import { seededWorld } from '../test/fixtures.ts'
import { send, type TestApp } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

let t: TestApp
let w: Awaited<ReturnType<typeof seededWorld>>
beforeAll(async () => {
  t = await createTestApp()
  w = await seededWorld(t)
})

describe('conversations', () => {
  it("lists only the caller's conversations, newest first, filtered by agent", async () => {
    const all = (await send(t, w.cookie('tech@demo.local'), 'GET', '/api/t/demo/conversations')).body.map(
      (c: unknown) => conversationSchema.parse(c),
    )
    const own = await t.db
      .selectFrom('conversations')
      .select('id')
      .where('user_id', '=', w.userId('tech@demo.local'))
      .execute()
    expect(all.map((c: { id: string }) => c.id).sort()).toEqual(own.map((c) => c.id).sort())
    const times = all.map((c: { updatedAt: string }) => c.updatedAt)
    expect(times).toEqual([...times].sort().reverse())
    const furuno = (await send(t, w.cookie('tech@demo.local'), 'GET', '/api/t/demo/conversations?agentId=furuno')).body
    expect(furuno.length).toBeGreaterThan(0)
    expect(furuno.every((c: { agentId: string }) => c.agentId === 'furuno')).toBe(true)
    expect(
      (await send(t, w.cookie('tech@demo.local'), 'GET', '/api/t/demo/conversations?agentId=master')).body,
    ).toEqual([])
  })

  it('answers a conversation with its messages in order, the answers carrying their sources', async () => {
    const id = await w.conversationOf('manager@demo.local')
    const res = await send(t, w.cookie('manager@demo.local'), 'GET', `/api/t/demo/conversations/${id}`)
    const conversation = conversationWithMessagesSchema.parse(res.body)
    expect(conversation.messages.map((m) => m.role)).toEqual(
      conversation.messages.map((_, i) => (i % 2 ? 'assistant' : 'user')),
    )
    const answer = conversation.messages[1]
    expect(answer?.metadata.sources.length).toBeGreaterThan(0)
    expect(answer?.replyTo).toBe(conversation.messages[0]?.id)
  })
})
