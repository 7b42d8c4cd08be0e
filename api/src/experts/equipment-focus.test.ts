/**
 * Equipment-aware answers: a question in a conversation linked to a case cites first the manuals
 * an Admin tagged with the case's models, and says so; the same question elsewhere ranks as usual.
 */
import { documentAnswerSchema, messageSchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { documentsKit, enc } from '../test/documents-kit.ts'
import { readSseEvents } from './read-sse.ts'

const k = await documentsKit()
const { t, admin, tech } = k

const [generic, radar] = await k.uploaded([
  {
    fileName: 'radar-basics.md',
    bytes: enc(
      '# No echoes on the radar\n\nWhen the radar shows no echoes at all, no echoes on any range, check the magnetron hours and the gain: no echoes usually means gain at zero.\n',
    ),
  },
  {
    fileName: 'drs4d-nxt-service.md',
    bytes: enc(
      '# Antenna unit\n\nIf the radar shows no echoes after an install, reseat the antenna cable at the processor.\n',
    ),
  },
])

const ask = async (conversationId: string) => {
  const res = await t.app.request('/api/t/demo/experts/furuno/stream', {
    method: 'POST',
    headers: { cookie: tech, 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'radar shows no echoes', filters: { file_subject_type: 'furuno' }, conversationId }),
  })
  expect(res.status).toBe(200)
  const events = await readSseEvents(res)
  const contexts = events.find((e) => 'meta' in e && e.meta)?.meta?.contexts ?? []
  const stored = await t.app.request(`/api/t/demo/conversations/${conversationId}`, { headers: { cookie: tech } })
  const messages = messageSchema.array().parse(((await stored.json()) as { messages: unknown }).messages)
  return { first: contexts[0]?.documentId, origin: messages.find((m) => m.role === 'assistant')?.metadata.answer }
}

describe('a question about a case with equipment', () => {
  it('cites the manual tagged with its model first and says so; elsewhere the usual ranking holds', async () => {
    const tagged = await t.app.request(`/api/t/demo/documents/${radar?.id}`, {
      method: 'PATCH',
      headers: { cookie: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ models: ['DRS4D-NXT', '<b>DRS4D-NXT</b>', 'DRS6A-NXT'] }),
    })
    expect(tagged.status).toBe(200)
    expect(documentAnswerSchema.parse(await tagged.json()).document.models).toEqual(['DRS4D-NXT', 'DRS6A-NXT'])

    const plain = await ask(uuidv7())
    expect(plain.first).toBe(generic?.id)
    expect(plain.origin?.focus).toBeUndefined()

    const created = await t.app.request('/api/t/demo/cases', {
      method: 'POST',
      headers: { cookie: tech, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'No echoes on Northern Light',
        expert: 'furuno',
        equipment: [{ make: 'Furuno', model: 'drs4d nxt', serial: '6421-0087', hours: null, firmware: '' }],
      }),
    })
    const { id: caseId } = (await created.json()) as { id: string }
    const conversationId = uuidv7()
    // The device's first question from the case links the new conversation to it.
    const push = await t.app.request('/api/t/demo/sync/push', {
      method: 'POST',
      headers: { cookie: tech, 'content-type': 'application/json' },
      body: JSON.stringify({
        deviceId: uuidv7(),
        mutations: [
          {
            mid: uuidv7(),
            seq: 1,
            type: 'chat.send',
            baseVersion: null,
            createdAt: new Date().toISOString(),
            args: { conversationId, messageId: uuidv7(), agentId: 'furuno', query: 'hello', images: [], caseId },
          },
        ],
      }),
    })
    expect(((await push.json()) as { results: { status: string }[] }).results[0]?.status).toBe('applied')
    const linked = await t.db.selectFrom('cases').select('conversation_id').where('id', '=', caseId).executeTakeFirst()
    expect(linked?.conversation_id).toBe(conversationId)

    const focused = await ask(conversationId)
    expect(focused.first).toBe(radar?.id)
    expect(focused.origin?.focus).toEqual(['Furuno drs4d nxt'])
  })

  it('tags only as an Admin, with plain strings, within the limit', async () => {
    const patch = (cookie: string, body: unknown) =>
      t.app.request(`/api/t/demo/documents/${generic?.id}`, {
        method: 'PATCH',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect((await patch(tech, { models: ['X1'] })).status).toBe(403)
    expect((await patch(admin, { models: 'X1' })).status).toBe(400)
    expect((await patch(admin, { models: Array.from({ length: 31 }, (_, i) => `M${i}`) })).status).toBe(400)
    expect((await patch(admin, {})).status).toBe(400)
    const doc = await t.db
      .selectFrom('kb_documents')
      .select('models_json')
      .where('id', '=', generic?.id ?? '')
      .executeTakeFirst()
    expect(doc?.models_json).toBe('[]')
  })
})
