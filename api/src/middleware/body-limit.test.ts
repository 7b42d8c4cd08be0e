import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { serve } from '@hono/node-server'
import { errorBodySchema, LIMITS } from '@mw/sync-protocol'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp()
const cookie = await t.signIn('admin@demo.local')
const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
await new Promise((resolve) => server.once('listening', resolve))
const port = (server.address() as AddressInfo).port
afterAll(() => new Promise((resolve) => server.close(resolve)))

/** One raw keep-alive connection: send bytes, read whole responses (all answers here have a Content-Length). */
async function connection() {
  const socket = net.connect(port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  let buffered = Buffer.alloc(0)
  let closed = false
  socket.on('data', (d: Buffer) => (buffered = Buffer.concat([buffered, d])))
  socket.on('close', () => (closed = true))
  const nextResponse = async () => {
    for (let waited = 0; waited < 5000; waited += 10) {
      const text = buffered.toString('latin1')
      const end = text.indexOf('\r\n\r\n')
      const length = Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? Number.NaN)
      if (end >= 0 && text.length >= end + 4 + length) {
        buffered = buffered.subarray(end + 4 + length)
        return { head: text.slice(0, end), body: text.slice(end + 4, end + 4 + length) }
      }
      if (closed) throw new Error('The server closed the connection.')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error('No whole response in 5 s.')
  }
  return { socket, nextResponse, isClosed: () => closed }
}

const caseBody = JSON.stringify({
  title: 'Big',
  expert: 'furuno',
  description: 'x'.repeat(LIMITS.jsonBodyMaxBytes * 4),
})
const head = (framing: string, method = 'POST') =>
  `${method} /api/t/demo/cases HTTP/1.1\r\nhost: 127.0.0.1\r\ncookie: ${cookie}\r\ncontent-type: application/json\r\n${framing}\r\n\r\n`

describe('a refused body over real HTTP', () => {
  it.each([
    ['declared by Content-Length', head(`content-length: ${caseBody.length}`) + caseBody],
    [
      'sent chunked, so only reading finds it too large',
      `${head('transfer-encoding: chunked')}${caseBody.length.toString(16)}\r\n${caseBody}\r\n0\r\n\r\n`,
    ],
  ])('answers 413 in the JSON error shape and keeps the connection for the next request (%s)', async (_, request) => {
    const before = await t.db
      .selectFrom('cases')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    const { socket, nextResponse, isClosed } = await connection()
    socket.write(request)
    const refused = await nextResponse()
    expect(refused.head).toMatch(/^HTTP\/1\.1 413 /)
    expect(errorBodySchema.parse(JSON.parse(refused.body)).error.code).toBe('payload_too_large')
    socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n')
    expect((await nextResponse()).head).toMatch(/^HTTP\/1\.1 200 /)
    expect(isClosed()).toBe(false)
    socket.destroy()
    const after = await t.db
      .selectFrom('cases')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
  })

  it.each([
    ['declared by Content-Length', head(`content-length: ${caseBody.length}`, 'GET') + caseBody],
    [
      'sent chunked',
      `${head('transfer-encoding: chunked', 'GET')}${caseBody.length.toString(16)}\r\n${caseBody}\r\n0\r\n\r\n`,
    ],
  ])(
    'answers a GET that sends a large body anyway as a GET, ignores the body and keeps the connection (%s)',
    async (_, request) => {
      const { socket, nextResponse, isClosed } = await connection()
      socket.write(request)
      const listed = await nextResponse()
      expect(listed.head).toMatch(/^HTTP\/1\.1 200 /)
      expect(Array.isArray(JSON.parse(listed.body))).toBe(true)
      socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n')
      expect((await nextResponse()).head).toMatch(/^HTTP\/1\.1 200 /)
      expect(isClosed()).toBe(false)
      socket.destroy()
    },
  )

  it('still accepts a body under the limit sent chunked', async () => {
    const small = JSON.stringify({ title: 'Small chunked', expert: 'furuno', description: 'fits' })
    const { socket, nextResponse } = await connection()
    socket.write(`${head('transfer-encoding: chunked')}${small.length.toString(16)}\r\n${small}\r\n0\r\n\r\n`)
    const created = await nextResponse()
    expect(created.head).toMatch(/^HTTP\/1\.1 201 /)
    expect(JSON.parse(created.body).title).toBe('Small chunked')
    socket.destroy()
  })
})

describe('the paths manuals are uploaded on', () => {
  /** A body of `total` bytes made as it is read, counting what the server pulled. */
  function endlessBody(total: number) {
    const pulled = { bytes: 0 }
    const chunk = new Uint8Array(64 * 1024).fill(120)
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled.bytes >= total) return controller.close()
        pulled.bytes += chunk.length
        controller.enqueue(chunk)
      },
    })
    return { body, pulled }
  }

  // Manuals stream to disk under their own limit only as multipart; any other body there was read
  // whole into memory (to hash it for Idempotency-Key) before the caller's role was even checked.
  it.each([
    ['PUT', '/api/t/demo/documents/0195f3a0-0000-7000-8000-000000000001/file', 'application/octet-stream'],
    ['POST', '/api/t/demo/experts/furuno/documents', 'application/octet-stream'],
    ['POST', '/api/t/demo/experts/furuno/documents', 'text/plain; note=multipart/form-data'],
  ])('refuses a large non-multipart body to %s %s (%s) with 413 before holding it', async (method, path, type) => {
    const tech = await t.signIn('tech@demo.local')
    const { body, pulled } = endlessBody(LIMITS.jsonBodyMaxBytes * 200)
    const res = await t.app.request(path, {
      method,
      headers: { cookie: tech, 'content-type': type, 'idempotency-key': `k-${method}-${type.length}` },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('payload_too_large')
    expect(pulled.bytes).toBeLessThan(LIMITS.jsonBodyMaxBytes * 100)
  })
})
