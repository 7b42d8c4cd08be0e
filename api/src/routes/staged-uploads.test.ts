/**
 * Large files in pieces: each piece must start where the server's copy ends, only the sender adds
 * to or uses an upload, the finished upload becomes the attachment once (its pieces then go), and
 * pieces of a file given up are pruned.
 */
import { attachmentAnswerSchema, LIMITS, stagedUploadSchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { pruneSyncLog } from '../sync/maintenance.ts'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp()
const tech = await t.signIn('tech@demo.local')
const manager = await t.signIn('manager@demo.local')
const harborAdmin = await t.signIn('admin@harbor.local')

const pdf = (size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'))
  for (let i = 9; i < size; i++) bytes[i] = (i * 2654435761) >>> 24
  return bytes
}
const piece = (id: string, start: number, bytes: Uint8Array, cookie = tech, tenant = 'demo') =>
  t.app.request(`/api/t/${tenant}/uploads/${id}/chunks/${start}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/octet-stream' },
    body: bytes,
  })
const status = async (id: string, cookie = tech) => {
  const res = await t.app.request(`/api/t/demo/uploads/${id}`, { headers: { cookie } })
  return res.status === 200 ? stagedUploadSchema.parse(await res.json()).received : res.status
}

async function newCase() {
  const res = await t.app.request('/api/t/demo/cases', {
    method: 'POST',
    headers: { cookie: tech, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Wiring diagram', expert: 'furuno' }),
  })
  return ((await res.json()) as { id: string }).id
}

describe('a large file sent in pieces', () => {
  it('is put together in order and kept once as the attachment', async () => {
    const caseId = await newCase()
    const id = uuidv7()
    const file = pdf(LIMITS.uploadChunkBytes * 2 + 1000)
    const size = LIMITS.uploadChunkBytes
    expect((await piece(id, 0, file.subarray(0, size))).status).toBe(200)
    // A piece repeated after a lost answer does not start where the server's copy ends.
    const again = await piece(id, 0, file.subarray(0, size))
    expect(again.status).toBe(409)
    expect(await status(id)).toBe(size)
    expect(await status(id, manager)).toBe(404)
    expect((await piece(id, size, file.subarray(size, 2 * size), manager)).status).toBe(404)
    expect((await piece(id, size, file.subarray(size, 2 * size))).status).toBe(200)
    expect((await piece(id, 2 * size, file.subarray(2 * size))).status).toBe(200)

    const form = new FormData()
    form.append('id', id)
    form.append('upload', id)
    form.append('fileName', 'wiring.pdf')
    const send = () =>
      t.app.request(`/api/t/demo/cases/${caseId}/attachments`, {
        method: 'POST',
        headers: { cookie: tech },
        body: form,
      })
    const res = await send()
    expect(res.status).toBe(201)
    const { attachment } = attachmentAnswerSchema.parse(await res.json())
    expect(attachment).toMatchObject({ fileName: 'wiring.pdf', contentType: 'application/pdf', size: file.length })
    const served = await t.app.request(`/api/t/demo/attachments/${attachment.id}/file`, { headers: { cookie: tech } })
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(file)
    expect(await status(id)).toBe(404)
    expect((await send()).status).toBe(200)
    expect(await t.db.selectFrom('staged_chunks').select('upload_id').where('upload_id', '=', id).execute()).toEqual([])
  })

  it.each([
    ['a piece not at the start of a new upload', () => piece(uuidv7(), 10, pdf(100)), 409],
    ['an empty piece', () => piece(uuidv7(), 0, new Uint8Array()), 400],
    ['a piece larger than allowed', () => piece(uuidv7(), 0, pdf(LIMITS.uploadChunkBytes + 1)), 400],
    ['a piece past 25 MB', () => piece(uuidv7(), LIMITS.attachmentPdfMaxBytes - 10, pdf(100)), 413],
    ['an id that is not a UUID', () => piece('upload-1', 0, pdf(100)), 400],
    ['another tenant', () => piece(uuidv7(), 0, pdf(100), harborAdmin, 'demo'), 404],
  ])('refuses %s with a JSON error and keeps nothing', async (_, send, code) => {
    const before = await t.db.selectFrom('staged_chunks').select('upload_id').execute()
    const res = await send()
    expect(res.status).toBe(code)
    expect(((await res.json()) as { error?: unknown }).error).toBeTruthy()
    expect(await t.db.selectFrom('staged_chunks').select('upload_id').execute()).toHaveLength(before.length)
  })

  it('lets a person have ten files in pieces at a time', async () => {
    const other = await t.signIn('admin@demo.local')
    for (let n = 0; n < 10; n++) expect((await piece(uuidv7(), 0, pdf(100), other)).status).toBe(200)
    const eleventh = await piece(uuidv7(), 0, pdf(100), other)
    expect(eleventh.status).toBe(409)
    expect(((await eleventh.json()) as { error: { message: string } }).error.message).toContain('10 files')
  })

  it('cannot use an upload nobody sent, and drops one given up two days ago', async () => {
    const caseId = await newCase()
    const form = new FormData()
    form.append('upload', uuidv7())
    const res = await t.app.request(`/api/t/demo/cases/${caseId}/attachments`, {
      method: 'POST',
      headers: { cookie: tech },
      body: form,
    })
    expect(res.status).toBe(404)
    const id = uuidv7()
    await piece(id, 0, pdf(1000))
    await pruneSyncLog(t.db, Date.now() + 3 * 24 * 60 * 60 * 1000)
    expect(await status(id)).toBe(404)
  })
})
