import { errorBodySchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { fingerprint, send } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

/**
 * Markup nested tens of thousands deep costs the HTML parser the square of its depth, on the event
 * loop (and, for case text, inside the write transaction): every member waited while it was read.
 */
const t = await createTestApp()
const tech = await t.signIn('tech@demo.local')
const manager = await t.signIn('manager@demo.local')

const nested = (tag: string, depth: number) => `<${tag}>`.repeat(depth)
const DEEP_TEXT = nested('b', 33_000)
const DEEP_SVG = `<svg xmlns="http://www.w3.org/2000/svg">${nested('g', 70_000)}<rect width="1" height="1"/>${'</g>'.repeat(70_000)}</svg>`

const created = await send(t, tech, 'POST', '/api/t/demo/cases', {
  title: 'Fin actuator',
  description: '<p>Oil under the <b>port</b> fin.</p>',
  expert: 'seakeeper',
})
const casePath = `/api/t/demo/cases/${created.body.id}`

const push = (type: string, args: Record<string, unknown>) =>
  send(t, tech, 'POST', '/api/t/demo/sync/push', {
    deviceId: uuidv7(),
    mutations: [{ mid: uuidv7(), seq: 1, type, args, baseVersion: null, createdAt: new Date().toISOString() }],
  })

describe('deeply nested markup is refused before it is parsed', () => {
  it('in case descriptions and notes, sent over REST or the sync push, changing nothing', async () => {
    const before = await fingerprint(t.db)
    const refused = [
      await send(t, tech, 'POST', '/api/t/demo/cases', { title: 'x', description: DEEP_TEXT, expert: 'seakeeper' }),
      await send(t, tech, 'PUT', casePath, { description: `${created.body.description}${DEEP_TEXT}` }),
    ]
    for (const res of refused) {
      expect(res.status).toBe(400)
      expect(errorBodySchema.parse(res.body).error.message).toMatch(/too much markup/)
    }
    const note = await push('case.appendNote', { caseId: created.body.id, noteId: uuidv7(), text: DEEP_TEXT })
    expect(note.body.results[0]).toMatchObject({ status: 'rejected', code: 'invalid_input' })
    expect(await fingerprint(t.db)).toBe(before)
  })

  it('in an SVG logo', async () => {
    const before = await fingerprint(t.db)
    const res = await t.app.request('/api/t/demo/admin/logo', {
      method: 'PUT',
      headers: { cookie: manager, 'content-type': 'image/svg+xml' },
      body: DEEP_SVG,
    })
    expect(res.status).toBe(400)
    expect(errorBodySchema.parse(await res.json()).error).toMatchObject({ field: 'logo' })
    expect(await fingerprint(t.db)).toBe(before)
  })

  it('while ordinary formatting is kept', async () => {
    const table = `<table>${'<tr><td>Pump</td><td><b>ok</b></td></tr>'.repeat(200)}</table>`
    const res = await send(t, tech, 'PUT', casePath, { description: `${created.body.description}${table}` })
    expect(res.status).toBe(200)
    expect(res.body.description).toContain('<td><b>ok</b></td>')
  })
})
