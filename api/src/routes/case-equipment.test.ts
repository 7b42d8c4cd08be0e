/**
 * The vessel and units on a case: set through REST or a synced mutation, plain text only, kept in
 * the history each time, bounded, and only by those who see the case.
 */
import { caseHistorySchema, caseSchema, LIMITS } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { mutation, pushOk } from '../test/sync-kit.ts'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp()
const tech = await t.signIn('tech@demo.local')
const manager = await t.signIn('manager@demo.local')
const harborAdmin = await t.signIn('admin@harbor.local')

const unit = { make: 'Seakeeper', model: 'Seakeeper 9', serial: 'SK9-2204117', hours: 1840, firmware: '' }
const json = (cookie: string, method: string, body: unknown) => ({
  method,
  headers: { cookie, 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

async function newCase(cookie = tech, extra: Record<string, unknown> = {}) {
  const res = await t.app.request(
    '/api/t/demo/cases',
    json(cookie, 'POST', { title: 'Spool-up slow', expert: 'seakeeper', ...extra }),
  )
  expect(res.status).toBe(201)
  return caseSchema.parse(await res.json())
}
const stored = async (id: string) =>
  caseSchema.parse(await (await t.app.request(`/api/t/demo/cases/${id}`, { headers: { cookie: tech } })).json())

describe('vessel and equipment on a case', () => {
  it('starts empty, or as the new case says', async () => {
    expect(await newCase()).toMatchObject({ vessel: '', equipment: [] })
    expect(await newCase(tech, { vessel: 'Blue Horizon', equipment: [unit] })).toMatchObject({
      vessel: 'Blue Horizon',
      equipment: [unit],
    })
  })

  it('is replaced by PUT {vessel, equipment}, with the change in the history', async () => {
    const c = await newCase()
    const res = await t.app.request(
      `/api/t/demo/cases/${c.id}`,
      json(tech, 'PUT', {
        vessel: ' Blue Horizon ',
        equipment: [unit, { ...unit, serial: 'SK9-2204118', hours: null }],
      }),
    )
    expect(res.status).toBe(200)
    const after = await stored(c.id)
    expect(after.vessel).toBe('Blue Horizon')
    expect(after.equipment.map((u) => u.serial)).toEqual(['SK9-2204117', 'SK9-2204118'])
    expect(after.version).toBe(c.version + 1)
    const history = caseHistorySchema.parse(
      await (await t.app.request(`/api/t/demo/cases/${c.id}/history`, { headers: { cookie: tech } })).json(),
    )
    expect(history.find((e) => e.kind === 'equipment')?.data).toMatchObject({ vessel: 'Blue Horizon' })
  })

  it('arrives from a device as case.setEquipment, once, with markup removed', async () => {
    const c = await newCase()
    const args = {
      caseId: c.id,
      vessel: '<b>Sea Otter</b> II',
      equipment: [{ ...unit, model: '<img src=x onerror=alert(1)>Seakeeper 6' }],
    }
    const device = uuidv7()
    await pushOk(t, tech, device, [mutation(1, 'case.setEquipment', args)])
    await pushOk(t, tech, device, [mutation(2, 'case.setEquipment', args)])
    const after = await stored(c.id)
    expect(after.vessel).toBe('Sea Otter II')
    expect(after.equipment[0]?.model).toBe('Seakeeper 6')
    const events = await t.db.selectFrom('case_events').select('kind').where('case_id', '=', c.id).execute()
    expect(events.filter((e) => e.kind === 'equipment')).toHaveLength(1)
  })

  const tooMany = Array.from({ length: LIMITS.equipmentUnitsMax + 1 }, () => unit)
  it.each([
    ['too many units', { vessel: 'x', equipment: tooMany }],
    ['negative hours', { vessel: 'x', equipment: [{ ...unit, hours: -1 }] }],
    ['hours as text', { vessel: 'x', equipment: [{ ...unit, hours: '12' }] }],
    [
      'a serial too long',
      { vessel: 'x', equipment: [{ ...unit, serial: 'S'.repeat(LIMITS.equipmentFieldMaxChars + 1) }] },
    ],
    ['a vessel name too long', { vessel: 'V'.repeat(LIMITS.vesselMaxChars + 1), equipment: [] }],
    ['a unit without its fields', { vessel: 'x', equipment: [{ make: 'Furuno' }] }],
    ['equipment mixed with a status', { vessel: 'x', equipment: [], status: 'Resolved' }],
  ])('refuses %s with a JSON error and changes nothing', async (_, body) => {
    const c = await newCase()
    const res = await t.app.request(`/api/t/demo/cases/${c.id}`, json(tech, 'PUT', body))
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error?: unknown }).error).toBeTruthy()
    expect(await stored(c.id)).toEqual(c)
  })

  it('is out of reach of those who do not see the case and of other tenants', async () => {
    const managersCase = await newCase(manager)
    const body = { vessel: 'Stolen', equipment: [] }
    expect((await t.app.request(`/api/t/demo/cases/${managersCase.id}`, json(tech, 'PUT', body))).status).toBe(404)
    expect((await t.app.request(`/api/t/harbor/cases/${managersCase.id}`, json(harborAdmin, 'PUT', body))).status).toBe(
      404,
    )
    expect((await t.app.request(`/api/t/demo/cases/${managersCase.id}`, json(harborAdmin, 'PUT', body))).status).toBe(
      404,
    )
    const after = await t.db.selectFrom('cases').select('vessel').where('id', '=', managersCase.id).executeTakeFirst()
    expect(after?.vessel).toBe('')
  })
})
