/**
 * An expert's own synonyms: an Admin saves them, every member reads them, the server's search
 * uses them at once, and devices get them in the expert's knowledge row.
 */
import { type KnowledgeState, synonymsAnswerSchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { processingIdle } from '../documents/process.ts'
import { retrieve } from '../experts/retrieve.ts'
import { documentsKit, enc } from '../test/documents-kit.ts'
import { pullAll } from '../test/sync-kit.ts'

const { t, admin, manager, tech, harborAdmin, upload, uploaded } = await documentsKit()

const put = (body: unknown, cookie = admin, tenant = 'demo', expert = 'furuno') =>
  t.app.request(`/api/t/${tenant}/experts/${expert}/synonyms`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const read = async (cookie = tech, tenant = 'demo') => {
  const res = await t.app.request(`/api/t/${tenant}/experts/furuno/synonyms`, { headers: { cookie } })
  expect(res.status).toBe(200)
  return synonymsAnswerSchema.parse(await res.json())
}

describe('an expert\u2019s synonyms', () => {
  it('are saved by an Admin, normalised, read by every member, and used by the search at once', async () => {
    await uploaded([
      { fileName: 'Heater.md', bytes: enc('# Laying up\n\nDrain the calorifier before the boat is laid up.') },
    ])
    const question = 'When should the water heater be emptied?'
    const before = await retrieve(t.db, 'demo', 'furuno', question)
    expect(before.sources.some((s) => s.fileName === 'Heater.md')).toBe(false)

    const res = await put({
      groups: [
        ['Water-Heater', 'calorifier', 'calorifier'],
        ['same', 'SAME'],
      ],
    })
    expect(res.status).toBe(200)
    expect(synonymsAnswerSchema.parse(await res.json()).groups).toEqual([['water heater', 'calorifier']])
    const seen = await read()
    expect(seen.groups).toEqual([['water heater', 'calorifier']])
    expect(seen.shipped).toContainEqual(['n2k', 'nmea2000', 'nmea 2000'])

    const after = await retrieve(t.db, 'demo', 'furuno', question)
    expect(after.sources[0]?.fileName).toBe('Heater.md')
  })

  it('reach devices in the knowledge row of the sync feed', async () => {
    const { changes } = await pullAll(t, tech)
    const change = changes.find((c) => c.entity === 'knowledge' && c.id === 'furuno' && c.op === 'upsert')
    const row = change && 'row' in change ? (change.row as KnowledgeState) : null
    expect(row?.synonyms).toEqual([['water heater', 'calorifier']])
  })

  it.each([
    ['a Manager', () => manager, 403],
    ['a Technician', () => tech, 403],
    ['no one signed in', () => '', 401],
  ])('cannot be changed by %s', async (_, cookie, status) => {
    const res = await put({ groups: [['a', 'b']] }, cookie())
    expect(res.status).toBe(status)
    expect(((await res.json()) as { error?: unknown }).error).toBeTruthy()
    expect((await read()).groups).toEqual([['water heater', 'calorifier']])
  })

  it.each([
    ['not JSON', '{"groups": ['],
    ['no groups', {}],
    ['a group of one', { groups: [['only']] }],
    ['a spelling too long', { groups: [['a', 'x'.repeat(41)]] }],
    ['too many spellings', { groups: [Array.from({ length: 13 }, (_, i) => `w${i}`)] }],
    ['too many groups', { groups: Array.from({ length: 201 }, (_, i) => [`a${i}`, `b${i}`]) }],
    ['a number for a word', { groups: [['a', 7]] }],
  ])('refuse %s with a JSON error and change nothing', async (_, body) => {
    const res = await put(body)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error?: unknown }).error).toBeTruthy()
    expect((await read()).groups).toEqual([['water heater', 'calorifier']])
  })

  it('belong to one tenant: another tenant neither sees nor changes them', async () => {
    expect((await read(harborAdmin, 'harbor')).groups).toEqual([])
    expect((await put({ groups: [['x', 'y']] }, harborAdmin)).status).toBe(404)
    expect((await put({ groups: [['a', 'b']] }, harborAdmin, 'harbor')).status).toBe(200)
    expect((await read()).groups).toEqual([['water heater', 'calorifier']])
    expect((await put({ groups: [['a', 'b']] }, admin, 'demo', 'nonsense')).status).toBe(400)
  })
})

describe('word rarity per tenant', () => {
  it('another tenant\u2019s manuals do not change what this tenant\u2019s search finds or how sure it is', async () => {
    const question = 'Where is the bilge float switch wired?'
    await uploaded([
      { fileName: 'Bilge.md', bytes: enc('# Bilge\n\nThe bilge float switch is wired to the pump relay.') },
    ])
    const before = await retrieve(t.db, 'demo', 'furuno', question)
    expect(before.sources[0]?.fileName).toBe('Bilge.md')
    const flood = Array.from({ length: 8 }, (_, i) => ({
      fileName: `Harbor ${i}.md`,
      bytes: enc(`# Harbor ${i}\n\nThe float switch and the bilge are checked daily. Wired relay ${i}.`),
    }))
    const res = await upload(flood, harborAdmin, 'furuno', 'harbor')
    expect(res.status).toBe(202)
    await processingIdle(t.db)
    const after = await retrieve(t.db, 'demo', 'furuno', question)
    expect(after.sources.map((s) => s.id)).toEqual(before.sources.map((s) => s.id))
    expect(after.bestScore).toBe(before.bestScore)
    expect(after.weights).toEqual(before.weights)
  })
})
