// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { LocalDb } from '../db/local-db.ts'
import { createCase } from '../features/cases/actions.ts'
import { drainAll } from './drainer.ts'
import { backoffMs } from './sync-loop.ts'
import { fetchAs, startServer } from './test/server-harness.ts'

describe('drainer', () => {
  it('pauses on 401 without dropping anything, then drains after signing in again', async () => {
    const server = await startServer()
    const userId = await server.userId('tech@demo.local')
    const db = new LocalDb(userId, 'demo')
    await createCase(db, { title: 'Queued while signed out', description: '', expert: 'furuno', tags: [] })
    const signedOut = fetchAs('mw_session=expired', server.handle)
    expect(await drainAll(db, { fetch: signedOut })).toEqual({
      status: 'auth',
      message: 'Sign in again to sync.',
      signedOut: true,
    })
    expect(await db.outbox.where('state').equals('pending').count()).toBe(1)
    const cookie = await server.signIn('tech@demo.local')
    expect(await drainAll(db, { fetch: fetchAs(cookie, server.handle) })).toEqual({ status: 'synced' })
    expect(await db.outbox.count()).toBe(0)
  })

  it('runs one drain per database at a time', async () => {
    const server = await startServer()
    const cookie = await server.signIn('tech@demo.local')
    const userId = await server.userId('tech@demo.local')
    const [a, b] = [new LocalDb(userId, 'demo'), new LocalDb(userId, 'demo')]
    const results = await Promise.all([
      drainAll(a, { fetch: fetchAs(cookie, server.handle) }),
      drainAll(b, { fetch: fetchAs(cookie, server.handle) }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['busy', 'synced'])
  })

  it.each([
    ['grows them while the server answers fast', 0, [20, 40, 50, 10]],
    ['keeps them small when answers are slow', 2000, [20, 20, 20, 20, 20, 20]],
  ])('starts with small batches and %s', async (_name, answerMs, expected) => {
    const server = await startServer()
    const cookie = await server.signIn('tech@demo.local')
    const db = new LocalDb(await server.userId('tech@demo.local'), 'demo')
    for (let i = 0; i < 120; i++)
      await createCase(db, { title: `Case ${i}`, description: '', expert: 'furuno', tags: [] })
    // Only the clock is fake, so the answer time is what the test says, not what the machine does.
    vi.useFakeTimers({ toFake: ['Date'] })
    const sizes: number[] = []
    const base = fetchAs(cookie, server.handle)
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/sync/push')) {
        sizes.push(JSON.parse(String(init?.body)).mutations.length)
        vi.setSystemTime(Date.now() + answerMs)
      }
      return base(input, init)
    }) as typeof globalThis.fetch
    try {
      expect(await drainAll(db, { fetch })).toEqual({ status: 'synced' })
    } finally {
      vi.useRealTimers()
    }
    expect(sizes).toEqual(expected)
    expect(await db.outbox.count()).toBe(0)
  })

  it('backs off exponentially with full jitter, capped at a minute (no online event says the internet is back)', () => {
    expect(backoffMs(1, () => 1)).toBe(2000)
    expect(backoffMs(4, () => 1)).toBe(16_000)
    expect(backoffMs(30, () => 1)).toBe(60_000)
    expect(backoffMs(30, () => 0)).toBe(0)
  })
})
