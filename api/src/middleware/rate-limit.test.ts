import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { errorBodySchema } from '@mw/sync-protocol'
import { afterAll, describe, expect, it } from 'vitest'
import { send } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

/** A model server that holds every answer until the test lets it go. */
let release: () => void = () => {}
let held = new Promise<void>((resolve) => (release = resolve))
const model = http.createServer((req, res) => {
  req.resume()
  req.on('end', async () => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    await held
    const chunk = {
      id: 'c',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta: { content: 'Done.' }, finish_reason: 'stop' }],
    }
    res.end(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`)
  })
})
await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve))
const modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`
afterAll(() => {
  release()
  return new Promise<void>((resolve) => model.close(() => resolve()))
})

const limitedApp = () => createTestApp({}, { RATE_LIMITS: 'on', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' })

const ask = (t: Awaited<ReturnType<typeof limitedApp>>, cookie: string) =>
  t.app.request('/api/t/demo/experts/seakeeper/stream', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'gyro alarm', filters: { file_subject_type: 'seakeeper' } }),
  })

async function expectRateLimited(res: Response) {
  expect(res.status).toBe(429)
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(errorBodySchema.parse(await res.json()).error.code).toBe('rate_limited')
}

describe('rate limits', () => {
  it('a burst of answer streams past the budget answers 429 with Retry-After and stores nothing', async () => {
    const t = await limitedApp()
    const tech = await t.signIn('tech@demo.local')
    for (let i = 0; i < 10; i++) {
      const res = await ask(t, tech)
      expect(res.status).toBe(200)
      await res.text()
    }
    const before = await t.db.selectFrom('messages').select('id').execute()
    await expectRateLimited(await ask(t, tech))
    expect(await t.db.selectFrom('messages').select('id').execute()).toHaveLength(before.length)
    // A colleague has a budget of their own.
    const manager = await t.signIn('manager@demo.local')
    expect((await ask(t, manager)).status).toBe(200)
  })

  it('caps how many answer streams one user runs at once, and frees the slot when one ends', async () => {
    const t = await limitedApp()
    const admin = await t.signIn('admin@demo.local')
    const saved = await send(t, admin, 'PUT', '/api/t/demo/admin/models/seakeeper', {
      primary: { provider: 'openai-compatible', model: 'm', baseUrl: modelUrl },
      fallback: null,
      temperature: 0.2,
      maxOutputTokens: 200,
    })
    expect(saved.status).toBe(200)
    held = new Promise<void>((resolve) => (release = resolve))
    const open = [await ask(t, admin), await ask(t, admin), await ask(t, admin)]
    for (const res of open) expect(res.status).toBe(200)
    await expectRateLimited(await ask(t, admin))
    release()
    await Promise.all(open.map((res) => res.text()))
    const after = await ask(t, admin)
    expect(after.status).toBe(200)
    await after.text()
  })

  it('limits sign-in attempts', async () => {
    const t = await limitedApp()
    const attempt = () =>
      t.app.request('http://localhost/api/login/local', {
        method: 'POST',
        headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams({ email: 'nobody@demo.local' }),
      })
    const started = performance.now()
    for (let i = 0; i < 60; i++) expect((await attempt()).status).not.toBe(429)
    // The budget (a burst of 60) refills at 2 a second meanwhile: a slow machine earns those back.
    const refilled = Math.ceil(((performance.now() - started) / 1000) * 2) + 1
    let res = await attempt()
    for (let i = 0; i < refilled && res.status !== 429; i++) res = await attempt()
    await expectRateLimited(res)
  })

  it('a noisy tenant does not hold up a quiet one: a quiet request during a 400-request burst answers within 1.5 s', async () => {
    const t = await limitedApp()
    const noisy = await t.signIn('tech@demo.local')
    const quiet = await t.signIn('tech@harbor.local')
    const burst: Promise<number>[] = Array.from({ length: 400 }, async () => {
      const res = await t.app.request('/api/t/demo/cases', { headers: { cookie: noisy } })
      return res.status
    })
    const started = performance.now()
    const res = await t.app.request('/api/t/harbor/cases', { headers: { cookie: quiet } })
    const quietMs = performance.now() - started
    const statuses = await Promise.all(burst)
    expect(res.status).toBe(200)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0)
    expect(quietMs).toBeLessThan(1500)
  })
})
