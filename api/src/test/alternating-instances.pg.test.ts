/**
 * A technician's day through two instances on one PostgreSQL database, every request to the
 * other instance than the one before (a load balancer without sticky sessions): sign-in, cases,
 * equipment, a replayed write, a photo, a file in pieces, the report, sign-out. Nothing may
 * depend on which instance answered.
 */
import { attachmentAnswerSchema, LIMITS, stagedUploadSchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solidImage } from './images.ts'
import { startInstancesOnPostgres } from './instances-on-postgres.ts'
import { signInOver } from './slow-model.ts'

let bases: string[] = []
let stop: () => Promise<void>
let turn = 0
/** The instance the next request goes to: never the one the last request went to. */
const next = () => bases[turn++ % bases.length] as string

beforeAll(async () => {
  ;({ bases, stop } = await startInstancesOnPostgres(['a', 'b']))
}, 90_000)

afterAll(() => stop())

describe('every other request on the other instance', () => {
  it("carries a technician's day from sign-in to sign-out", async () => {
    const { cookie } = await signInOver(next(), 'tech@demo.local')
    expect(cookie).toMatch(/^mw_session=/)
    const call = (route: string, init: RequestInit & { json?: unknown } = {}) => {
      const base = next()
      const headers: Record<string, string> = { cookie, origin: base, ...(init.headers as Record<string, string>) }
      if (init.json !== undefined) headers['content-type'] = 'application/json'
      const body = init.json !== undefined ? JSON.stringify(init.json) : init.body
      return fetch(`${base}${route}`, { ...init, headers, body })
    }

    const me = await call('/api/auth/user')
    expect(me.status).toBe(200)
    expect(((await me.json()) as { email: string }).email).toBe('tech@demo.local')

    // A write replayed with its key on the other instance answers what the first one did, once.
    const key = { 'idempotency-key': `day-${uuidv7()}` }
    const newCase = { title: 'Gyro hums at idle', expert: 'seakeeper', description: 'Noise above 40 % speed.' }
    const created = await call('/api/t/demo/cases', { method: 'POST', headers: key, json: newCase })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const replayed = await call('/api/t/demo/cases', { method: 'POST', headers: key, json: newCase })
    expect(((await replayed.json()) as { id: string }).id).toBe(id)
    const listed = (await (await call('/api/t/demo/cases')).json()) as { id: string }[]
    expect(listed.filter((c) => c.id === id)).toHaveLength(1)

    const equipment = [{ make: 'Seakeeper', model: '6', serial: 'SK6-0042', hours: 1200, firmware: '' }]
    const updated = await call(`/api/t/demo/cases/${id}`, {
      method: 'PUT',
      json: { vessel: 'Serenity', equipment },
    })
    expect(updated.status).toBe(200)
    const detail = (await (await call(`/api/t/demo/cases/${id}`)).json()) as { vessel: string }
    expect(detail.vessel).toBe('Serenity')

    // A photo: sent to one instance, listed, read and removed through the other.
    const form = new FormData()
    form.append('file', new Blob([await solidImage('png')], { type: 'image/png' }), 'impeller.png')
    const photo = await call(`/api/t/demo/cases/${id}/attachments`, { method: 'POST', body: form })
    expect(photo.status).toBe(201)
    const { attachment } = attachmentAnswerSchema.parse(await photo.json())
    const files = (await (await call(`/api/t/demo/cases/${id}/attachments`)).json()) as { attachments: unknown[] }
    expect(files.attachments).toHaveLength(1)
    const bytes = await call(`/api/t/demo/attachments/${attachment.id}/file`)
    expect(bytes.status).toBe(200)
    expect(bytes.headers.get('content-type')).toBe('image/png')
    expect((await call(`/api/t/demo/attachments/${attachment.id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await call(`/api/t/demo/attachments/${attachment.id}/file`)).status).toBe(404)

    // A large file whose pieces land on alternate instances, then becomes the attachment once.
    const upload = uuidv7()
    const size = LIMITS.uploadChunkBytes
    const pdf = new Uint8Array(size * 2 + 500)
    pdf.set(new TextEncoder().encode('%PDF-1.4\n'))
    for (const start of [0, size, size * 2]) {
      const piece = await call(`/api/t/demo/uploads/${upload}/chunks/${start}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
        body: pdf.subarray(start, start + size),
      })
      expect(piece.status, `piece at ${start}`).toBe(200)
    }
    const staged = stagedUploadSchema.parse(await (await call(`/api/t/demo/uploads/${upload}`)).json())
    expect(staged.received).toBe(pdf.length)
    const whole = new FormData()
    whole.append('id', upload)
    whole.append('upload', upload)
    whole.append('fileName', 'wiring.pdf')
    const kept = await call(`/api/t/demo/cases/${id}/attachments`, { method: 'POST', body: whole })
    expect(kept.status).toBe(201)
    expect(attachmentAnswerSchema.parse(await kept.json()).attachment.size).toBe(pdf.length)

    const report = await call(`/api/t/demo/cases/${id}/report.pdf`)
    expect(report.status).toBe(200)
    expect(report.headers.get('content-type')).toContain('application/pdf')

    // Another tenant stays unknown on both instances.
    expect((await call('/api/t/harbor/cases')).status).toBe(404)
    expect((await call('/api/t/harbor/cases')).status).toBe(404)

    // Signed out on one instance, the session is gone on the other.
    await call('/api/logout', { redirect: 'manual' })
    expect((await call('/api/auth/user')).status).toBe(401)
    expect((await call('/api/t/demo/cases')).status).toBe(401)
  }, 90_000)
})
