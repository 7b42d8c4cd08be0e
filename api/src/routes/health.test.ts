import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'

describe('health probes', () => {
  it('/healthz answers JSON without sign-in', async () => {
    const { app } = await createTestApp()
    const res = await app.request('/healthz')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it.each([
    ['starting', 503],
    ['serving', 200],
    ['stopping', 503],
  ] as const)('/readyz while %s answers %i', async (state, status) => {
    const t = await createTestApp({ lifecycle: { state } })
    const res = await t.app.request('/readyz')
    expect(res.status).toBe(status)
    expect(await res.json()).toEqual({ status: state === 'serving' ? 'ready' : state })
  })

  it('/readyz answers 503 when the database is gone, and /healthz still 200', async () => {
    const t = await createTestApp()
    await t.db.destroy()
    const res = await t.app.request('/readyz')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ status: 'database_unavailable' })
    expect((await t.app.request('/healthz')).status).toBe(200)
  })
})
