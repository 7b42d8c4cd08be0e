import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { it } from 'vitest'
import { readSseEvents } from './experts/read-sse.ts'
import { createTestApp } from './test/test-app.ts'

let delta = 'word '
let count = 20000
const chunk = (d: object, finish: string | null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: d, finish_reason: finish }] })}\n\n`
const fake = http.createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    let body = ''
    for (let i = 0; i < count; i++) body += chunk({ content: delta }, null)
    res.write(body)
    res.write(chunk({}, 'stop'))
    res.end('data: [DONE]\n\n')
  })
})
await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r))
it('probe', async () => {
  const t = await createTestApp({}, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }, { knowledge: true })
  const manager = await t.signIn('manager@demo.local')
  const port = (fake.address() as AddressInfo).port
  await t.app.request('/api/t/demo/admin/models/seakeeper', {
    method: 'PUT',
    headers: { cookie: manager, 'content-type': 'application/json' },
    body: JSON.stringify({
      primary: { provider: 'openai-compatible', model: 'm', baseUrl: `http://127.0.0.1:${port}/v1` },
      fallback: null,
      temperature: 0.2,
      maxOutputTokens: 500,
    }),
  })
  for (const [d, n] of [
    ['word ', 20000],
    ['a\n', 20000],
    ['- a\n', 5000],
    ['<b>', 20000],
  ] as const) {
    delta = d
    count = n
    let lag = 0
    let last = performance.now()
    const iv = setInterval(() => {
      const now = performance.now()
      lag = Math.max(lag, now - last - 10)
      last = now
    }, 10)
    const started = performance.now()
    const res = await t.app.request('/api/t/demo/experts/seakeeper/stream', {
      method: 'POST',
      headers: { cookie: manager, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'gyro', filters: { file_subject_type: 'seakeeper' } }),
    })
    const events = await readSseEvents(res)
    clearInterval(iv)
    console.log(
      JSON.stringify(d),
      n,
      'total ms',
      Math.round(performance.now() - started),
      'max lag ms',
      Math.round(lag),
      'events',
      events.length,
    )
  }
  fake.close()
}, 600000)
