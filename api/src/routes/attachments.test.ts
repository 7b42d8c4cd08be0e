/**
 * Photos and files on a case: images kept re-encoded without their metadata, PDFs proven by their
 * bytes, anything else refused; visible only to those who see the case; removed by their author or
 * a Manager or Admin.
 */
import { attachmentAnswerSchema, attachmentListSchema } from '@mw/sync-protocol'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { enc, form, type Part } from '../test/documents-kit.ts'
import { tinyPdf } from '../test/pdf.ts'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp()
const tech = await t.signIn('tech@demo.local')
const manager = await t.signIn('manager@demo.local')
const harborAdmin = await t.signIn('admin@harbor.local')

const newCase = async (cookie = tech) => {
  const res = await t.app.request('/api/t/demo/cases', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Gyro alarm on Serenity', description: '', expert: 'seakeeper', tags: [] }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}
const upload = (caseId: string, parts: Part[], cookie = tech, tenant = 'demo') =>
  t.app.request(`/api/t/${tenant}/cases/${caseId}/attachments`, {
    method: 'POST',
    headers: { cookie },
    body: form(parts),
  })
const photoWithGps = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .withExif({ IFD0: { Copyright: 'secret skipper', ImageDescription: 'position 43.55N 7.01E' } })
    .jpeg()
    .toBuffer()

const caseId = await newCase()

describe('case attachments', () => {
  it('keeps a photo re-encoded without its metadata, and lists and serves it', async () => {
    const res = await upload(caseId, [{ fileName: 'engine room.jpg', bytes: new Uint8Array(await photoWithGps()) }])
    expect(res.status).toBe(201)
    const { attachment } = attachmentAnswerSchema.parse(await res.json())
    expect(attachment).toMatchObject({ caseId, fileName: 'engine room.jpg', contentType: 'image/jpeg' })
    const file = await t.app.request(`/api/t/demo/attachments/${attachment.id}/file`, { headers: { cookie: tech } })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/jpeg')
    const bytes = Buffer.from(await file.arrayBuffer())
    expect(bytes.length).toBe(attachment.size)
    const meta = await sharp(bytes).metadata()
    expect(meta.width).toBe(40)
    expect(meta.exif).toBeUndefined()
    expect(bytes.includes('secret skipper')).toBe(false)
    const list = attachmentListSchema.parse(
      await (await t.app.request(`/api/t/demo/cases/${caseId}/attachments`, { headers: { cookie: manager } })).json(),
    )
    expect(list.attachments.map((a) => a.id)).toEqual([attachment.id])
  })

  it('keeps a PDF as it is', async () => {
    const pdf = tinyPdf(['Service report page'])
    const res = await upload(caseId, [{ fileName: 'report', bytes: pdf }])
    expect(res.status).toBe(201)
    const { attachment } = attachmentAnswerSchema.parse(await res.json())
    expect(attachment).toMatchObject({ fileName: 'report.pdf', contentType: 'application/pdf', size: pdf.length })
  })

  it.each([
    ['an executable named like a photo', [{ fileName: 'photo.jpg', bytes: enc('MZ\u0090\u0000 not a photo') }], 415],
    ['a text file', [{ fileName: 'notes.txt', bytes: enc('just text') }], 415],
    ['an SVG with a script', [{ fileName: 'x.svg', bytes: enc('<svg onload="alert(1)"></svg>') }], 415],
    ['an empty file', [{ fileName: 'empty.png', bytes: new Uint8Array() }], 400],
    ['no file part', [{ name: 'other', fileName: 'a.png', bytes: enc('x') }], 400],
  ])('refuses %s with a JSON error and keeps nothing', async (_, parts, status) => {
    const before = await t.db.selectFrom('case_attachments').select('id').execute()
    const res = await upload(caseId, parts as Part[])
    expect(res.status).toBe(status)
    expect(((await res.json()) as { error?: unknown }).error).toBeTruthy()
    expect(await t.db.selectFrom('case_attachments').select('id').execute()).toHaveLength(before.length)
  })

  it('is out of reach of another tenant', async () => {
    const { attachments } = attachmentListSchema.parse(
      await (await t.app.request(`/api/t/demo/cases/${caseId}/attachments`, { headers: { cookie: tech } })).json(),
    )
    const id = attachments[0]?.id ?? ''
    expect((await upload(caseId, [{ fileName: 'a.pdf', bytes: tinyPdf(['x']) }], harborAdmin, 'harbor')).status).toBe(
      404,
    )
    expect(
      (await t.app.request(`/api/t/harbor/attachments/${id}/file`, { headers: { cookie: harborAdmin } })).status,
    ).toBe(404)
    expect(
      (await t.app.request(`/api/t/demo/attachments/${id}/file`, { headers: { cookie: harborAdmin } })).status,
    ).toBe(404)
  })

  it('keeps its file when a manual with the same bytes is deleted, in any tenant', async () => {
    const pdf = tinyPdf(['Service bulletin 14: replace the seal kit'])
    const res = await upload(caseId, [{ fileName: 'bulletin.pdf', bytes: pdf }])
    const { attachment } = attachmentAnswerSchema.parse(await res.json())
    const added = await t.app.request('/api/t/harbor/experts/seakeeper/documents', {
      method: 'POST',
      headers: { cookie: harborAdmin },
      body: form([{ fileName: 'bulletin.pdf', bytes: pdf }]),
    })
    expect(added.status).toBe(202)
    const { documents } = (await added.json()) as { documents: { id: string }[] }
    const removed = await t.app.request(`/api/t/harbor/documents/${documents[0]?.id}`, {
      method: 'DELETE',
      headers: { cookie: harborAdmin },
    })
    expect(removed.status).toBe(204)
    const file = await t.app.request(`/api/t/demo/attachments/${attachment.id}/file`, { headers: { cookie: tech } })
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true)
  })

  it('is removed by a Manager (its file too, once nothing else uses it), and not by someone else', async () => {
    const managerCase = await newCase(manager)
    const res = await upload(
      managerCase,
      [
        {
          fileName: 'stern.png',
          bytes: new Uint8Array(
            await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
              .png()
              .toBuffer(),
          ),
        },
      ],
      manager,
    )
    const { attachment } = attachmentAnswerSchema.parse(await res.json())
    const removeAs = (cookie: string) =>
      t.app.request(`/api/t/demo/attachments/${attachment.id}`, { method: 'DELETE', headers: { cookie } })
    // The technician does not see the manager's case: not found, and nothing removed.
    expect((await removeAs(tech)).status).toBe(404)
    expect((await removeAs(manager)).status).toBe(204)
    expect((await removeAs(manager)).status).toBe(404)
    const list = attachmentListSchema.parse(
      await (
        await t.app.request(`/api/t/demo/cases/${managerCase}/attachments`, { headers: { cookie: manager } })
      ).json(),
    )
    expect(list.attachments).toEqual([])
  })
})
