/** The service report PDF: the case, its status history, every note and the photos, for those who see the case. */
import sharp from 'sharp'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { parseDocument } from '../experts/parse-document.ts'
import { form } from '../test/documents-kit.ts'
import { mutation, pushOk } from '../test/sync-kit.ts'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp()
const tech = await t.signIn('tech@demo.local')
const harborAdmin = await t.signIn('admin@harbor.local')

describe('the service report', () => {
  it('holds the case title, vessel and serials, the status history, each note, the photos and the signature', async () => {
    const created = await t.app.request('/api/t/demo/cases', {
      method: 'POST',
      headers: { cookie: tech, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Gyro vibration on MY Serenity',
        description: 'Customer reports a hum.',
        expert: 'seakeeper',
        tags: [],
        vessel: 'MY Serenity',
        equipment: [
          { make: 'Seakeeper', model: 'Seakeeper 9', serial: 'SK9-2204117', hours: 1840, firmware: '' },
          { make: 'Furuno', model: 'TZT16F', serial: '5133-2290', hours: null, firmware: 'v7.01' },
        ],
      }),
    })
    const { id } = (await created.json()) as { id: string }
    const notes = ['Bearing temperature 71 C at full speed.', 'Replaced the seal cartridge, hum gone.']
    await pushOk(
      t,
      tech,
      uuidv7(),
      notes.map((text, i) => mutation(i + 1, 'case.appendNote', { caseId: id, noteId: uuidv7(), text })),
    )
    const status = await t.app.request(`/api/t/demo/cases/${id}`, {
      method: 'PUT',
      headers: { cookie: tech, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'Resolved' }),
    })
    expect(status.status).toBe(200)
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#0a0' } })
      .webp()
      .toBuffer()
    const attached = await t.app.request(`/api/t/demo/cases/${id}/attachments`, {
      method: 'POST',
      headers: { cookie: tech },
      body: form([{ fileName: 'seal.webp', bytes: new Uint8Array(photo) }]),
    })
    expect(attached.status).toBe(201)
    const signature = form([
      {
        fileName: 'sig.png',
        bytes: new Uint8Array(
          await sharp({ create: { width: 300, height: 100, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
        ),
      },
    ])
    signature.append('kind', 'signature')
    const signed = await t.app.request(`/api/t/demo/cases/${id}/attachments`, {
      method: 'POST',
      headers: { cookie: tech },
      body: signature,
    })
    expect(signed.status).toBe(201)

    const admin = await t.signIn('admin@demo.local')
    const logo = await sharp({ create: { width: 200, height: 80, channels: 3, background: '#123456' } })
      .png()
      .toBuffer()
    const branded = await t.app.request('/api/t/demo/admin/logo', {
      method: 'PUT',
      headers: { cookie: admin, 'content-type': 'image/png' },
      body: new Uint8Array(logo),
    })
    expect(branded.status).toBe(200)
    const res = await t.app.request(`/api/t/demo/cases/${id}/report.pdf`, { headers: { cookie: tech } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const pdf = new Uint8Array(await res.arrayBuffer())
    // Headings come out as sections: the report's text is its title, sections and paragraphs.
    const parsed = await parseDocument('report.pdf', pdf)
    const text = [parsed.title, ...parsed.paragraphs.map((p) => `${p.section ?? ''}\n${p.text}`)].join('\n')
    expect(text).toContain('Gyro vibration on MY Serenity')
    for (const note of notes) expect(text).toContain(note)
    expect(text).toMatch(/Open to Resolved/)
    expect(text).toContain('seal.webp')
    expect(text).toContain('MY Serenity')
    expect(text).toContain('SK9-2204117')
    expect(text).toContain('5133-2290')
    expect(text).toContain('Customer signature')
    // The company's logo, the photo and the signature are drawn: three images in the file.
    expect(
      Buffer.from(pdf)
        .toString('latin1')
        .match(/\/Subtype \/Image/g),
    ).toHaveLength(3)
    // The signature is drawn as the signature, not listed among the photos.
    expect(text).not.toContain('customer-signature')
    expect(text).not.toContain('sig.png')

    expect(
      (await t.app.request(`/api/t/harbor/cases/${id}/report.pdf`, { headers: { cookie: harborAdmin } })).status,
    ).toBe(404)
    expect(
      (await t.app.request(`/api/t/demo/cases/${id}/report.pdf`, { headers: { cookie: harborAdmin } })).status,
    ).toBe(404)
  })
})
