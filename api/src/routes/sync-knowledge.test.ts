/**
 * The library's state in the sync feed: every change to an expert's ready manuals reaches each
 * member's device as a new `knowledge` row, which is how a device keeping the manuals knows to update.
 */
import { type Change, type KnowledgeState, pullAnswerSchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { documentsKit, enc } from '../test/documents-kit.ts'
import { pullAll } from '../test/sync-kit.ts'

const { t, tech, harborAdmin, uploaded } = await documentsKit()

async function pullHarbor(cursor = 0) {
  const res = await t.app.request(`/api/t/harbor/sync/pull?cursor=${cursor}&limit=1000`, {
    headers: { cookie: harborAdmin },
  })
  expect(res.status).toBe(200)
  const page = pullAnswerSchema.parse(await res.json())
  if (page.kind !== 'page' || page.hasMore) throw new Error('expected one page')
  return page
}

const libraries = (changes: Change[]) =>
  changes.filter((c) => c.entity === 'knowledge' && c.op === 'upsert').map((c) => c.row as KnowledgeState)

describe('the knowledge rows of the sync feed', () => {
  it('follow a manual becoming ready, a rename, a replacement and a deletion, for every member, and only of this tenant', async () => {
    const first = await pullAll(t, tech)
    const harborBefore = await pullHarbor()
    const before = libraries(first.changes).find((k) => k.expert === 'furuno')
    const [doc] = await uploaded([
      { fileName: 'Sounder notes.md', bytes: enc('# Sounder\n\nThe transducer cable runs aft.') },
    ])
    if (!doc) throw new Error('no document')

    const added = await pullAll(t, tech, first.cursor)
    const [afterAdd] = libraries(added.changes)
    expect(afterAdd).toMatchObject({ expert: 'furuno', documents: (before?.documents ?? 0) + 1 })
    expect(afterAdd?.passages).toBeGreaterThan(before?.passages ?? 0)
    if (before) expect(String(afterAdd?.changedAt) > before.changedAt).toBe(true)

    const renamed = await t.app.request(`/api/t/demo/documents/${doc.id}`, {
      method: 'PATCH',
      headers: { cookie: await t.signIn('admin@demo.local'), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Echo sounder notes' }),
    })
    expect(renamed.status).toBe(200)
    const afterRename = await pullAll(t, tech, added.cursor)
    expect(libraries(afterRename.changes)).toHaveLength(1)

    const removed = await t.app.request(`/api/t/demo/documents/${doc.id}`, {
      method: 'DELETE',
      headers: { cookie: await t.signIn('admin@demo.local') },
    })
    expect(removed.status).toBe(204)
    const afterDelete = await pullAll(t, tech, afterRename.cursor)
    expect(libraries(afterDelete.changes)).toEqual([
      expect.objectContaining({ expert: 'furuno', documents: before?.documents ?? 0, passages: before?.passages ?? 0 }),
    ])

    // Another tenant's library moves nothing here, and this one's nothing there.
    expect(libraries((await pullHarbor(harborBefore.cursor)).changes)).toEqual([])
  })

  it("reach a new device on its first sync however old the library's last change", async () => {
    await uploaded([{ fileName: 'Plotter notes.md', bytes: enc('# Plotter\n\nThe chart card sits behind the flap.') }])
    expect((await pullAll(t, tech)).changes.some((c) => c.entity === 'case')).toBe(true)
    await t.db.updateTable('change_log').set({ changed_at: '2020-01-01T00:00:00.000Z' }).execute()
    const fresh = await pullAll(t, tech)
    expect(libraries(fresh.changes).map((k) => k.expert)).toContain('furuno')
    expect(fresh.changes.some((c) => c.entity === 'tenantConfig')).toBe(true)
    expect(fresh.changes.some((c) => c.entity === 'case')).toBe(false)
  })
})
