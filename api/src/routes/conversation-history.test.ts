import { conversationSchema, feedbackSchema, pullAnswerSchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { seededWorld } from '../test/fixtures.ts'
import { fingerprint, send } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp()
const w = await seededWorld(t)
const tech = w.cookie('tech@demo.local')
const manager = w.cookie('manager@demo.local')
const harbor = w.cookie('tech@harbor.local')
const mine = await w.conversationOf('tech@demo.local')
const conversations = async (cookie: string, query = '') =>
  ((await send(t, cookie, 'GET', `/api/t/demo/conversations${query}`)).body as unknown[]).map((c) =>
    conversationSchema.parse(c),
  )

describe('conversation history', () => {
  it('finds conversations by a word of their title or of any message, only the caller’s', async () => {
    const conversation = (await send(t, tech, 'GET', `/api/t/demo/conversations/${mine}`)).body
    const word = (conversation.messages[0].content as string)
      .replace(/<[^>]+>/g, ' ')
      .split(/\s+/)
      .find((x: string) => x.length > 6) as string
    const found = await conversations(tech, `?q=${encodeURIComponent(word)}`)
    expect(found.map((c) => c.id)).toContain(mine)
    expect(await conversations(tech, '?q=zzqx-nothing-like-this')).toEqual([])
    expect((await conversations(manager, `?q=${encodeURIComponent(word)}`)).map((c) => c.id)).not.toContain(mine)
    // LIKE's wildcards are searched for, not obeyed.
    expect(await conversations(tech, '?q=%25')).toEqual([])
  })

  it('renames a conversation for its owner only', async () => {
    const res = await send(t, tech, 'PATCH', `/api/t/demo/conversations/${mine}`, { title: 'Gyro alarm at Antibes' })
    expect(res.status).toBe(200)
    expect(conversationSchema.parse(res.body).title).toBe('Gyro alarm at Antibes')
    const before = await fingerprint(t.db)
    for (const [cookie, tenant] of [
      [manager, 'demo'],
      [harbor, 'harbor'],
    ] as const) {
      const other = await send(t, cookie, 'PATCH', `/api/t/${tenant}/conversations/${mine}`, { title: 'Mine now' })
      expect(other.status).toBe(404)
    }
    expect((await send(t, tech, 'PATCH', `/api/t/demo/conversations/${mine}`, { title: '  ' })).status).toBe(400)
    expect(await fingerprint(t.db)).toBe(before)
  })

  it('rates an answer, once per person (a second rating replaces the first), and refuses a question', async () => {
    const conversation = (await send(t, tech, 'GET', `/api/t/demo/conversations/${mine}`)).body
    const answer = conversation.messages.find((m: { role: string }) => m.role === 'assistant')
    const question = conversation.messages.find((m: { id: string }) => m.id === answer.replyTo)
    const up = await send(t, tech, 'POST', `/api/t/demo/messages/${answer.id}/feedback`, { rating: 'up' })
    expect(up.status).toBe(201)
    expect(feedbackSchema.parse(up.body)).toMatchObject({ messageId: answer.id, rating: 'up', comment: null })
    const down = await send(t, tech, 'POST', `/api/t/demo/messages/${answer.id}/feedback`, {
      rating: 'down',
      comment: 'Wrong torque value <b>here</b>',
    })
    expect(feedbackSchema.parse(down.body)).toMatchObject({ rating: 'down', comment: 'Wrong torque value here' })
    const rows = await t.db.selectFrom('message_feedback').selectAll().where('message_id', '=', answer.id).execute()
    expect(rows.map((r) => r.rating)).toEqual(['down'])
    // The thumbs down puts the question among the knowledge gaps managers read in Reports, once.
    const gaps = (await send(t, manager, 'GET', '/api/t/demo/reports/low-confidence')).body as {
      topic: string
      queries: number
    }[]
    const asked = (question.content as string).replace(/<[^>]+>/g, '').trim()
    expect(gaps.find((g) => g.topic === asked)).toMatchObject({ queries: 1 })
    await send(t, tech, 'POST', `/api/t/demo/messages/${answer.id}/feedback`, { rating: 'down' })
    const again = (await send(t, manager, 'GET', '/api/t/demo/reports/low-confidence')).body as {
      topic: string
      queries: number
    }[]
    expect(again.find((g) => g.topic === asked)).toMatchObject({ queries: 1 })
    expect((await send(t, tech, 'POST', `/api/t/demo/messages/${question.id}/feedback`, { rating: 'up' })).status).toBe(
      400,
    )
    expect(
      (await send(t, manager, 'POST', `/api/t/demo/messages/${answer.id}/feedback`, { rating: 'up' })).status,
    ).toBe(404)
    expect((await send(t, tech, 'POST', `/api/t/demo/messages/${answer.id}/feedback`, { rating: 'meh' })).status).toBe(
      400,
    )
  })

  it('deletes a conversation: gone from lists, from reads, and from the owner’s devices at the next pull', async () => {
    const { body: page } = await send(t, tech, 'GET', '/api/t/demo/sync/pull?cursor=0&limit=1000')
    const cursor = pullAnswerSchema.parse(page).kind === 'page' ? page.cursor : 0
    expect((await send(t, manager, 'DELETE', `/api/t/demo/conversations/${mine}`)).status).toBe(404)
    const res = await send(t, tech, 'DELETE', `/api/t/demo/conversations/${mine}`)
    expect(res.status).toBe(204)
    expect((await conversations(tech)).map((c) => c.id)).not.toContain(mine)
    expect((await send(t, tech, 'GET', `/api/t/demo/conversations/${mine}`)).status).toBe(404)
    expect((await send(t, tech, 'DELETE', `/api/t/demo/conversations/${mine}`)).status).toBe(404)
    const next = pullAnswerSchema.parse((await send(t, tech, 'GET', `/api/t/demo/sync/pull?cursor=${cursor}`)).body)
    if (next.kind !== 'page') throw new Error('expected a page')
    const gone = next.changes.filter((ch) => ch.op === 'delete').map((ch) => `${ch.entity}:${ch.id}`)
    expect(gone).toContain(`conversation:${mine}`)
    expect(gone.filter((g) => g.startsWith('message:')).length).toBeGreaterThan(0)
    // A colleague's device hears nothing about it, not even its id.
    const colleague = pullAnswerSchema.parse(
      (await send(t, manager, 'GET', `/api/t/demo/sync/pull?cursor=${cursor}`)).body,
    )
    if (colleague.kind !== 'page') throw new Error('expected a page')
    expect(JSON.stringify(colleague.changes)).not.toContain(mine)
    // A message sent into the deleted conversation is refused, not resurrecting it.
    const stream = await t.app.request('/api/t/demo/experts/seakeeper/stream', {
      method: 'POST',
      headers: { cookie: tech, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'still there?',
        filters: { file_subject_type: 'seakeeper' },
        conversationId: mine,
      }),
    })
    expect(stream.status).toBe(404)
  })
})
