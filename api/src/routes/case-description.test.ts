import { caseSchema, errorBodySchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { send } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

describe('PUT /cases/{id} {description}: no lost update', () => {
  it('a stale full-description write does not wipe a note that arrived meanwhile; it is a recorded conflict', async () => {
    const t = await createTestApp()
    const manager = await t.signIn('manager@demo.local')
    const created = await send(t, manager, 'POST', '/api/t/demo/cases', {
      title: 'Fin actuator leak',
      description: 'Hydraulic oil under the port fin.',
      expert: 'seakeeper',
    })
    const seen = caseSchema.parse(created.body)
    const path = `/api/t/demo/cases/${seen.id}`

    // A tablet appends its note (as the spec's client does: the description it saw plus the note).
    const first = await send(t, manager, 'PUT', path, { description: `${seen.description}\n\nReplaced the seal.` })
    expect(first.status).toBe(200)
    // A second client still holds the old description and appends its own note.
    const stale = await send(t, manager, 'PUT', path, { description: `${seen.description}\n\nChecked the pump.` })
    expect(stale.status).toBe(409)
    expect(errorBodySchema.parse(stale.body).error.message).toMatch(/Someone else changed the description/)

    const now = caseSchema.parse((await send(t, manager, 'GET', path)).body)
    expect(now.description).toContain('Replaced the seal.')
    expect(now.description).not.toContain('Checked the pump.')
    const history = (await send(t, manager, 'GET', `${path}/history`)).body as { kind: string }[]
    expect(history.filter((e) => e.kind === 'conflict')).toHaveLength(1)

    // With the version it saw, the author may rewrite the description on purpose.
    const edit = await send(t, manager, 'PUT', path, { description: 'Rewritten summary.', baseVersion: now.version })
    expect(edit.status).toBe(200)
    const rewritten = caseSchema.parse(edit.body).description
    expect(rewritten).toContain('Rewritten summary.')
    expect(rewritten).not.toContain('Replaced the seal.')
  })
})
