import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp()
const tech = await t.signIn('tech@demo.local')
const pull = (acceptEncoding?: string) =>
  t.app.request('/api/t/demo/sync/pull?cursor=0', {
    headers: { cookie: tech, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  })

describe('compression on the wire', () => {
  it.each([
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['br;q=0.5, gzip', 'gzip', gunzipSync],
    ['*', 'br', brotliDecompressSync],
  ])(
    'compresses a sync pull for a client that asks %j (%s), to a fraction of its size, with the same content',
    async (accept, encoding, decode) => {
      const plain = await pull()
      expect(plain.headers.get('content-encoding')).toBeNull()
      const identity = Buffer.from(await plain.arrayBuffer())
      const zipped = await pull(accept)
      expect(zipped.headers.get('content-encoding')).toBe(encoding)
      expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i)
      const body = Buffer.from(await zipped.arrayBuffer())
      expect(body.length).toBeLessThan(identity.length * 0.5)
      expect(JSON.parse(decode(body).toString())).toEqual(JSON.parse(identity.toString()))
    },
  )

  it('says every API answer varies by Accept-Encoding and is not stored, compressed or not', async () => {
    for (const res of [
      await pull(),
      await pull('gzip'),
      await t.app.request('/api/t/demo/cases?limit=1', { headers: { cookie: tech } }),
    ]) {
      expect(res.headers.get('vary')?.match(/accept-encoding/gi)).toHaveLength(1)
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  it.each(['', 'identity', ';;;', 'gzip;q=0', 'gzip;q=0, br;q=0', 'x-unknown, *;q=0'])(
    'answers %j uncompressed and intact',
    async (header) => {
      const res = await pull(header)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(JSON.parse(await res.text())).toHaveProperty('cursor')
    },
  )

  it('leaves an answer stream uncompressed, so each event arrives as it is written', async () => {
    const res = await t.app.request('/api/t/demo/experts/seakeeper/stream', {
      method: 'POST',
      headers: { cookie: tech, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({
        query: 'How do I check the oil level on the gyro?',
        filters: { file_subject_type: 'seakeeper' },
      }),
    })
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(await res.text()).toContain('"done":true')
  })
})
