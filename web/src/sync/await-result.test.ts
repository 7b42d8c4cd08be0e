import { afterEach, describe, expect, it, vi } from 'vitest'
import { LocalDb } from '../db/local-db.ts'
import { saveBranding } from '../features/admin/actions.ts'
import { awaitMutationResult } from './await-result.ts'
import { startSync } from './sync-loop.ts'
import { useSyncStore } from './sync-store.ts'
import { fetchAs, startServer } from './test/server-harness.ts'

const branding = { name: 'Marine Workbench', theme: 'forest', logoUrl: null, logoLetters: 'MW' } as const

afterEach(() => useSyncStore.setState({ pausedForAuth: null, signedOut: false, online: true }))

describe('awaiting an admin change', () => {
  it('answers unauthorized as soon as the server says the session is gone, and keeps the change queued', async () => {
    const server = await startServer()
    const db = new LocalDb(await server.userId('admin@demo.local'), 'demo')
    const stop = startSync(db, { fetch: fetchAs('mw_session=expired', server.handle) })
    try {
      const { mid } = await saveBranding(db, branding)
      const started = Date.now()
      expect(await awaitMutationResult(db, mid, { timeoutMs: 5_000 })).toMatchObject({
        rejected: true,
        code: 'unauthorized',
      })
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(await db.outbox.where('state').equals('pending').count()).toBe(1)
    } finally {
      stop()
    }
  })

  it('says the change waits on this device as soon as the server cannot be reached, not after the whole wait', async () => {
    const server = await startServer()
    const db = new LocalDb(await server.userId('admin@demo.local'), 'demo')
    const noInternet: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'))
    const stop = startSync(db, { fetch: noInternet })
    try {
      const { mid } = await saveBranding(db, branding)
      const started = Date.now()
      expect(await awaitMutationResult(db, mid, { timeoutMs: 10_000 })).toBe('pending')
      expect(Date.now() - started).toBeLessThan(3_000)
      expect(await db.outbox.where('state').equals('pending').count()).toBe(1)
    } finally {
      stop()
    }
  })

  it('a workspace without access is not mistaken for a signed-out session', async () => {
    const server = await startServer()
    const cookie = await server.signIn('admin@harbor.local')
    const db = new LocalDb(await server.userId('admin@harbor.local'), 'demo')
    const stop = startSync(db, { fetch: fetchAs(cookie, server.handle) })
    try {
      const { mid } = await saveBranding(db, branding)
      // Waits for the server's refusal (slow on a loaded machine), then the change must still wait.
      await vi.waitFor(
        () =>
          expect(useSyncStore.getState()).toMatchObject({
            pausedForAuth: 'You no longer have access to this workspace.',
            signedOut: false,
          }),
        { timeout: 5_000 },
      )
      expect(await awaitMutationResult(db, mid, { timeoutMs: 300 })).toBe('pending')
    } finally {
      stop()
    }
  })
})
