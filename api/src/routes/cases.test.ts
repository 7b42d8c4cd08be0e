import { caseHistorySchema, caseSchema, errorBodySchema } from '@mw/sync-protocol'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { seededWorld } from '../test/fixtures.ts'
import { fingerprint, send, type TestApp } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

let t: TestApp
let w: Awaited<ReturnType<typeof seededWorld>>
beforeAll(async () => {
  t = await createTestApp()
  w = await seededWorld(t)
})
const as = (email: string) => w.cookie(email)

describe('cases', () => {
  it('keeps plain-text titles and tags as typed characters, not HTML entities', async () => {
    const created = await send(t, as('tech@demo.local'), 'POST', '/api/t/demo/cases', {
      title: 'Pressure < 5 bar & temp > 40 "hot"',
      expert: 'furuno',
      tags: ['A&B'],
    })
    expect(caseSchema.parse(created.body)).toMatchObject({ title: 'Pressure < 5 bar & temp > 40 "hot"', tags: ['A&B'] })
  })

  it('creates a case that its author can list, read and trace', async () => {
    const body = {
      title: 'Gyro <b>alarm</b> at start-up',
      description: 'Display shows an alarm <script>x()</script>',
      expert: 'seakeeper',
      tags: ['alarm'],
    }
    const created = await send(t, as('tech@demo.local'), 'POST', '/api/t/demo/cases', body)
    expect(created.status).toBe(201)
    const c = caseSchema.parse(created.body)
    expect(c).toMatchObject({
      title: 'Gyro alarm at start-up',
      description: 'Display shows an alarm ',
      status: 'Open',
      version: 1,
      createdBy: w.userId('tech@demo.local'),
    })
    const list = await send(t, as('tech@demo.local'), 'GET', '/api/t/demo/cases')
    expect(list.body.map((x: { id: string }) => x.id)).toContain(c.id)
    expect((await send(t, as('tech@demo.local'), 'GET', `/api/t/demo/cases/${c.id}`)).body).toEqual(c)
    const history = caseHistorySchema.parse(
      (await send(t, as('tech@demo.local'), 'GET', `/api/t/demo/cases/${c.id}/history`)).body,
    )
    expect(history.map((e) => e.kind)).toEqual(['created'])
  })

  it('shows technicians only the cases they created or are assigned, and managers all', async () => {
    const tech = w.userId('tech@demo.local')
    const mine = (await send(t, as('tech@demo.local'), 'GET', '/api/t/demo/cases')).body as {
      createdBy: string
      assignedTo: string | null
    }[]
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.every((c) => c.createdBy === tech || c.assignedTo === tech)).toBe(true)
    const all = await t.db.selectFrom('cases').select('id').where('tenant_slug', '=', 'demo').execute()
    expect((await send(t, as('manager@demo.local'), 'GET', '/api/t/demo/cases')).body).toHaveLength(all.length)
  })

  it('changes the status and appends notes, answering the updated case and recording history', async () => {
    const path = `/api/t/demo/cases/${w.techCase}`
    const before = caseSchema.parse((await send(t, as('tech@demo.local'), 'GET', path)).body)
    const status = before.status === 'Open' ? 'In-Progress' : 'Open'
    const moved = caseSchema.parse((await send(t, as('tech@demo.local'), 'PUT', path, { status })).body)
    expect(moved).toMatchObject({ status, version: before.version + 1 })
    const description = `${moved.description}\n\n[21/11/2026, 09:00:00] Sea trial done, <em>no alarm</em>.<img src=x onerror=alert(1)>`
    const noted = caseSchema.parse((await send(t, as('tech@demo.local'), 'PUT', path, { description })).body)
    expect(noted.description).toBe(`${moved.description}\n\n[21/11/2026, 09:00:00] Sea trial done, <em>no alarm</em>.`)
    const history = caseHistorySchema.parse((await send(t, as('tech@demo.local'), 'GET', `${path}/history`)).body)
    expect(history.slice(-2).map((e) => [e.kind, e.data])).toEqual([
      ['status', { from: before.status, to: status }],
      ['note', { text: '[21/11/2026, 09:00:00] Sea trial done, <em>no alarm</em>.' }],
    ])
  })

  it('answers 409 for a status change based on a version someone else has since changed, and records it', async () => {
    const created = caseSchema.parse(
      (await send(t, as('tech@demo.local'), 'POST', '/api/t/demo/cases', { title: 'Radar dropouts', expert: 'furuno' }))
        .body,
    )
    const path = `/api/t/demo/cases/${created.id}`
    expect((await send(t, as('manager@demo.local'), 'PUT', path, { status: 'In-Progress' })).status).toBe(200)
    const stale = await send(t, as('tech@demo.local'), 'PUT', path, {
      status: 'Resolved',
      baseVersion: created.version,
    })
    expect(stale.status).toBe(409)
    expect(errorBodySchema.parse(stale.body).error.message).toContain('In-Progress')
    expect((await send(t, as('tech@demo.local'), 'GET', path)).body.status).toBe('In-Progress')
    const history = caseHistorySchema.parse((await send(t, as('tech@demo.local'), 'GET', `${path}/history`)).body)
    expect(history.at(-1)).toMatchObject({ kind: 'conflict', data: { wanted: 'Resolved', current: 'In-Progress' } })
  })

  it('applies a repeated Idempotency-Key once and replays the same answer', async () => {
    const headers = { 'idempotency-key': 'case-create-1' }
    const body = { title: 'Autopilot alarm', expert: 'furuno' }
    const first = await send(t, as('tech@demo.local'), 'POST', '/api/t/demo/cases', body, headers)
    const state = await fingerprint(t.db)
    const again = await send(t, as('tech@demo.local'), 'POST', '/api/t/demo/cases', body, headers)
    expect([first.status, again.status]).toEqual([201, 201])
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await fingerprint(t.db)).toBe(state)
    const other = await send(
      t,
      as('tech@demo.local'),
      'POST',
      '/api/t/demo/cases',
      { ...body, title: 'Other' },
      headers,
    )
    expect(other.status).toBe(400)
    expect(errorBodySchema.parse(other.body).error.field).toBe('Idempotency-Key')
    expect(await fingerprint(t.db)).toBe(state)
  })

  it('never answers 5xx to random case bodies, and writes only what validates', async () => {
    const anything = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 25 }),
      fc.boolean(),
    )
    const body = fc.record(
      {
        title: fc.oneof(fc.string({ maxLength: 250 }), anything),
        description: fc.oneof(fc.string(), anything),
        expert: fc.oneof(fc.constantFrom('seakeeper', 'furuno', 'master'), anything),
        tags: fc.oneof(fc.array(fc.string({ maxLength: 45 }), { maxLength: 22 }), anything),
        status: fc.oneof(fc.constantFrom('Open', 'In-Progress', 'Resolved'), anything),
      },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (b, update) => {
        const res = update
          ? await send(t, as('admin@demo.local'), 'PUT', `/api/t/demo/cases/${w.managerCase}`, b)
          : await send(t, as('admin@demo.local'), 'POST', '/api/t/demo/cases', b)
        expect([200, 201, 400, 409]).toContain(res.status)
        if (res.status < 300) caseSchema.parse(res.body)
        else errorBodySchema.parse(res.body)
      }),
      { numRuns: 150 },
    )
  })
})
