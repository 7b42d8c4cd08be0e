import fs from 'node:fs'
import path from 'node:path'
import { documentListSchema, errorBodySchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { documentsKit, enc, form, type Part } from '../test/documents-kit.ts'
import { fingerprint } from '../test/http.ts'

const { t, admin, manager, tech, harborAdmin, upload, get, uploaded } = await documentsKit()

describe('refused uploads change nothing', () => {
  const ELF = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0])
  it.each([
    ['an empty file', [{ fileName: 'empty.md', bytes: new Uint8Array() }], 400, /is empty/],
    ['an executable named .pdf', [{ fileName: 'manual.pdf', bytes: ELF }], 415, /not what its name says/],
    ['an executable named .md', [{ fileName: 'notes.md', bytes: ELF }], 415, /not what its name says/],
    ['an unknown type', [{ fileName: 'photo.jpg', bytes: enc('x') }], 415, /not accepted/],
    [
      'a file over the size limit',
      [{ fileName: 'big.txt', bytes: new Uint8Array(1024 * 1024 + 1).fill(65) }],
      413,
      /1 MB limit/,
    ],
    ['no file part', [{ name: 'other', fileName: 'a.md', bytes: enc('hello') }], 400, /at least one file/],
    [
      'a name that is only control characters',
      [{ fileName: '\u0001\u0002', bytes: enc('hello') }],
      400,
      /no usable name/,
    ],
    [
      'a good file beside a bad one',
      [
        { fileName: 'fine.md', bytes: enc('# Fine\n\nA fine file.') },
        { fileName: 'bad.pdf', bytes: ELF },
      ],
      415,
      /bad.pdf/,
    ],
  ] as [string, Part[], number, RegExp][])('refuses %s', async (_, parts, status, message) => {
    const before = await fingerprint(t.db)
    const res = await upload(parts)
    expect(res.status).toBe(status)
    expect(errorBodySchema.parse(await res.json()).error.message).toMatch(message)
    expect(await fingerprint(t.db)).toBe(before)
    expect(fs.readdirSync(path.join(t.deps.env.documentsDir, 'tmp'))).toEqual([])
  })

  it.each([
    ['a multipart type without its boundary', 'multipart/form-data', ''],
    ['a multipart type without its boundary, with a body', 'multipart/form-data', '--x\r\n'],
    ['an empty body', 'multipart/form-data; boundary=x', ''],
  ])('answers %s with a 400 (fuzzing found a 500 for the first)', async (_, type, body) => {
    const before = await fingerprint(t.db)
    const res = await t.app.request('/api/t/demo/experts/furuno/documents', {
      method: 'POST',
      headers: { cookie: admin, 'content-type': type },
      body,
    })
    expect(res.status).toBe(400)
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('bad_request')
    expect(await fingerprint(t.db)).toBe(before)
  })

  it('keeps only the last part of a file name, without control characters, and shortens a 5,000-character one', async () => {
    const docs = await uploaded([
      { fileName: '../../etc/passwd\u0007.md', bytes: enc('# One\n\nFirst file.') },
      { fileName: 'C:\\Users\\x\\manual.md', bytes: enc('# Two\n\nSecond file.') },
      { fileName: `${'n'.repeat(5000)}.md`, bytes: enc('# Three\n\nThird file.') },
    ])
    expect(docs[0]?.fileName).toBe('passwd.md')
    expect(docs[1]?.fileName).toBe('manual.md')
    expect(docs[2]?.fileName).toHaveLength(200)
    expect(docs[2]?.fileName.endsWith('.md')).toBe(true)
  })

  it('lets only an Admin add, replace, rename or delete, and hides other tenants’ documents', async () => {
    const { documents } = documentListSchema.parse(await (await get('/experts/furuno/documents')).json())
    const id = documents[0]?.id as string
    const before = await fingerprint(t.db)
    const file = () => form([{ fileName: 'x.md', bytes: enc('# X\n\nText.') }])
    for (const cookie of [manager, tech]) {
      expect((await upload([{ fileName: 'x.md', bytes: enc('# X\n\nText.') }], cookie)).status).toBe(403)
      const writes = [
        t.app.request(`/api/t/demo/documents/${id}/file`, { method: 'PUT', headers: { cookie }, body: file() }),
        t.app.request(`/api/t/demo/documents/${id}`, {
          method: 'PATCH',
          headers: { cookie, 'content-type': 'application/json' },
          body: '{"title":"Mine"}',
        }),
        t.app.request(`/api/t/demo/documents/${id}`, { method: 'DELETE', headers: { cookie } }),
      ]
      for (const res of await Promise.all(writes)) expect(res.status).toBe(403)
    }
    const harbor = (p: string, init: RequestInit = {}) =>
      t.app.request(`/api/t/harbor${p}`, { ...init, headers: { cookie: harborAdmin, ...init.headers } })
    for (const res of [
      await harbor(`/documents/${id}`),
      await harbor(`/documents/${id}/file`),
      await harbor(`/documents/${id}`, { method: 'DELETE' }),
      await harbor(`/documents/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: '{"title":"Mine"}',
      }),
      await harbor(`/documents/${id}/file`, { method: 'PUT', body: file() }),
      await harbor('/documents/not-an-id'),
    ])
      expect(res.status).toBe(404)
    expect((await upload([{ fileName: 'x.md', bytes: enc('# X\n\nText.') }], admin, 'furuno', 'harbor')).status).toBe(
      404,
    )
    expect(await fingerprint(t.db)).toBe(before)
  })
})
