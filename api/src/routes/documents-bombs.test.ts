import { documentAnswerSchema, documentListSchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { processingIdle } from '../documents/process.ts'
import { form } from '../test/documents-kit.ts'
import { inflatingPdf, tinyPdf } from '../test/pdf.ts'
import { createTestApp } from '../test/test-app.ts'

/** Manuals are read in a worker whose heap is capped; the buffers a PDF's streams decode into are not. */
const t = await createTestApp({}, { KB_PARSE_MEMORY_MB: '64' })
const admin = await t.signIn('admin@demo.local')

async function processed(fileName: string, bytes: Uint8Array) {
  const res = await t.app.request('/api/t/demo/experts/furuno/documents', {
    method: 'POST',
    headers: { cookie: admin },
    body: form([{ fileName, bytes }]),
  })
  expect(res.status).toBe(202)
  const [doc] = documentListSchema.parse(await res.json()).documents
  await processingIdle(t.db)
  const read = await t.app.request(`/api/t/demo/documents/${doc?.id}`, { headers: { cookie: admin } })
  return documentAnswerSchema.parse(await read.json()).document
}

describe('an HTML manual nested fifty thousand elements deep', () => {
  it('fails with the reason at once, instead of holding the one parsing thread for minutes', async () => {
    const html = `<html><body>${'<div>'.repeat(50_000)}Bilge pump relay${'</div>'.repeat(50_000)}</body></html>`
    const failed = await processed('deep.html', new TextEncoder().encode(html))
    expect(failed).toMatchObject({ status: 'failed', passages: 0 })
    expect(failed.error).toMatch(/nests its elements more than 1000 deep/)
  })
})

describe('a PDF that decodes into more memory than a manual should', () => {
  it('fails with the reason once its buffers pass KB_PARSE_MEMORY_MB, and the next manual reads', async () => {
    const bomb = inflatingPdf(256)
    expect(bomb.length).toBeLessThan(4096)
    const failed = await processed('bomb.pdf', bomb)
    expect(failed).toMatchObject({ status: 'failed', passages: 0 })
    expect(failed.error).toMatch(/more memory than a manual should/)

    const next = await processed('fine.pdf', tinyPdf(['Rudder feedback unit wiring']))
    expect(next).toMatchObject({ status: 'ready', passages: 1 })
  })
})
