import { documentAnswerSchema, documentListSchema, type KbDocument } from '@mw/sync-protocol'
import { expect } from 'vitest'
import { processingIdle } from '../documents/process.ts'
import { createTestApp } from './test-app.ts'

export type Part = { name?: string; fileName: string; bytes: Uint8Array; type?: string }

export const enc = (text: string) => new TextEncoder().encode(text)

export function form(parts: Part[]) {
  const body = new FormData()
  for (const p of parts)
    body.append(p.name ?? 'file', new File([p.bytes as Uint8Array<ArrayBuffer>], p.fileName, { type: p.type ?? '' }))
  return body
}

/**
 * A form's bytes and Content-Type, read whole first. The server stops reading an upload where it
 * passes a limit, and a FormData streamed in-process then throws in undici as its stream is
 * cancelled, after the test (a browser's upload is not such a stream).
 */
export async function encoded(body: FormData): Promise<{ body: ArrayBuffer; type: string }> {
  const res = new Response(body)
  return { body: await res.arrayBuffer(), type: res.headers.get('content-type') ?? '' }
}

/** A test app with small document limits, signed-in members, and the calls the document tests make. */
export async function documentsKit() {
  const t = await createTestApp({}, { KB_MAX_PAGES: '5', KB_MAX_UPLOAD_MB: '1' })
  const admin = await t.signIn('admin@demo.local')
  const upload = async (parts: Part[], cookie = admin, expert = 'furuno', tenant = 'demo') => {
    const { body, type } = await encoded(form(parts))
    return t.app.request(`/api/t/${tenant}/experts/${expert}/documents`, {
      method: 'POST',
      headers: { cookie, 'content-type': type },
      body,
    })
  }
  const get = (p: string, cookie = admin, headers: Record<string, string> = {}) =>
    t.app.request(`/api/t/demo${p}`, { headers: { cookie, ...headers } })
  /** Uploads, waits for processing, and answers the documents as they ended. */
  async function uploaded(parts: Part[]): Promise<KbDocument[]> {
    const res = await upload(parts)
    expect(res.status, await res.clone().text()).toBe(202)
    const { documents } = documentListSchema.parse(await res.json())
    await processingIdle(t.db)
    return Promise.all(
      documents.map(async (d) => documentAnswerSchema.parse(await (await get(`/documents/${d.id}`)).json()).document),
    )
  }
  return {
    t,
    admin,
    manager: await t.signIn('manager@demo.local'),
    tech: await t.signIn('tech@demo.local'),
    harborAdmin: await t.signIn('admin@harbor.local'),
    upload,
    get,
    uploaded,
  }
}
