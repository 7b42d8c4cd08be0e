import { describe, expect, it, vi } from 'vitest'
import { readSseEvents } from '../experts/read-sse.ts'
import { newId } from '../lib/ids.ts'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp({}, {}, { knowledge: true })
const tech = await t.signIn('tech@demo.local')
const manager = await t.signIn('manager@demo.local')
const harborTech = await t.signIn('tech@harbor.local')

const ask = (cookie: string, expert: string, body: unknown, tenant = 'demo') =>
  t.app.request(`/api/t/${tenant}/experts/${expert}/stream`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

const question = (query: string, expert = 'seakeeper', extra: Record<string, unknown> = {}) => ({
  query,
  filters: { file_subject_type: expert },
  ...extra,
})

const countRows = async () => ({
  messages: Number(
    (
      await t.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  conversations: Number(
    (
      await t.db
        .selectFrom('conversations')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
})

describe('POST /experts/:expert/stream', () => {
  it('streams sources first, then the answer, then done with the new conversation id, and stores both messages', async () => {
    const res = await ask(
      tech,
      'seakeeper',
      question('The stabilizer will not spool up after a haul-out. What should I check?'),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const events = await readSseEvents(res)
    const first = events[0]
    expect(first?.meta?.contexts.length).toBeGreaterThan(0)
    expect(first?.meta?.contexts[0]).toMatchObject({
      title: expect.any(String),
      text: expect.stringMatching(/haul-out|spool/i),
    })
    const texts = events.slice(1, -1)
    expect(texts.length).toBeGreaterThan(0)
    expect(texts.every((e) => typeof e.text === 'string')).toBe(true)
    const done = events.at(-1)
    expect(done).toMatchObject({ done: true, conversationId: expect.any(String) })

    const conversationId = done?.conversationId as string
    const messages = await t.db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .orderBy('created_at')
      .execute()
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(messages[1]?.reply_to).toBe(messages[0]?.id)
    expect(messages[1]?.content).toBe(texts.map((e) => e.text).join(''))
    expect(JSON.parse(messages[1]?.sources_json ?? '[]')).toEqual(first?.meta?.contexts)
    const conversation = await t.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow()
    expect(conversation.title).toMatch(/^The stabilizer will not spool up after a haul-out\./)
    expect(conversation.title?.length).toBeLessThanOrEqual(60)
    const logged = await t.db
      .selectFrom('query_log')
      .selectAll()
      .where('query', 'like', 'The stabilizer will not spool%')
      .executeTakeFirstOrThrow()
    expect(logged.best_score).toBeGreaterThan(0.5)
    expect(logged.best_score).toBeLessThanOrEqual(1)
    const changes = await t.db
      .selectFrom('change_log')
      .select('entity')
      .where('entity_id', 'in', [conversationId, messages[1]?.id ?? ''])
      .execute()
    expect(changes.map((c) => c.entity).sort()).toEqual(['conversation', 'message'])
  })

  it('continues the same conversation on a follow-up', async () => {
    const first = await readSseEvents(
      await ask(tech, 'furuno', question('How do I check NMEA 2000 termination?', 'furuno')),
    )
    const conversationId = first.at(-1)?.conversationId
    const second = await readSseEvents(
      await ask(
        tech,
        'furuno',
        question('And what voltage should the backbone have at the ends?', 'furuno', { conversationId }),
      ),
    )
    expect(second.at(-1)).toEqual({ done: true, conversationId })
    const roles = await t.db
      .selectFrom('messages')
      .select('role')
      .where('conversation_id', '=', conversationId as string)
      .orderBy('created_at')
      .execute()
    expect(roles.map((r) => r.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
  })

  it('says plainly that the knowledge base has nothing when the question is off-topic', async () => {
    const events = await readSseEvents(
      await ask(tech, 'seakeeper', question('What is a good recipe for banana bread?')),
    )
    expect(events[0]).toEqual({ meta: { contexts: [] } })
    const answer = events.map((e) => e.text ?? '').join('')
    expect(answer).toContain('I could not find anything about this in the Seakeeper knowledge base')
    const logged = await t.db
      .selectFrom('query_log')
      .select('best_score')
      .where('query', 'like', '%banana bread%')
      .executeTakeFirstOrThrow()
    expect(logged.best_score).toBeLessThan(0.5)
  })

  it('replays a stored answer for a repeated messageId without answering twice', async () => {
    const messageId = newId()
    const conversationId = newId()
    const body = question('How often should I check the coolant in the cooling loop?', 'seakeeper', {
      messageId,
      conversationId,
    })
    const first = await readSseEvents(await ask(tech, 'seakeeper', body))
    const again = await readSseEvents(await ask(tech, 'seakeeper', body))
    expect(again.at(-1)).toEqual({ done: true, conversationId })
    expect(again.map((e) => e.text ?? '').join('')).toBe(first.map((e) => e.text ?? '').join(''))
    const answers = await t.db.selectFrom('messages').select('id').where('reply_to', '=', messageId).execute()
    expect(answers).toHaveLength(1)
  })

  it('keeps each tenant to its own knowledge and conversations', async () => {
    const own = await readSseEvents(await ask(tech, 'furuno', question('radar heading alignment', 'furuno')))
    const conversationId = own.at(-1)?.conversationId
    const other = await ask(
      harborTech,
      'furuno',
      question('radar heading alignment', 'furuno', { conversationId }),
      'harbor',
    )
    expect(other.status).toBe(404)
    const colleague = await ask(manager, 'furuno', question('radar heading alignment', 'furuno', { conversationId }))
    expect(colleague.status).toBe(404)
    const wrongTenant = await ask(harborTech, 'furuno', question('radar heading alignment', 'furuno'))
    expect(wrongTenant.status).toBe(404)
  })

  const refusals: [string, () => Promise<Response> | Response, number, string | RegExp][] = [
    ['master expert', () => ask(tech, 'master', question('hello', 'seakeeper')), 404, /coming soon/],
    ['unknown expert', () => ask(tech, 'nobody', question('hello')), 404, /no expert/],
    ['filter for another expert', () => ask(tech, 'seakeeper', question('hello', 'furuno')), 400, /file_subject_type/],
    ['missing filters', () => ask(tech, 'seakeeper', { query: 'hello' }), 400, /filters/],
    ['blank query', () => ask(tech, 'seakeeper', question('   ')), 400, /query/],
    ['query too long', () => ask(tech, 'seakeeper', question('x'.repeat(4001))), 400, /query/],
    [
      'query of the wrong type',
      () => ask(tech, 'seakeeper', { query: 42, filters: { file_subject_type: 'seakeeper' } }),
      400,
      /query/,
    ],
    [
      'malformed conversation id',
      () => ask(tech, 'seakeeper', question('hello', 'seakeeper', { conversationId: 'nope' })),
      400,
      /conversationId/,
    ],
    [
      'malformed JSON',
      () =>
        t.app.request('/api/t/demo/experts/seakeeper/stream', {
          method: 'POST',
          headers: { cookie: tech, 'content-type': 'application/json' },
          body: '{',
        }),
      400,
      /JSON/,
    ],
    [
      'plain text body',
      () =>
        t.app.request('/api/t/demo/experts/seakeeper/stream', {
          method: 'POST',
          headers: { cookie: tech, 'content-type': 'text/plain' },
          body: 'hi',
        }),
      415,
      /JSON or as multipart/,
    ],
    ['signed out', () => ask('', 'seakeeper', question('hello')), 401, /signed out/],
  ]

  it.each(refusals)('refuses %s with a JSON error and stores nothing', async (_, send, status, message) => {
    const before = await countRows()
    const res = await send()
    expect(res.status).toBe(status)
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.message).toMatch(message)
    expect(await countRows()).toEqual(before)
  })
})

describe('Idempotency-Key on the answer stream', () => {
  it('a repeat gets the stored stream, as a stream, without asking again', async () => {
    const key = `ask-${newId()}`
    const post = () =>
      t.app.request('/api/t/demo/experts/seakeeper/stream', {
        method: 'POST',
        headers: { cookie: tech, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(question('How often does the cooling loop need service?')),
      })
    const before = await countRows()
    const first = await post()
    const firstText = await first.text()
    expect(firstText).toMatch(/"done":true/)
    const replay = await vi.waitFor(async () => {
      const res = await post()
      expect(res.status).toBe(200)
      return res
    })
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.headers.get('content-type')).toContain('text/event-stream')
    expect(await replay.text()).toBe(firstText)
    expect(await countRows()).toEqual({
      messages: before.messages + 2,
      conversations: before.conversations + 1,
    })
  })
})
