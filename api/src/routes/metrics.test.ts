import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { processingIdle } from '../documents/process.ts'
import { readSseEvents } from '../experts/read-sse.ts'
import { createTestApp } from '../test/test-app.ts'

const TOKEN = 'a-scraper-token-of-some-length'
const t = await createTestApp({}, { METRICS_TOKEN: TOKEN, RATE_LIMITS: 'on' }, { knowledge: true })
const tech = await t.signIn('tech@demo.local')
const admin = await t.signIn('admin@demo.local')
const fromElsewhere = { incoming: { socket: { remoteAddress: '203.0.113.9' } } }

/** Prometheus text format: `name{label="value",...} number` samples, by name. */
function parse(text: string) {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = []
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match) throw new Error(`not Prometheus text: ${line}`)
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    )
    samples.push({ name: match[1] as string, labels: labels as Record<string, string>, value: Number(match[3]) })
  }
  return samples
}

describe('/metrics', () => {
  it('counts requests, answers, sync, mutations, documents and refusals, with the process defaults', async () => {
    await t.app.request('/api/t/demo/cases', { headers: { cookie: tech } })
    const pushBody = JSON.stringify({
      deviceId: uuidv7(),
      mutations: [
        {
          mid: uuidv7(),
          seq: 1,
          type: 'case.create',
          args: { id: uuidv7(), title: 'Metered', description: '', expert: 'furuno', tags: [], conversationId: null },
          baseVersion: null,
          createdAt: new Date().toISOString(),
        },
      ],
    })
    const push = await t.app.request('/api/t/demo/sync/push', {
      method: 'POST',
      headers: { cookie: tech, 'content-type': 'application/json', 'content-length': String(pushBody.length) },
      body: pushBody,
    })
    expect(push.status).toBe(200)
    expect((await t.app.request('/api/t/demo/sync/pull?cursor=0', { headers: { cookie: tech } })).status).toBe(200)
    const answer = await t.app.request('/api/t/demo/experts/seakeeper/stream', {
      method: 'POST',
      headers: { cookie: tech, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'How do I reset the gyro after a fault?',
        filters: { file_subject_type: 'seakeeper' },
      }),
    })
    expect((await readSseEvents(answer)).at(-1)?.done).toBe(true)
    const upload = new FormData()
    upload.append('file', new File(['# Metered\n\nA manual.'], 'metered.md'))
    await t.app.request('/api/t/demo/experts/furuno/documents', {
      method: 'POST',
      headers: { cookie: admin },
      body: upload,
    })
    await processingIdle(t.db)
    let refused = 0
    for (let i = 0; i < 100 && refused === 0; i++) {
      const res = await t.app.request('/api/login/local', {
        method: 'POST',
        body: new URLSearchParams({ email: 'x@y.z' }),
      })
      if (res.status === 429) refused++
    }
    expect(refused).toBe(1)

    const res = await t.app.request('/metrics')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    const samples = parse(await res.text())
    const value = (name: string, labels: Record<string, string> = {}) =>
      samples
        .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        .reduce((sum, s) => sum + s.value, 0)
    expect(value('mw_http_requests_total', { method: 'GET', route: '/api/t/:tenant/cases', status: '200' })).toBe(1)
    expect(value('mw_http_request_duration_seconds_count', { route: '/api/t/:tenant/sync/push' })).toBe(1)
    expect(value('mw_answer_first_event_seconds_count', { expert: 'seakeeper', provider: 'local' })).toBe(1)
    expect(value('mw_answer_duration_seconds_count', { expert: 'seakeeper' })).toBe(1)
    expect(value('mw_answer_streams_open')).toBe(0)
    expect(value('mw_sync_requests_total', { kind: 'push' })).toBe(1)
    expect(value('mw_sync_requests_total', { kind: 'pull' })).toBe(1)
    expect(value('mw_sync_rows_total', { kind: 'push' })).toBe(1)
    expect(value('mw_sync_request_bytes_total', { kind: 'push' })).toBe(pushBody.length)
    expect(value('mw_mutations_total', { outcome: 'applied' })).toBe(1)
    expect(value('mw_document_jobs_total', { state: 'ready' })).toBe(1)
    expect(value('mw_rate_limited_total', { limit: 'sign-in attempts' })).toBe(1)
    expect(samples.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true)
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true)
  })

  it('answers a scraper off this machine only with the METRICS_TOKEN', async () => {
    const without = await t.app.request('/metrics', {}, fromElsewhere)
    expect(without.status).toBe(401)
    expect(((await without.json()) as { error: { code: string } }).error.code).toBe('unauthorized')
    const wrong = await t.app.request('/metrics', { headers: { authorization: 'Bearer nope' } }, fromElsewhere)
    expect(wrong.status).toBe(401)
    const right = await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }, fromElsewhere)
    expect(right.status).toBe(200)
  })

  it('is closed to other machines when no token is set', async () => {
    const plain = await createTestApp()
    expect((await plain.app.request('/metrics', { headers: { authorization: 'Bearer ' } }, fromElsewhere)).status).toBe(
      401,
    )
  })
})
