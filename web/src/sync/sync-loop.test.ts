import type { Case } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LocalDb } from '../db/local-db.ts'
import { createCase } from '../features/cases/actions.ts'
import { drainAll, drainOnce } from './drainer.ts'
import { QUOTA_MESSAGE } from './storage-problem.ts'
import { PRUNE_INTERVAL_MS, PRUNE_START_DELAY_MS, startSync } from './sync-loop.ts'
import { useSyncStore } from './sync-store.ts'
import { fetchAs, startServer } from './test/server-harness.ts'

const DAY = 86_400_000
const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch

const resolvedCase = (updatedAt: string): Case => ({
  id: uuidv7(),
  title: 'Old',
  description: '',
  expert: 'seakeeper',
  status: 'Resolved',
  tags: [],
  createdBy: uuidv7(),
  assignedTo: null,
  conversationId: null,
  vessel: '',
  equipment: [],
  version: 1,
  createdAt: updatedAt,
  updatedAt,
})

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 600 && !(await check()); i++) await new Promise((r) => setTimeout(r, 5))
  expect(await check()).toBe(true)
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  useSyncStore.setState({ storageProblem: null })
})

describe('the page sync loop', () => {
  it('Sync now answers whether it reached the server', async () => {
    const stopOffline = startSync(new LocalDb(uuidv7(), 'demo'), { fetch: offline })
    expect(await useSyncStore.getState().syncNow()).toBe(false)
    stopOffline()

    const server = await startServer()
    const cookie = await server.signIn('tech@demo.local')
    const db = new LocalDb(await server.userId('tech@demo.local'), 'demo')
    const stop = startSync(db, { fetch: fetchAs(cookie, server.handle) })
    expect(await useSyncStore.getState().syncNow()).toBe(true)
    stop()
  })

  it('asks for persistent storage once per signed-in user', async () => {
    const persist = vi.fn(async () => true)
    vi.stubGlobal('navigator', { ...navigator, storage: { persisted: async () => false, persist } })
    const userId = uuidv7()
    const stops = [
      startSync(new LocalDb(userId, 'demo'), { fetch: offline }),
      startSync(new LocalDb(userId, 'harbor'), { fetch: offline }),
    ]
    await until(async () => persist.mock.calls.length === 1)
    const other = startSync(new LocalDb(uuidv7(), 'demo'), { fetch: offline })
    await until(async () => persist.mock.calls.length === 2)
    for (const stop of [...stops, other]) stop()
  })

  it('prunes old rows soon after start and again each day while open', async () => {
    // Only the timers and the clock are fake: IndexedDB keeps its real task queue.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    const now = Date.now()
    const db = new LocalDb(uuidv7(), 'demo')
    const old = resolvedCase(new Date(now - 200 * DAY).toISOString())
    const nearly = resolvedCase(new Date(now - 182.5 * DAY).toISOString())
    await db.cases.bulkPut([old, nearly])
    const stop = startSync(db, { fetch: offline })
    // Not while the first screen reads: the start's pruning waits.
    await vi.advanceTimersByTimeAsync(PRUNE_START_DELAY_MS - 100)
    expect(await db.cases.get(old.id)).toBeDefined()
    await vi.advanceTimersByTimeAsync(100)
    await vi.waitFor(async () => expect(await db.cases.get(old.id)).toBeUndefined())
    expect(await db.cases.get(nearly.id)).toBeDefined()
    await vi.advanceTimersByTimeAsync(PRUNE_INTERVAL_MS)
    await vi.waitFor(async () => expect(await db.cases.get(nearly.id)).toBeUndefined())
    stop()
  })

  it('looks again after another context held the drain, so a link that came back shows as synced', async () => {
    const db = new LocalDb(uuidv7(), 'demo')
    const emptyPull = async () => Response.json({ kind: 'page', cursor: 0, hasMore: false, changes: [] })
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    // The worker's drain, still waiting on its own requests when the page starts syncing.
    const other = drainAll(db, { fetch: () => held.then(emptyPull) })
    useSyncStore.setState({ online: false })
    const pageFetch = vi.fn(emptyPull)
    const stop = startSync(db, { fetch: pageFetch })
    await new Promise((r) => setTimeout(r, 50))
    expect(pageFetch).not.toHaveBeenCalled()
    release()
    expect(await other).toEqual({ status: 'synced' })
    await until(async () => useSyncStore.getState().online)
    expect(pageFetch).toHaveBeenCalled()
    stop()
  })
})

describe('a full disk', () => {
  const failPuts = () => {
    const put = IDBObjectStore.prototype.put
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (this.name === 'cases' || this.name === 'outbox')
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      return put.apply(this, args)
    })
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
  }

  it('refuses a write, saves nothing of it, and the sync store says why', async () => {
    const db = new LocalDb(uuidv7(), 'demo')
    await db.open()
    failPuts()
    await expect(createCase(db, { title: 'At sea', description: '', expert: 'furuno', tags: [] })).rejects.toThrow()
    vi.restoreAllMocks()
    expect(useSyncStore.getState().storageProblem).toBe(QUOTA_MESSAGE)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.cases.count()).toBe(0)
  })

  it('makes a drain answer a storage problem instead of throwing', async () => {
    const db = new LocalDb(uuidv7(), 'demo')
    await db.open()
    const old = resolvedCase(new Date().toISOString())
    const pullPage = (async () =>
      Response.json({
        kind: 'page',
        cursor: 1,
        hasMore: false,
        changes: [{ entity: 'case', id: old.id, op: 'upsert', version: 1, row: old }],
      })) as unknown as typeof fetch
    failPuts()
    expect(await drainOnce(db, { fetch: pullPage })).toEqual({ status: 'storage', message: QUOTA_MESSAGE })
  })
})
