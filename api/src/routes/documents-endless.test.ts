/**
 * Uploads that would never end or that send more than files: refused where the limit is passed,
 * without reading the rest, and nothing kept.
 */
import fs from 'node:fs'
import path from 'node:path'
import { errorBodySchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { documentsKit, enc, encoded } from '../test/documents-kit.ts'
import { fingerprint } from '../test/http.ts'

const { t, admin, upload } = await documentsKit()
const MB = 1024 * 1024

/** A multipart body sent in pieces (no Content-Length), `chunks` pieces of 64 KB after `head`; counts what was read. */
function streamed(head: string, chunks: number) {
  let sent = 0
  let cancelled = false
  const piece = new Uint8Array(64 * 1024).fill(65)
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(enc(head))
    },
    pull(controller) {
      if (cancelled) return
      if (sent >= chunks) return controller.close()
      sent++
      controller.enqueue(piece)
    },
    cancel() {
      cancelled = true
    },
  })
  return { body, readBytes: () => sent * piece.length }
}

const send = (body: ReadableStream<Uint8Array> | ArrayBuffer, type: string) =>
  t.app.request('/api/t/demo/experts/furuno/documents', {
    method: 'POST',
    headers: { cookie: admin, 'content-type': type },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)

async function refused(res: Response, message: RegExp) {
  expect(res.status).toBe(413)
  expect(errorBodySchema.parse(await res.json()).error.message).toMatch(message)
}

describe('uploads past their limits', () => {
  it('stops reading a file part that goes on past the limit, instead of reading it to its end', async () => {
    const before = await fingerprint(t.db)
    const head = '--x\r\nContent-Disposition: form-data; name="file"; filename="endless.txt"\r\n\r\n'
    const { body, readBytes } = streamed(head, 1024)
    await refused(await send(body, 'multipart/form-data; boundary=x'), /1 MB limit/)
    expect(readBytes()).toBeLessThan(8 * MB)
    expect(await fingerprint(t.db)).toBe(before)
    expect(fs.readdirSync(path.join(t.deps.env.documentsDir, 'tmp'))).toEqual([])
  })

  it('refuses more files than one upload takes, rather than keeping some and dropping the rest', async () => {
    const before = await fingerprint(t.db)
    const files = Array.from({ length: 21 }, (_, i) => ({ fileName: `m${i}.md`, bytes: enc(`# M${i}\n\nText.`) }))
    await refused(await upload(files), /at most 20 files/)
    expect(await fingerprint(t.db)).toBe(before)
  })

  it('refuses a form of many other fields beside its file', async () => {
    const before = await fingerprint(t.db)
    const body = new FormData()
    body.append('file', new File([enc('# A\n\nText.')], 'a.md'))
    for (let i = 0; i < 100; i++) body.append(`note${i}`, 'x')
    const { body: bytes, type } = await encoded(body)
    await refused(await send(bytes, type), /at most 20 files/)
    expect(await fingerprint(t.db)).toBe(before)
  })
})
