/**
 * Optional dense retrieval against a loopback server speaking the OpenAI embeddings wire format:
 * the settings (Admins choose, Managers see, bad input refused), embedding in batches that resume
 * where a failure stopped them, and answers found by meaning when the words differ.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { type EmbeddingStatus, embeddingStatusSchema } from '@mw/sync-protocol'
import { afterAll, describe, expect, it } from 'vitest'
import { processingIdle } from '../documents/process.ts'
import { retrieve } from '../experts/retrieve.ts'
import { enc, form } from '../test/documents-kit.ts'
import { createTestApp } from '../test/test-app.ts'
import { denseSearch } from './dense-search.ts'
import { startEmbedding } from './indexer.ts'

// What the fake model "understands": each concept is one dimension of the vector.
const CONCEPTS = [
  ['calorifier', 'heater', 'boiler', 'hot'],
  ['drain', 'drained', 'empty', 'winter', 'laid'],
  ['anode', 'zinc', 'corrosion'],
  ['impeller', 'pump'],
]
const vectorOf = (text: string) => {
  const words = text.toLowerCase().split(/[^a-z]+/)
  return [0.05, ...CONCEPTS.map((concept) => words.filter((w) => concept.includes(w)).length)]
}

const requests: { inputs: number; failed: boolean }[] = []
let failing = new Set<number>()
let down = false
const fake = http.createServer((req, res) => {
  let raw = ''
  req.on('data', (d) => (raw += d))
  req.on('end', () => {
    const body = JSON.parse(raw) as { model: string; input: string | string[] }
    const inputs = Array.isArray(body.input) ? body.input : [body.input]
    const failed = down || failing.has(requests.length + 1)
    requests.push({ inputs: inputs.length, failed })
    if (failed) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"model loading"}}')
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        object: 'list',
        model: body.model,
        data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) })),
        usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
      }),
    )
  })
})
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
const baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())))

const t = await createTestApp({}, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' })
const admin = await t.signIn('admin@demo.local')
const manager = await t.signIn('manager@demo.local')
const tech = await t.signIn('tech@demo.local')

const filler = Array.from(
  { length: 40 },
  (_, i) => `## Check ${i}\n\nInspect deck fitting number ${i} and note its condition in the log.`,
)
const manual = [
  '# Laying up',
  '## Fresh water',
  'Drain the calorifier before the boat is laid up.',
  '## Stern gear',
  'Replace the sacrificial anode when half of it has gone.',
  ...filler,
].join('\n\n')

const settings = (body: unknown, cookie = admin) =>
  t.app.request('/api/t/demo/admin/embedding', {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
async function status(cookie = manager): Promise<EmbeddingStatus> {
  const res = await t.app.request('/api/t/demo/admin/embedding', { headers: { cookie } })
  expect(res.status).toBe(200)
  return embeddingStatusSchema.parse(await res.json())
}
async function settled(): Promise<EmbeddingStatus> {
  await startEmbedding(t.deps, 'demo')
  return status()
}
const dense = (query: string) => denseSearch(t.deps, 'demo', 'furuno', query, 50)
const choice = { provider: 'openai-compatible', model: 'boat-embed', baseUrl }

describe('dense retrieval', () => {
  it('is chosen by an Admin only, with a base URL exactly for an OpenAI-compatible server', async () => {
    const upload = await t.app.request('/api/t/demo/experts/furuno/documents', {
      method: 'POST',
      headers: { cookie: admin },
      body: form([{ fileName: 'Laying up.md', bytes: enc(manual) }]),
    })
    expect(upload.status).toBe(202)
    await processingIdle(t.db)
    expect(await status()).toMatchObject({ embedding: null, embedded: 0, working: false, error: null })
    expect((await t.app.request('/api/t/demo/admin/embedding', { headers: { cookie: tech } })).status).toBe(403)
    for (const [body, cookie, code] of [
      [{ embedding: choice }, manager, 403],
      [{ embedding: { provider: 'openai-compatible', model: 'x' } }, admin, 400],
      [{ embedding: { provider: 'openai', model: 'x', baseUrl } }, admin, 400],
      [{ embedding: { provider: 'openai-compatible', model: '', baseUrl } }, admin, 400],
      [{ embedding: { provider: 'cohere', model: 'x' } }, admin, 400],
      [{ embedding: { ...choice, baseUrl: 'file:///etc/passwd' } }, admin, 400],
      [{}, admin, 400],
    ] as const) {
      const res = await settings(body, cookie)
      expect(res.status, JSON.stringify(body)).toBe(code)
      expect(((await res.json()) as { error?: unknown }).error).toBeTruthy()
    }
    expect((await status()).embedding).toBeNull()
  })

  it('embeds every passage in batches, and resumes after a failed batch without embedding twice', async () => {
    // The indexer retries a failed batch once: both tries fail.
    failing = new Set([2, 3])
    expect((await settings({ embedding: choice })).status).toBe(200)
    const stopped = await settled()
    expect(stopped.error).toMatch(/model loading|503|Service Unavailable/i)
    expect(stopped.embedded).toBe(32)
    expect(stopped.total).toBeGreaterThan(32)

    failing = new Set()
    const done = await settled()
    expect(done).toMatchObject({ error: null, working: false, embedded: done.total })
    const sent = requests.filter((r) => !r.failed)
    expect(Math.max(...sent.map((r) => r.inputs))).toBeLessThanOrEqual(32)
    expect(sent.reduce((n, r) => n + r.inputs, 0)).toBe(done.total)
  })

  it('finds a passage by meaning when it shares no word with the question, and only then', async () => {
    const question = 'How do I empty the hot water boiler for the winter?'
    expect((await retrieve(t.db, 'demo', 'furuno', question)).sources).toEqual([])
    const withMeaning = await retrieve(t.db, 'demo', 'furuno', question, 5, { dense })
    expect(withMeaning.sources[0]?.text).toBe('Drain the calorifier before the boat is laid up.')
    const offTopic = await retrieve(t.db, 'demo', 'furuno', 'best pizza recipe in Antibes', 5, { dense })
    expect(offTopic.sources).toEqual([])
  })

  it('answers by words alone when the embedding server is down, and stops when the model is removed', async () => {
    down = true
    const words = await retrieve(t.db, 'demo', 'furuno', 'When do I replace the sacrificial anode?', 5, { dense })
    expect(words.sources[0]?.text).toBe('Replace the sacrificial anode when half of it has gone.')
    down = false
    expect((await settings({ embedding: null })).status).toBe(200)
    expect(await dense('hot water boiler')).toBeNull()
    expect(await status()).toMatchObject({ embedding: null, embedded: 0 })
  })
})
