import { afterEach, describe, expect, it, vi } from 'vitest'
import { tinyPdf } from '../../../api/src/test/pdf.ts'
import { LocalDb } from '../db/local-db.ts'
import { forgetKnowledge, forgetOriginals, keepKnowledge, readKeptDocument } from './kept-knowledge.ts'
import { pullAll } from './pull.ts'
import { fetchAs, startServer } from './test/server-harness.ts'

afterEach(() => vi.unstubAllGlobals())

describe('manuals kept on the device', () => {
  it('keeps every ready manual, follows removals and additions by moving only what changed, and opens one for the viewer', async () => {
    const server = await startServer()
    const cooling = await server.addManual('demo', 'seakeeper', 'Cooling', ['Bleed the loop.', 'Check the seacock.'])
    const bearings = await server.addManual('demo', 'seakeeper', 'Bearings', ['Grease them yearly.'])
    await server.addManual('demo', 'furuno', 'Radar', ['Tune the gain.'])
    const tech = await server.signIn('tech@demo.local')
    const admin = await server.signIn('admin@demo.local')
    const requests: string[] = []
    const fetch = fetchAs(tech, server.handle)
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new URL(String(input), 'http://localhost').pathname)
      return fetch(input, init)
    })
    const db = new LocalDb(await server.userId('tech@demo.local'), 'demo')
    const progress: number[] = []
    await pullAll(db)
    const library = await db.knowledge.get('seakeeper')
    expect(library).toMatchObject({ documents: 2, passages: 3 })
    await keepKnowledge(db, 'demo', 'seakeeper', (p) => progress.push(p.done))

    const kept = await db.keptExperts.get('seakeeper')
    // The copy remembers which state of the library it holds, so the next sync can tell it is behind.
    expect(kept).toMatchObject({ documents: 2, passages: 3, libraryChangedAt: library?.changedAt })
    expect(progress).toEqual([0, 1, 2])
    expect((await db.keptTexts.get(cooling))?.passages[1]?.text).toBe('Check the seacock.')
    expect(await db.keptTexts.where('expert').equals('furuno').count()).toBe(0)

    const removed = bearings
    const res = await server.handle(
      new Request(`http://localhost/api/t/demo/documents/${removed}`, { method: 'DELETE', headers: { cookie: admin } }),
    )
    expect(res.status).toBe(204)
    await pullAll(db)
    expect((await db.knowledge.get('seakeeper'))?.changedAt).not.toBe(library?.changedAt)
    expect(await db.knowledge.get('seakeeper')).toMatchObject({ documents: 1, passages: 2 })
    requests.length = 0
    await keepKnowledge(db, 'demo', 'seakeeper')
    // Only the list was read: nothing new to download, and the removed manual is gone from the device.
    expect(requests.filter((r) => r.endsWith('/passages'))).toEqual([])
    expect(await db.keptTexts.get(removed)).toBeUndefined()
    expect(await db.keptDocuments.get(removed)).toBeUndefined()

    const added = await server.addManual('demo', 'seakeeper', 'Sensors', ['A high reading can be a sensor fault.'])
    requests.length = 0
    await keepKnowledge(db, 'demo', 'seakeeper')
    // A manual added to the library: only it moves.
    expect(requests.filter((r) => r.endsWith('/passages'))).toEqual([`/api/t/demo/documents/${added}/passages`])
    expect(await db.keptExperts.get('seakeeper')).toMatchObject({ documents: 2, passages: 3 })

    const opened = await readKeptDocument(db, cooling)
    expect(opened?.doc.title).toBe('Cooling')
    expect(opened?.passages.map((p) => p.text)).toEqual(['Bleed the loop.', 'Check the seacock.'])

    await forgetKnowledge(db, 'seakeeper')
    expect(await db.keptTexts.count()).toBe(0)
    expect(await db.keptExperts.get('seakeeper')).toBeUndefined()
    db.close()
  })
})

describe('a download cut by a dropped connection', () => {
  it('keeps the manuals that arrived whole, and the next try fetches only the others', async () => {
    const server = await startServer()
    const ids: string[] = []
    for (let m = 0; m < 9; m++)
      ids.push(await server.addManual('demo', 'furuno', `Radar ${m}`, [`Tune the gain ${m}.`]))
    const fetch = fetchAs(await server.signIn('tech@demo.local'), server.handle)
    const passagesAsked: string[] = []
    let cut = true
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path.endsWith('/passages')) {
        passagesAsked.push(path)
        // The link drops on the fifth manual.
        if (cut && passagesAsked.length === 5) return Promise.reject(new TypeError('Failed to fetch'))
      }
      return fetch(input, init)
    })
    const db = new LocalDb(await server.userId('tech@demo.local'), 'demo')
    await expect(keepKnowledge(db, 'demo', 'furuno')).rejects.toThrow()
    const keptAfterCut = await db.keptDocuments.count()
    expect(keptAfterCut).toBeGreaterThanOrEqual(4)
    expect(keptAfterCut).toBeLessThan(9)
    // Every manual on the device is whole: its record and all its passages, or nothing.
    for (const doc of await db.keptDocuments.toArray()) {
      expect((await db.keptTexts.get(doc.id))?.passages).toHaveLength(doc.passages)
    }
    expect(await db.keptExperts.get('furuno')).toBeUndefined()

    cut = false
    passagesAsked.length = 0
    await keepKnowledge(db, 'demo', 'furuno')
    expect(passagesAsked).toHaveLength(9 - keptAfterCut)
    expect(await db.keptExperts.get('furuno')).toMatchObject({ documents: 9, passages: 9 })
    db.close()
  })
})

describe('original PDFs kept for the page view', () => {
  it('are kept when chosen, stay chosen through updates, open from the device, and go when unchosen', async () => {
    const server = await startServer()
    const pages = ['Radar magnetron: isolate the scanner first.', 'Tune the gain after a change.']
    const pdf = tinyPdf(pages)
    const id = await server.addManual('demo', 'furuno', 'Radar service', pages, pdf)
    await server.addManual('demo', 'furuno', 'Notes', ['Markdown has no original to keep.'])
    const fetch = fetchAs(await server.signIn('tech@demo.local'), server.handle)
    const files: string[] = []
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path.endsWith('/file')) files.push(path)
      return fetch(input, init)
    })
    const db = new LocalDb(await server.userId('tech@demo.local'), 'demo')
    await keepKnowledge(db, 'demo', 'furuno', undefined, { originals: true })

    expect(files).toEqual([`/api/t/demo/documents/${id}/file`])
    expect(await db.keptExperts.get('furuno')).toMatchObject({
      documents: 2,
      originals: true,
      originalBytes: pdf.length,
    })
    const opened = await readKeptDocument(db, id)
    expect(opened?.doc.contentType).toBe('application/pdf')
    expect(Array.from(new Uint8Array(opened?.original ?? new ArrayBuffer(0)))).toEqual(Array.from(pdf))

    // An automatic update (no choice given) keeps the choice and fetches nothing already kept.
    files.length = 0
    await keepKnowledge(db, 'demo', 'furuno')
    expect(files).toEqual([])
    expect(await db.keptOriginals.count()).toBe(1)

    await forgetOriginals(db, 'furuno')
    expect(await db.keptOriginals.count()).toBe(0)
    expect(await db.keptExperts.get('furuno')).toMatchObject({ documents: 2, originals: false, originalBytes: 0 })
    expect((await readKeptDocument(db, id))?.original).toBeNull()
    await keepKnowledge(db, 'demo', 'furuno')
    expect(files).toEqual([])
    db.close()
  })
})
