import { describe, expect, it } from 'vitest'
import { answerStoredMessage } from '../experts/answer-stored-message.ts'
import { fingerprint } from '../test/http.ts'
import { mutation, pullAll, pushOk, setup } from '../test/sync-kit.ts'

const t = await setup()
const device = '0193f000-0000-7000-8000-0000000000d1'
const ask = (seq: number, conversationId: string, messageId: string) =>
  mutation(seq, 'chat.send', { conversationId, messageId, agentId: 'seakeeper', query: 'Gyro alarm 12', images: [] })

describe('conversation history through the sync', () => {
  const conversationId = '0193f000-0000-7000-8000-00000000c001'
  const messageId = '0193f000-0000-7000-8000-00000000c002'

  it('renames, deletes and restores a conversation queued on a device, and its pull follows', async () => {
    const answers = await pushOk(t, t.tech, device, [
      ask(1, conversationId, messageId),
      mutation(2, 'conversation.rename', { id: conversationId, title: 'Alarm 12 on MY Aurora' }),
    ])
    expect(answers.results.map((r) => r.status)).toEqual(['applied', 'applied'])
    const { changes, cursor } = await pullAll(t, t.tech)
    const row = changes.find((c) => c.entity === 'conversation' && c.id === conversationId)
    expect(row).toMatchObject({ op: 'upsert', row: expect.objectContaining({ title: 'Alarm 12 on MY Aurora' }) })

    const deleted = await pushOk(t, t.tech, device, [mutation(3, 'conversation.delete', { id: conversationId })])
    expect(deleted.results[0]?.status).toBe('applied')
    const gone = await pullAll(t, t.tech, cursor)
    expect(gone.changes).toContainEqual(
      expect.objectContaining({ entity: 'conversation', id: conversationId, op: 'delete' }),
    )
    expect(gone.changes).toContainEqual(expect.objectContaining({ entity: 'message', id: messageId, op: 'delete' }))

    const restored = await pushOk(t, t.tech, device, [mutation(4, 'conversation.restore', { id: conversationId })])
    expect(restored.results[0]?.status).toBe('applied')
    const back = await pullAll(t, t.tech, gone.cursor)
    expect(back.changes).toContainEqual(
      expect.objectContaining({ entity: 'conversation', id: conversationId, op: 'upsert' }),
    )
    expect(back.changes).toContainEqual(expect.objectContaining({ entity: 'message', id: messageId, op: 'upsert' }))
  })

  it('refuses another user’s conversation for every history mutation and changes nothing', async () => {
    const before = await fingerprint(t.db)
    const theirs = await pushOk(t, t.manager, '0193f000-0000-7000-8000-0000000000d2', [
      mutation(1, 'conversation.rename', { id: conversationId, title: 'Mine now' }),
      mutation(2, 'conversation.delete', { id: conversationId }),
      mutation(3, 'conversation.restore', { id: conversationId }),
      mutation(4, 'message.rate', { messageId, rating: 'down', comment: null }),
    ])
    expect(theirs.results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected'])
    expect(await fingerprint(t.db)).toBe(before)
  })

  it('rates an answer from the device; a question cannot be rated', async () => {
    const actor = { userId: await t.userId('tech@demo.local'), tenant: 'demo', role: 'Technician' } as const
    const answer = await answerStoredMessage(t.deps, actor, messageId)
    if (!answer) throw new Error('the question was not answered')
    const rated = await pushOk(t, t.tech, device, [
      mutation(5, 'message.rate', { messageId, rating: 'up', comment: null }),
      mutation(6, 'message.rate', { messageId: answer.id, rating: 'down', comment: 'Wrong page' }),
    ])
    expect(rated.results[0]?.status).toBe('rejected')
    expect(rated.results[1]?.status).toBe('applied')
    const rows = await t.db.selectFrom('message_feedback').selectAll().where('message_id', '=', answer.id).execute()
    expect(rows).toMatchObject([{ rating: 'down', comment: 'Wrong page' }])
  })
})
