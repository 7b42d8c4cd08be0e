/**
 * What a tablet that added photos at sea relies on: its own attachment ids make a repeated upload
 * a replay (kept once), a removal queued offline applies once and only by whoever may remove it,
 * the files reach other devices through the sync feed (and their removal
 * too), a case holds a bounded number of files, signatures are images, and the bytes answer Range
 * and If-None-Match.
 */

import fs from 'node:fs'
import { attachmentAnswerSchema, LIMITS } from '@mw/sync-protocol'
import sharp from 'sharp'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { originalPath } from '../documents/originals.ts'
import { form } from '../test/documents-kit.ts'
import { tinyPdf } from '../test/pdf.ts'
import { mutation, pullAll, pushOk } from '../test/sync-kit.ts'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp()
const tech = await t.signIn('tech@demo.local')
const manager = await t.signIn('manager@demo.local')
const harborAdmin = await t.signIn('admin@harbor.local')

const png = async (color: string) =>
  new Uint8Array(
    await sharp({ create: { width: 12, height: 9, channels: 3, background: color } })
      .png()
      .toBuffer(),
  )

async function newCase(cookie = tech) {
  const res = await t.app.request('/api/t/demo/cases', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Anode check on Blue Horizon', expert: 'seakeeper' }),
  })
  return ((await res.json()) as { id: string }).id
}

function send(caseId: string, fields: Record<string, string>, bytes: Uint8Array, cookie = tech, tenant = 'demo') {
  const body = form([{ fileName: 'photo.png', bytes }])
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return t.app.request(`/api/t/${tenant}/cases/${caseId}/attachments`, { method: 'POST', headers: { cookie }, body })
}

const rows = (caseId: string) => t.db.selectFrom('case_attachments').selectAll().where('case_id', '=', caseId).execute()

describe('attachments sent from a device', () => {
  it('keeps an upload repeated with the same id once, and answers the first one again', async () => {
    const caseId = await newCase()
    const id = uuidv7()
    const first = await send(caseId, { id }, await png('#123456'))
    expect(first.status).toBe(201)
    const again = await send(caseId, { id }, await png('#123456'))
    expect(again.status).toBe(200)
    expect(attachmentAnswerSchema.parse(await again.json()).attachment).toEqual(
      attachmentAnswerSchema.parse(await first.json()).attachment,
    )
    expect(await rows(caseId)).toHaveLength(1)
  })

  it('refuses an id another person or tenant used, without saying whose it is', async () => {
    const caseId = await newCase()
    const id = uuidv7()
    expect((await send(caseId, { id }, await png('#aa0000'))).status).toBe(201)
    const managerTry = await send(caseId, { id }, await png('#aa0000'), manager)
    expect(managerTry.status).toBe(409)
    const harborCase = (
      (await (
        await t.app.request('/api/t/harbor/cases', {
          method: 'POST',
          headers: { cookie: harborAdmin, 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Harbor job', expert: 'furuno' }),
        })
      ).json()) as { id: string }
    ).id
    const harborTry = await send(harborCase, { id }, await png('#aa0000'), harborAdmin, 'harbor')
    expect(harborTry.status).toBe(400)
    expect(((await harborTry.json()) as { error: { field: string } }).error.field).toBe('id')
    expect(await rows(harborCase)).toHaveLength(0)
  })

  it.each([
    ['an id that is not a UUID', { id: 'photo-1' }, 400],
    ['an unknown kind', { kind: 'selfie' }, 400],
  ])('refuses %s with a JSON error and keeps nothing', async (_, fields, status) => {
    const caseId = await newCase()
    const res = await send(caseId, fields, await png('#00aa00'))
    expect(res.status).toBe(status)
    expect(((await res.json()) as { error?: unknown }).error).toBeTruthy()
    expect(await rows(caseId)).toHaveLength(0)
  })

  it('takes a signature only as an image', async () => {
    const caseId = await newCase()
    const pdf = await t.app.request(`/api/t/demo/cases/${caseId}/attachments`, {
      method: 'POST',
      headers: { cookie: tech },
      body: (() => {
        const body = form([{ fileName: 'sig.pdf', bytes: tinyPdf(['not a signature']) }])
        body.append('kind', 'signature')
        return body
      })(),
    })
    expect(pdf.status).toBe(415)
    const image = await send(caseId, { kind: 'signature' }, await png('#ffffff'))
    expect(image.status).toBe(201)
    expect(attachmentAnswerSchema.parse(await image.json()).attachment.kind).toBe('signature')
  })

  it(`holds at most ${LIMITS.attachmentsPerCase} files on a case`, async () => {
    const caseId = await newCase()
    const bytes = await png('#334455')
    const base = { tenant_slug: 'demo', case_id: caseId, file_name: 'x.png', content_type: 'image/png' }
    const filler = Array.from({ length: LIMITS.attachmentsPerCase }, () => ({
      ...base,
      id: uuidv7(),
      size: bytes.length,
      sha256: 'f'.repeat(64),
      kind: 'file',
      created_by: 'someone',
      created_at: new Date().toISOString(),
    }))
    await t.db.insertInto('case_attachments').values(filler).execute()
    const res = await send(caseId, {}, bytes)
    expect(res.status).toBe(409)
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      String(LIMITS.attachmentsPerCase),
    )
    expect(await rows(caseId)).toHaveLength(LIMITS.attachmentsPerCase)
  })

  it('reaches the other devices of those who see the case through the sync feed, and so does its removal', async () => {
    const caseId = await newCase()
    const { cursor } = await pullAll(t, manager)
    const res = await send(caseId, { id: uuidv7() }, await png('#0000aa'))
    const { attachment } = attachmentAnswerSchema.parse(await res.json())
    const after = await pullAll(t, manager, cursor)
    expect(after.changes).toContainEqual(
      expect.objectContaining({ entity: 'attachment', op: 'upsert', row: attachment }),
    )
    const harbor = await t.app.request('/api/t/harbor/sync/pull?cursor=0', { headers: { cookie: harborAdmin } })
    expect(JSON.stringify(await harbor.json())).not.toContain(attachment.id)
    const removed = await t.app.request(`/api/t/demo/attachments/${attachment.id}`, {
      method: 'DELETE',
      headers: { cookie: tech },
    })
    expect(removed.status).toBe(204)
    const later = await pullAll(t, manager, after.cursor)
    expect(later.changes).toContainEqual(
      expect.objectContaining({ entity: 'attachment', id: attachment.id, op: 'delete' }),
    )
  })

  it("is removed from a device's queue by its author, once, and its bytes go when nothing else uses them", async () => {
    const caseId = await newCase()
    const { attachment } = attachmentAnswerSchema.parse(
      await (await send(caseId, { id: uuidv7() }, await png('#00aa55'))).json(),
    )
    const [row] = await rows(caseId)
    const bytes = originalPath(t.deps.env.documentsDir, row?.sha256 ?? '')
    expect(fs.existsSync(bytes)).toBe(true)
    const removal = mutation(1, 'attachment.delete', { id: attachment.id })
    const device = uuidv7()
    const first = await pushOk(t, tech, device, [removal])
    expect(first.results).toEqual([{ mid: removal.mid, status: 'applied' }])
    expect(await rows(caseId)).toEqual([])
    expect(fs.existsSync(bytes)).toBe(false)
    // The answer was lost and the device sends it again: nothing more happens.
    const again = await pushOk(t, tech, device, [removal])
    expect(again.results).toEqual([
      expect.objectContaining({ mid: removal.mid, status: 'duplicate', outcome: 'applied' }),
    ])
  })

  it("refuses to remove someone else's file for a Technician, and leaves other tenants' and unknown files alone", async () => {
    const caseId = await newCase()
    const managerFile = attachmentAnswerSchema.parse(
      await (await send(caseId, { id: uuidv7() }, await png('#aa0000'), manager)).json(),
    ).attachment
    const harborCase = await t.app.request('/api/t/harbor/cases', {
      method: 'POST',
      headers: { cookie: harborAdmin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Radar on Sea Breeze', expert: 'seakeeper' }),
    })
    const harborCaseId = ((await harborCase.json()) as { id: string }).id
    const harborFile = attachmentAnswerSchema.parse(
      await (await send(harborCaseId, { id: uuidv7() }, await png('#0000aa'), harborAdmin, 'harbor')).json(),
    ).attachment
    const removals = [
      mutation(1, 'attachment.delete', { id: managerFile.id }),
      mutation(2, 'attachment.delete', { id: harborFile.id }),
      mutation(3, 'attachment.delete', { id: uuidv7() }),
      mutation(4, 'attachment.delete', { id: 'not-an-id' }),
    ]
    const answer = await pushOk(t, tech, uuidv7(), removals)
    expect(answer.results.map((r) => [r.status, 'code' in r ? r.code : undefined])).toEqual([
      ['rejected', 'forbidden'],
      ['applied', undefined],
      ['applied', undefined],
      ['rejected', 'invalid_input'],
    ])
    expect((await rows(caseId)).map((r) => r.id)).toEqual([managerFile.id])
    expect((await rows(harborCaseId)).map((r) => r.id)).toEqual([harborFile.id])
  })

  it('serves a byte range, and a 304 to a device that has the file', async () => {
    const caseId = await newCase()
    const pdf = tinyPdf(['A long service manual page'])
    const res = await t.app.request(`/api/t/demo/cases/${caseId}/attachments`, {
      method: 'POST',
      headers: { cookie: tech },
      body: form([{ fileName: 'manual.pdf', bytes: pdf }]),
    })
    const { attachment } = attachmentAnswerSchema.parse(await res.json())
    const url = `/api/t/demo/attachments/${attachment.id}/file`
    const part = await t.app.request(url, { headers: { cookie: tech, range: 'bytes=0-9' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${pdf.length}`)
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(pdf.subarray(0, 10))
    const etag = part.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/)
    const again = await t.app.request(url, { headers: { cookie: tech, 'if-none-match': etag } })
    expect(again.status).toBe(304)
    const outside = await t.app.request(url, { headers: { cookie: tech, range: `bytes=${pdf.length + 5}-` } })
    expect(outside.status).toBe(416)
  })
})
