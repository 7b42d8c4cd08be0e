import fs from 'node:fs'
import path from 'node:path'
import {
  documentAnswerSchema,
  documentListSchema,
  documentPassagesSchema,
  errorBodySchema,
  type KbDocument,
} from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { processingIdle, resumeProcessing } from '../documents/process.ts'
import { readSseEvents } from '../experts/read-sse.ts'
import { documentsKit, enc, form } from '../test/documents-kit.ts'
import { fingerprint } from '../test/http.ts'
import { tinyPdf } from '../test/pdf.ts'

const { t, admin, manager, tech, upload, get, uploaded } = await documentsKit()

const MANUAL = tinyPdf([
  'Radar magnetron replacement: isolate the scanner before removing the cover.',
  'Magnetron hours are shown in the maintenance menu of the radar.',
  'Tuning drift after a magnetron change is corrected with auto tune.',
])

describe('the documents API', () => {
  it('takes a PDF with 202, processes it to ready with pages and passages, and lists it for every member', async () => {
    const res = await upload([{ fileName: 'Radar Service Manual.pdf', bytes: MANUAL, type: 'application/pdf' }])
    expect(res.status).toBe(202)
    const [first] = documentListSchema.parse(await res.json()).documents
    expect(first).toMatchObject({ status: 'processing', fileName: 'Radar Service Manual.pdf', expert: 'furuno' })
    await processingIdle(t.db)
    const doc = documentAnswerSchema.parse(await (await get(`/documents/${first?.id}`)).json()).document
    expect(doc).toMatchObject({
      status: 'ready',
      pages: 3,
      pagesDone: 3,
      contentType: 'application/pdf',
      size: MANUAL.length,
      error: null,
      warning: null,
      createdByName: 'Avery Admin',
    })
    expect(doc.passages).toBeGreaterThan(0)
    for (const cookie of [admin, manager, tech]) {
      const list = documentListSchema.parse(await (await get('/experts/furuno/documents', cookie)).json())
      expect(list.documents.map((d) => d.id)).toContain(doc.id)
    }
  })

  it('cites the document in answers with its id, file name and a link to the page', async () => {
    const res = await t.app.request('/api/t/demo/experts/furuno/stream', {
      method: 'POST',
      headers: { cookie: tech, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'How do I read the magnetron hours?', filters: { file_subject_type: 'furuno' } }),
    })
    const events = await readSseEvents(res)
    const contexts = events.find((e) => e.meta)?.meta?.contexts ?? []
    const cited = contexts.find((s) => s.fileName === 'Radar Service Manual.pdf')
    expect(cited).toMatchObject({ page: 2 })
    expect(cited?.url).toMatch(new RegExp(`^/t/demo/documents/${cited?.documentId}\\?page=2&passage=\\d+$`))
  })

  it('gives the viewer the text of a page, in order', async () => {
    const { documents } = documentListSchema.parse(await (await get('/experts/furuno/documents', tech)).json())
    const doc = documents.find((d) => d.fileName === 'Radar Service Manual.pdf') as KbDocument
    const page = documentPassagesSchema.parse(await (await get(`/documents/${doc.id}/passages?page=2`, tech)).json())
    expect(page.passages.map((p) => [p.page, p.text])).toEqual([
      [2, 'Magnetron hours are shown in the maintenance menu of the radar.'],
    ])
    const all = documentPassagesSchema.parse(await (await get(`/documents/${doc.id}/passages`, tech)).json())
    expect(all.passages.map((p) => p.page)).toEqual([1, 2, 3])
    expect((await get(`/documents/${doc.id}/passages?page=zero`, tech)).status).toBe(400)
  })

  it('serves the original with its type and name, whole and by byte range', async () => {
    const { documents } = documentListSchema.parse(await (await get('/experts/furuno/documents')).json())
    const doc = documents.find((d) => d.fileName === 'Radar Service Manual.pdf') as KbDocument
    const whole = await get(`/documents/${doc.id}/file`, tech)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('application/pdf')
    expect(whole.headers.get('content-disposition')).toContain('filename="Radar Service Manual.pdf"')
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(MANUAL)
    const part = await get(`/documents/${doc.id}/file`, tech, { range: 'bytes=0-7' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${MANUAL.length}`)
    expect(await part.text()).toBe('%PDF-1.4')
    const tail = await get(`/documents/${doc.id}/file`, tech, { range: 'bytes=-6' })
    expect(await tail.text()).toBe('%%EOF\n')
    expect((await get(`/documents/${doc.id}/file`, tech, { range: `bytes=${MANUAL.length}-` })).status).toBe(416)
    // The ETag is the content hash: a revalidation of an unchanged manual costs a 304, not the file.
    expect(whole.headers.get('etag')).toBe(`"${doc.sha256}"`)
    expect(whole.headers.get('cache-control')).toBe('private, no-cache')
    const again = await get(`/documents/${doc.id}/file`, tech, { 'if-none-match': `"${doc.sha256}"` })
    expect(again.status).toBe(304)
    expect((await again.arrayBuffer()).byteLength).toBe(0)
    expect((await get(`/documents/${doc.id}/file`, tech, { 'if-none-match': '"other"' })).status).toBe(200)
  })

  it('takes several files at once, and refuses the same bytes twice naming the document that has them', async () => {
    const docs = await uploaded([
      { fileName: 'gyro-notes.md', bytes: enc('# Gyro notes\n\n## Bearings\n\nBearing noise rises before failure.') },
      { fileName: 'wiring.txt', bytes: enc('Use tinned marine cable for every sensor run.') },
      {
        fileName: 'shore.html',
        bytes: enc('<h2>Shore power</h2><p>Check polarity first.</p><script>alert(1)</script>'),
      },
    ])
    expect(docs.map((d) => [d.fileName, d.status, d.contentType])).toEqual([
      ['gyro-notes.md', 'ready', 'text/markdown'],
      ['wiring.txt', 'ready', 'text/plain'],
      ['shore.html', 'ready', 'text/html'],
    ])
    expect(docs[0]?.title).toBe('Gyro notes')
    const before = await fingerprint(t.db)
    const again = await upload([
      {
        fileName: 'copy-of-notes.md',
        bytes: enc('# Gyro notes\n\n## Bearings\n\nBearing noise rises before failure.'),
      },
    ])
    expect(again.status).toBe(409)
    expect(errorBodySchema.parse(await again.json()).error.message).toBe(
      'This file is already in the knowledge base as "Gyro notes".',
    )
    expect(await fingerprint(t.db)).toBe(before)
    // An HTML original is never served to run in the app's origin.
    const html = await get(`/documents/${docs[2]?.id}/file`)
    expect(html.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(html.headers.get('content-security-policy')).toContain('sandbox')
  })

  it('answers a retried upload with the same Idempotency-Key once, adding one document', async () => {
    const send = () =>
      t.app.request('/api/t/demo/experts/seakeeper/documents', {
        method: 'POST',
        headers: { cookie: admin, 'idempotency-key': 'upload-once-1' },
        body: form([{ fileName: 'retry.md', bytes: enc('# Retry\n\nSent twice over a bad link.') }]),
      })
    const first = await send()
    const second = await send()
    expect([first.status, second.status]).toEqual([202, 202])
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(await second.json()).toEqual(await first.json())
    const rows = await t.db.selectFrom('kb_documents').select('id').where('file_name', '=', 'retry.md').execute()
    expect(rows).toHaveLength(1)
    await processingIdle(t.db)
  })

  it('renames, replaces the file under the same id, and deletes', async () => {
    const [doc] = await uploaded([
      { fileName: 'anode.md', bytes: enc('# Anodes\n\nZinc anodes are replaced at half size.') },
    ])
    const id = doc?.id as string
    const renamed = await t.app.request(`/api/t/demo/documents/${id}`, {
      method: 'PATCH',
      headers: { cookie: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Anode guide (2026)' }),
    })
    expect(documentAnswerSchema.parse(await renamed.json()).document.title).toBe('Anode guide (2026)')
    const replaced = await t.app.request(`/api/t/demo/documents/${id}/file`, {
      method: 'PUT',
      headers: { cookie: admin },
      body: form([{ fileName: 'anode-v2.md', bytes: enc('# Anodes\n\nAluminium anodes suit brackish water.') }]),
    })
    expect(replaced.status).toBe(202)
    await processingIdle(t.db)
    const edition = documentAnswerSchema.parse(await (await get(`/documents/${id}`)).json()).document
    expect(edition).toMatchObject({ id, fileName: 'anode-v2.md', status: 'ready', title: 'Anode guide (2026)' })
    const passages = await t.db.selectFrom('kb_passages').select('text').where('document_id', '=', id).execute()
    expect(passages.map((p) => p.text)).toEqual(['Aluminium anodes suit brackish water.'])

    const deleted = await t.app.request(`/api/t/demo/documents/${id}`, { method: 'DELETE', headers: { cookie: admin } })
    expect(deleted.status).toBe(204)
    expect((await get(`/documents/${id}`)).status).toBe(404)
    expect(await t.db.selectFrom('kb_passages').select('id').where('document_id', '=', id).execute()).toEqual([])
  })

  it('keeps a PDF with no text layer with the scanned-PDF warning', async () => {
    const [doc] = await uploaded([{ fileName: 'scan.pdf', bytes: tinyPdf(['', '']) }])
    expect(doc).toMatchObject({
      status: 'ready',
      pages: 2,
      passages: 0,
      warning: 'No text found: this looks like a scanned PDF or a drawing, so its pages cannot be searched.',
    })
  })

  it.each([
    ['an encrypted PDF', 'locked.pdf', tinyPdf(['secret'], { encrypted: true }), /protected by a password/],
    ['a damaged PDF', 'broken.pdf', enc('%PDF-1.4\nthis is not really a pdf at all'), /damaged or not a PDF/],
    ['too many pages', 'long.pdf', tinyPdf(['1', '2', '3', '4', '5', '6']), /has 6 pages; at most 5/],
  ])('fails %s with the reason and no passages', async (_, fileName, bytes, reason) => {
    const [doc] = await uploaded([{ fileName, bytes }])
    expect(doc?.status).toBe('failed')
    expect(doc?.error).toMatch(reason)
    expect(doc?.passages).toBe(0)
  })
})

describe('a restart mid-processing', () => {
  it('processes again what was left processing, and fails with a reason what has no original', async () => {
    const [doc] = await uploaded([{ fileName: 'resume.md', bytes: enc('# Resume\n\nSeawater strainer cleaning.') }])
    const [lost] = await uploaded([{ fileName: 'lost.md', bytes: enc('# Lost\n\nA file whose original vanished.') }])
    // As a crash leaves them: processing, part done, the passages of the earlier run gone.
    await t.db
      .updateTable('kb_documents')
      .set({ status: 'processing' })
      .where('id', 'in', [doc?.id ?? '', lost?.id ?? ''])
      .execute()
    fs.rmSync(path.join(t.deps.env.documentsDir, lost?.sha256.slice(0, 2) ?? '', lost?.sha256 ?? ''))
    expect(await resumeProcessing(t.deps)).toBe(2)
    await processingIdle(t.db)
    const after = async (id: string) =>
      documentAnswerSchema.parse(await (await get(`/documents/${id}`)).json()).document
    expect(await after(doc?.id ?? '')).toMatchObject({ status: 'ready', passages: 1 })
    expect(await after(lost?.id ?? '')).toMatchObject({
      status: 'failed',
      error: 'The original file is missing from the server. Upload it again.',
    })
  })
})
