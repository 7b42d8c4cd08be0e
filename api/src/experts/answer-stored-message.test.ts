import { describe, expect, it } from 'vitest'
import type { Actor } from '../auth/actor.ts'
import { newId } from '../lib/ids.ts'
import { recordUserMessage } from '../mutations/chat.ts'
import { createTestApp } from '../test/test-app.ts'
import { answerStoredMessage, answerUnansweredMessages } from './answer-stored-message.ts'

const t = await createTestApp({}, {}, { knowledge: true })
const tech: Actor = { userId: await t.userId('tech@demo.local'), tenant: 'demo', role: 'Technician' }
const manager: Actor = { userId: await t.userId('manager@demo.local'), tenant: 'demo', role: 'Manager' }

async function storeQuestion(actor: Actor, query: string) {
  const messageId = newId()
  await recordUserMessage(t.db, actor, { conversationId: newId(), messageId, agentId: 'furuno', query })
  return messageId
}

const logged = (query: string) => t.db.selectFrom('query_log').select('id').where('query', '=', query).execute()

describe('answering stored (offline-sent) messages', () => {
  it('answers once even when asked concurrently, and again returns the stored answer', async () => {
    const query = 'Sounder loses the bottom at speed, why?'
    const messageId = await storeQuestion(tech, query)
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => answerStoredMessage(t.deps, tech, messageId)))
    const ids = new Set(answers.map((a) => a?.id))
    expect(ids.size).toBe(1)
    expect(answers[0]).toMatchObject({ role: 'assistant', replyTo: messageId })
    expect(answers[0]?.metadata.sources.length).toBeGreaterThan(0)
    expect(answers[0]?.content).toContain('aeration')
    expect(await logged(query)).toHaveLength(1)
    expect((await answerStoredMessage(t.deps, tech, messageId))?.id).toBe(answers[0]?.id)
    expect(await logged(query)).toHaveLength(1)
  })

  it("does not answer someone else's message", async () => {
    const messageId = await storeQuestion(tech, 'Radar antenna does not rotate')
    expect(await answerStoredMessage(t.deps, manager, messageId)).toBeNull()
    expect(await answerStoredMessage(t.deps, { ...tech, tenant: 'harbor' }, messageId)).toBeNull()
    const answers = await t.db.selectFrom('messages').select('id').where('reply_to', '=', messageId).execute()
    expect(answers).toEqual([])
  })

  it('answers at boot every question left without an answer, once', async () => {
    await answerUnansweredMessages(t.deps)
    const a = await storeQuestion(tech, 'GPS position wanders')
    const b = await storeQuestion(manager, 'Autopilot turns the wrong way')
    expect(await answerUnansweredMessages(t.deps)).toBe(2)
    expect(await answerUnansweredMessages(t.deps)).toBe(0)
    const replies = await t.db.selectFrom('messages').select('reply_to').where('reply_to', 'in', [a, b]).execute()
    expect(replies).toHaveLength(2)
  })
})
