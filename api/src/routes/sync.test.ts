import { errorBodySchema, pushAnswerSchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { count, mutation, newCase, push, pushOk, setup, T } from '../test/sync-kit.ts'

describe('sync push', () => {
  it('applies a batch in order and answers a replay with duplicate and the first outcome', async () => {
    const t = await setup()
    const device = uuidv7()
    const batch = [newCase(1), newCase(2, 'Radar overlay drifts')]
    const before = await count(t, 'cases')
    expect(await pushOk(t, t.tech, device, batch)).toEqual({
      results: batch.map((m) => ({ mid: m.mid, status: 'applied' })),
      lastSeq: 2,
    })
    const replay = await pushOk(t, t.tech, device, batch)
    expect(replay.results.map((r) => [r.status, r.outcome])).toEqual([
      ['duplicate', 'applied'],
      ['duplicate', 'applied'],
    ])
    expect(await count(t, 'cases')).toBe(before + 2)
  })

  it('answers gap with the expected seq and stops processing the rest', async () => {
    const t = await setup()
    const device = uuidv7()
    await pushOk(t, t.tech, device, [newCase(1)])
    const before = await count(t, 'cases')
    const answer = await pushOk(t, t.tech, device, [newCase(3), newCase(4)])
    expect(answer.results).toEqual([{ mid: expect.any(String), status: 'gap', expectedSeq: 2 }])
    expect(answer.lastSeq).toBe(1)
    expect(await count(t, 'cases')).toBe(before)
  })

  it('lets a device re-registered under a new id continue from its first seq, mids still known', async () => {
    const t = await setup()
    const sent = newCase(1)
    await pushOk(t, t.tech, uuidv7(), [sent])
    const answer = await pushOk(t, t.tech, uuidv7(), [{ ...sent }, newCase(2)])
    expect(answer.results.map((r) => r.status)).toEqual(['duplicate', 'applied'])
  })

  it('rejects an unknown mid with an old seq as stale', async () => {
    const t = await setup()
    const device = uuidv7()
    await pushOk(t, t.tech, device, [newCase(1)])
    const stale = newCase(1)
    const answer = await pushOk(t, t.tech, device, [stale])
    expect(answer.results[0]).toMatchObject({ mid: stale.mid, status: 'rejected', code: 'conflict' })
    expect(answer.lastSeq).toBe(1)
  })

  it('rejects invalid or forbidden mutations with a reason and applies the rest of the batch', async () => {
    const t = await setup()
    const device = uuidv7()
    const before = await count(t, 'cases')
    const batch = [
      mutation(1, 'case.create', { id: 'not-a-uuid', title: '', expert: 'nobody' }),
      mutation(2, 'training.assign', {
        id: uuidv7(),
        setId: uuidv7(),
        assignedToRole: 'Technician',
        assignedToId: null,
      }),
      mutation(3, 'no.such.type', {}),
      newCase(4),
    ]
    const answer = await pushOk(t, t.tech, device, batch)
    expect(answer.results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'applied'])
    expect(answer.results[1]).toMatchObject({
      code: 'forbidden',
      reason: 'Only managers and admins can assign training.',
    })
    for (const r of answer.results.slice(0, 3)) expect(r.reason).toMatch(/\w+ \w+/)
    expect(answer.lastSeq).toBe(4)
    expect(await count(t, 'cases')).toBe(before + 1)
  })

  it('rolls back only the rejected mutation when it fails half-way', async () => {
    const t = await setup()
    const device = uuidv7()
    const messageId = uuidv7()
    const send = (seq: number, conversationId: string) =>
      mutation(seq, 'chat.send', {
        conversationId,
        messageId,
        agentId: 'seakeeper',
        query: 'Why no spool-up?',
        images: [],
      })
    const first = uuidv7()
    const stray = uuidv7()
    const answer = await pushOk(t, t.tech, device, [send(1, first), send(2, stray), newCase(3)])
    expect(answer.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied'])
    const conversations = await t.db
      .selectFrom('conversations')
      .select('id')
      .where('id', 'in', [first, stray])
      .execute()
    expect(conversations.map((c) => c.id)).toEqual([first])
  })

  it('applies two simultaneous pushes of one batch once', async () => {
    const t = await setup()
    const device = uuidv7()
    const batch = [newCase(1), newCase(2)]
    const before = await count(t, 'cases')
    const [a, b] = await Promise.all([push(t, t.tech, device, batch), push(t, t.tech, device, batch)])
    const statuses = [a, b].map((r) =>
      pushAnswerSchema
        .parse(r.body)
        .results.map((x) => x.status)
        .join(),
    )
    expect(statuses.sort()).toEqual(['applied,applied', 'duplicate,duplicate'])
    expect(await count(t, 'cases')).toBe(before + 2)
  })

  it('records a stale status change as a conflict in the case history', async () => {
    const t = await setup()
    const caseMutation = newCase(1)
    const caseId = caseMutation.args.id as string
    await pushOk(t, t.tech, uuidv7(), [caseMutation])
    await pushOk(t, t.manager, uuidv7(), [mutation(1, 'case.setStatus', { caseId, status: 'Resolved' }, 1)])
    const answer = await pushOk(t, t.tech, uuidv7(), [
      mutation(1, 'case.setStatus', { caseId, status: 'In-Progress' }, 1),
    ])
    expect(answer.results[0]).toMatchObject({ status: 'conflict', reason: expect.stringContaining('Resolved') })
    const row = await t.db.selectFrom('cases').select('status').where('id', '=', caseId).executeTakeFirstOrThrow()
    expect(row.status).toBe('Resolved')
    const kinds = await t.db.selectFrom('case_events').select('kind').where('case_id', '=', caseId).execute()
    expect(kinds.map((k) => k.kind)).toContain('conflict')
  })

  it('asks for an answer to each new chat message once, after commit', async () => {
    const asked: string[] = []
    const t = await setup({ onUserMessage: (_actor, id) => asked.push(id) })
    const send = mutation(1, 'chat.send', {
      conversationId: uuidv7(),
      messageId: uuidv7(),
      agentId: 'furuno',
      query: 'Radar shows rings',
      images: [],
    })
    const device = uuidv7()
    await pushOk(t, t.tech, device, [send])
    await pushOk(t, t.tech, device, [send])
    expect(asked).toEqual([send.args.messageId])
  })

  it('refuses a device registered to another user, changing nothing', async () => {
    const t = await setup()
    const device = uuidv7()
    await pushOk(t, t.tech, device, [newCase(1)])
    const before = await count(t, 'cases')
    const res = await push(t, t.manager, device, [newCase(2)])
    expect(res.status).toBe(403)
    expect(errorBodySchema.parse(res.body).error.message).toMatch(/another account/)
    expect(await count(t, 'cases')).toBe(before)
  })

  it.each([
    ['no mutations', { deviceId: uuidv7(), mutations: [] }, 400],
    ['a device id that is not a UUID', { deviceId: 'tablet-1', mutations: [{}] }, 400],
    [
      'more than 50 mutations',
      { deviceId: uuidv7(), mutations: Array.from({ length: 51 }, (_, i) => newCase(i + 1)) },
      400,
    ],
    ['mutations that are not a list', { deviceId: uuidv7(), mutations: 'case.create' }, 400],
  ])('answers 400 to %s and changes nothing', async (_name, body, status) => {
    const t = await setup()
    const before = await count(t, 'cases')
    const res = await t.app.request(`${T}/push`, {
      method: 'POST',
      headers: { cookie: t.tech, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status).toBe(status)
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('invalid_input')
    expect(await count(t, 'cases')).toBe(before)
  })

  it('answers 401 when signed out and 404 for a tenant the user is not in', async () => {
    const t = await setup()
    const body = JSON.stringify({ deviceId: uuidv7(), mutations: [newCase(1)] })
    const headers = { 'content-type': 'application/json' }
    expect((await t.app.request(`${T}/push`, { method: 'POST', headers, body })).status).toBe(401)
    const other = await t.app.request('/api/t/harbor/sync/push', {
      method: 'POST',
      headers: { ...headers, cookie: t.tech },
      body,
    })
    expect(other.status).toBe(404)
  })
})
