// @vitest-environment node
import { LIMITS } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { LocalDb } from '../db/local-db.ts'
import { createCase, setCaseEquipment } from '../features/cases/actions.ts'
import { removeCaseFile } from '../features/cases/case-files.ts'
import { drainAll } from './drainer.ts'
import { randomPng } from './test/png.ts'
import { fetchAs, startServer } from './test/server-harness.ts'
import { queueUpload } from './uploads.ts'

const photo = (fileName: string) => ({
  blob: new Blob([new Uint8Array(randomPng(64, 48))], { type: 'image/png' }),
  fileName,
})

describe('photos added to a case on the device', () => {
  it('reach the server after the case they belong to, once each, even when an answer is lost', async () => {
    const server = await startServer()
    const cookie = await server.signIn('tech@demo.local')
    const db = new LocalDb(await server.userId('tech@demo.local'), 'demo')
    const base = fetchAs(cookie, server.handle)
    const order: string[] = []
    let dropped = 0
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      if (url.includes('/sync/pull')) return base(input, init)
      order.push(url.endsWith('/sync/push') ? 'push' : 'upload')
      const answer = await base(input, init)
      // The server kept the first photo, but its answer never reaches the tablet.
      if (url.endsWith('/attachments') && dropped++ === 0) throw new TypeError('connection reset')
      return answer
    }) as typeof globalThis.fetch

    const { id: caseId } = await createCase(db, {
      title: 'Anodes on Blue Horizon',
      description: '',
      expert: 'seakeeper',
      tags: [],
    })
    await setCaseEquipment(db, caseId, 'Blue Horizon', [
      { make: 'Seakeeper', model: 'Seakeeper 9', serial: 'SK9-2204117', hours: 1840, firmware: '' },
    ])
    await queueUpload(db, { caseId, kind: 'file', ...photo('port anode.png') })
    await queueUpload(db, { caseId, kind: 'file', ...photo('starboard anode.png') })

    expect((await drainAll(db, { fetch })).status).toBe('offline')
    expect(await db.uploads.count()).toBe(2)
    expect(await drainAll(db, { fetch })).toEqual({ status: 'synced' })

    expect(order[0]).toBe('push')
    const kept = await server.db.selectFrom('case_attachments').selectAll().where('case_id', '=', caseId).execute()
    expect(kept.map((a) => a.file_name).sort()).toEqual(['port anode.png', 'starboard anode.png'])
    expect(await db.uploads.count()).toBe(0)
    expect((await db.attachments.where('caseId').equals(caseId).toArray()).map((a) => a.id).sort()).toEqual(
      kept.map((a) => a.id).sort(),
    )
    // The bytes stay on the device, so the photos show with no network.
    expect(await db.fileBlobs.count()).toBe(2)
    const serverCase = await server.db.selectFrom('cases').selectAll().where('id', '=', caseId).executeTakeFirst()
    expect(serverCase?.vessel).toBe('Blue Horizon')
  })

  it('keeps a file the server refuses, with its reason, and carries on with the rest', async () => {
    const server = await startServer()
    const cookie = await server.signIn('tech@demo.local')
    const db = new LocalDb(await server.userId('tech@demo.local'), 'demo')
    const fetch = fetchAs(cookie, server.handle)
    const { id: caseId } = await createCase(db, { title: 'Plotter', description: '', expert: 'furuno', tags: [] })
    const fake = await queueUpload(db, {
      caseId,
      kind: 'file',
      blob: new Blob(['MZ not really a photo'], { type: 'image/png' }),
      fileName: 'virus.png',
    })
    await queueUpload(db, { caseId, kind: 'file', ...photo('screen.png') })

    expect(await drainAll(db, { fetch })).toEqual({ status: 'synced' })
    expect(await db.uploads.get(fake)).toMatchObject({ state: 'rejected', reason: expect.stringContaining('PDF') })
    const kept = await server.db
      .selectFrom('case_attachments')
      .select('file_name')
      .where('case_id', '=', caseId)
      .execute()
    expect(kept).toEqual([{ file_name: 'screen.png' }])
  })

  it('removes an uploaded file offline at once, and on the server once the link returns; a refused removal puts it back', async () => {
    const server = await startServer()
    const tech = fetchAs(await server.signIn('tech@demo.local'), server.handle)
    const manager = fetchAs(await server.signIn('manager@demo.local'), server.handle)
    const db = new LocalDb(await server.userId('tech@demo.local'), 'demo')
    const { id: caseId } = await createCase(db, { title: 'Fin seals', description: '', expert: 'seakeeper', tags: [] })
    const own = await queueUpload(db, { caseId, kind: 'file', ...photo('seal.png') })
    expect(await drainAll(db, { fetch: tech })).toEqual({ status: 'synced' })
    // The manager adds a photo to the technician's case, which the technician may not remove.
    const body = new FormData()
    body.append('file', photo('manager.png').blob, 'manager.png')
    const added = await manager(`/api/t/demo/cases/${caseId}/attachments`, { method: 'POST', body })
    const managers = ((await added.json()) as { attachment: { id: string } }).attachment.id
    expect(await drainAll(db, { fetch: tech })).toEqual({ status: 'synced' })
    const onDevice = async () =>
      (await db.attachments.where('caseId').equals(caseId).toArray()).map((a) => a.fileName).sort()
    expect(await onDevice()).toEqual(['manager.png', 'seal.png'])

    for (const id of [own, managers]) {
      const file = await db.attachments.get(id)
      if (!file) throw new Error('the file is not on the device')
      await removeCaseFile(db, { ...file, waiting: false, refused: null, blob: null })
    }
    expect(await onDevice()).toEqual([])
    expect(await db.fileBlobs.get(own)).toBeUndefined()
    const noLink = (async () => {
      throw new TypeError('Failed to fetch')
    }) as typeof globalThis.fetch
    expect((await drainAll(db, { fetch: noLink })).status).toBe('offline')
    expect(await onDevice()).toEqual([])

    expect(await drainAll(db, { fetch: tech })).toEqual({ status: 'synced' })
    const kept = await server.db
      .selectFrom('case_attachments')
      .select('file_name')
      .where('case_id', '=', caseId)
      .execute()
    expect(kept).toEqual([{ file_name: 'manager.png' }])
    expect(await onDevice()).toEqual(['manager.png'])
    const refused = await db.outbox.where('state').equals('rejected').toArray()
    expect(refused.map((e) => [e.type, e.reason])).toEqual([
      ['attachment.delete', expect.stringContaining('Only the person who added')],
    ])
  })

  it('sends a large file in pieces and, after a dropped link, goes on from where the server copy ends', async () => {
    const server = await startServer()
    const cookie = await server.signIn('tech@demo.local')
    const db = new LocalDb(await server.userId('tech@demo.local'), 'demo')
    const base = fetchAs(cookie, server.handle)
    const sent: string[] = []
    let cut = true
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      const method = init?.method ?? 'GET'
      if (url.includes('/uploads/')) sent.push(`${method} ${url.replace(/^.*\/uploads\/[^/]+/, '')}`)
      // The link drops in the middle of the second piece: it never reaches the server.
      if (cut && method === 'PUT' && !url.endsWith('/chunks/0')) {
        cut = false
        throw new TypeError('network down')
      }
      return base(input, init)
    }) as typeof globalThis.fetch
    const { id: caseId } = await createCase(db, { title: 'Manual', description: '', expert: 'furuno', tags: [] })
    const bytes = new Uint8Array(LIMITS.uploadChunkBytes * 2 + 77)
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'))
    await queueUpload(db, {
      caseId,
      kind: 'file',
      blob: new Blob([bytes], { type: 'application/pdf' }),
      fileName: 'wiring.pdf',
    })

    expect((await drainAll(db, { fetch })).status).toBe('offline')
    expect(await drainAll(db, { fetch })).toEqual({ status: 'synced' })
    const size = LIMITS.uploadChunkBytes
    expect(sent).toEqual([
      'GET ',
      'PUT /chunks/0',
      `PUT /chunks/${size}`,
      'GET ',
      `PUT /chunks/${size}`,
      `PUT /chunks/${2 * size}`,
    ])
    const kept = await server.db.selectFrom('case_attachments').selectAll().where('case_id', '=', caseId).execute()
    expect(kept.map((a) => [a.file_name, a.size])).toEqual([['wiring.pdf', bytes.length]])
  })
})
