import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../lib/logger.ts'
import { createTestApp } from '../test/test-app.ts'

/** Every line the server logs, parsed. */
function captureLogs() {
  const lines: Record<string, unknown>[] = []
  const raw: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk))
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { log: createLogger({ LOG_LEVEL: 'info' }, stream), lines, raw }
}

describe('request logs', () => {
  it('one JSON line per request with the request id echoed, the route template, tenant and user, and no secrets', async () => {
    const logs = captureLogs()
    const t = await createTestApp({ log: logs.log })
    const cookie = await t.signIn('tech@demo.local')
    const question = 'Secret question about the port stabilizer fin'
    const res = await t.app.request('/api/t/demo/experts/seakeeper/stream', {
      method: 'POST',
      headers: {
        cookie,
        authorization: 'Bearer sk-live-should-never-be-logged',
        'content-type': 'application/json',
        'x-request-id': 'tablet-42.req-7',
      },
      body: JSON.stringify({ query: question, filters: { file_subject_type: 'seakeeper' } }),
    })
    await res.text()
    expect(res.headers.get('x-request-id')).toBe('tablet-42.req-7')
    const line = logs.lines.find((l) => l.requestId === 'tablet-42.req-7')
    expect(line).toMatchObject({
      msg: 'request',
      method: 'POST',
      route: '/api/t/:tenant/experts/:expert/stream',
      status: 200,
      tenant: 'demo',
    })
    expect(typeof line?.userId).toBe('string')
    expect(typeof line?.ms).toBe('number')
    const everything = logs.raw.join('')
    for (const secret of [cookie.split('=')[1] ?? cookie, 'sk-live-should-never-be-logged', question]) {
      expect(everything).not.toContain(secret)
    }
  })

  it('makes up a request id when none (or a hostile one) is sent', async () => {
    const logs = captureLogs()
    const t = await createTestApp({ log: logs.log })
    const res = await t.app.request('/healthz', { headers: { 'x-request-id': 'bad id <script>' } })
    const id = res.headers.get('x-request-id') ?? ''
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(logs.lines.find((l) => l.requestId === id)).toMatchObject({ route: '/healthz', status: 200 })
  })
})
