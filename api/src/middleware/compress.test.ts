import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../app-env.ts'
import { chosenEncoding, compressAnswers } from './compress.ts'

const text = (size: number) => Array.from({ length: size }, (_, i) => 'gyro bearing noise '[i % 19]).join('')
const app = new Hono<AppEnv>()
app.use(compressAnswers({ threshold: 1024, types: /^(application\/json|text\/html)\b/ }))
app.get('/json/:size', (c) => c.json({ text: text(Number(c.req.param('size'))) }))
app.get('/stream', () => {
  const body = Readable.toWeb(Readable.from([Buffer.from(text(50_000)), Buffer.from(text(50_000))]))
  return new Response(body as ReadableStream<Uint8Array>, { headers: { 'Content-Type': 'text/html' } })
})
app.get('/image', (c) => c.body(text(5000), 200, { 'Content-Type': 'image/png' }))
app.get('/encoded', (c) => c.body(text(5000), 200, { 'Content-Type': 'text/html', 'Content-Encoding': 'br' }))
app.get('/no-transform', (c) => c.json({ text: text(5000) }, 200, { 'Cache-Control': 'no-transform' }))
app.get('/tagged', (c) => c.json({ text: text(5000) }, 200, { ETag: '"v1"' }))

const get = (path: string, accept = 'gzip, deflate, br', method = 'GET') =>
  app.request(path, { method, headers: { 'accept-encoding': accept } })
const decode = { br: brotliDecompressSync, gzip: gunzipSync }

describe('answers compressed for the satellite link', () => {
  it.each([
    ['a JSON answer of 5 KB', '/json/5000', 'br'],
    ['a JSON answer of 200 KB', '/json/200000', 'br'],
    ['the same to a gzip-only client', '/json/200000', 'gzip'],
    ['a page streamed without a length', '/stream', 'gzip'],
    ['a page streamed, brotli', '/stream', 'br'],
  ] as const)('%s, as the client asked, with the same content', async (_, path, encoding) => {
    const plain = await get(path, 'identity')
    expect(plain.headers.get('content-encoding')).toBeNull()
    const identity = Buffer.from(await plain.arrayBuffer())
    const res = await get(path, encoding)
    expect(res.headers.get('content-encoding')).toBe(encoding)
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    const body = Buffer.from(await res.arrayBuffer())
    expect(body.length).toBeLessThan(identity.length / 5)
    expect(decode[encoding](body).equals(identity)).toBe(true)
  })

  it.each([
    ['under the threshold', '/json/100'],
    ['not a compressible type', '/image'],
    ['already encoded', '/encoded'],
    ['marked no-transform', '/no-transform'],
  ])('leaves an answer %s as it is', async (_, path) => {
    const plain = await get(path, 'identity')
    const res = await get(path)
    expect(res.headers.get('content-encoding')).toBe(plain.headers.get('content-encoding'))
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(await plain.arrayBuffer()))).toBe(true)
  })

  it('answers HEAD without a body or an encoding, and weakens a strong ETag it changes', async () => {
    const head = await get('/json/5000', 'gzip', 'HEAD')
    expect(head.headers.get('content-encoding')).toBeNull()
    const tagged = await get('/tagged', 'gzip')
    expect(tagged.headers.get('etag')).toBe('W/"v1"')
  })

  it('says its encoding over real HTTP too, where reading the body gives the answer new headers', async () => {
    // @hono/node-server's own Response, unlike the one in app.request(), copies its headers when
    // its body is read: a header set on the old copy would be lost.
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    try {
      for (const [path, encoding] of [
        ['/json/5000', 'br'],
        ['/json/200000', 'gzip'],
        ['/stream', 'br'],
      ] as const) {
        const [res] = (await once(http.get({ port, path, headers: { 'accept-encoding': encoding } }), 'response')) as [
          http.IncomingMessage,
        ]
        const chunks: Buffer[] = []
        for await (const chunk of res) chunks.push(chunk)
        const body = Buffer.concat(chunks)
        expect(res.headers['content-encoding']).toBe(encoding)
        expect(res.headers.vary).toBe('Accept-Encoding')
        expect(decode[encoding](body).toString()).toContain('gyro bearing noise')
      }
    } finally {
      server.close()
    }
  })

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip;q=0, br;q=0', undefined],
    ['x-unknown, *;q=0', undefined],
    ['GZIP', 'gzip'],
    ['gzip;q=0.8, br;q=0.5', 'gzip'],
    ['br, gzip', 'br'],
    ['*;q=0.3, gzip;q=0.2', 'br'],
  ])('chooses for Accept-Encoding %j: %s', (accept, expected) => {
    expect(chosenEncoding(accept)).toBe(expected)
  })
})
