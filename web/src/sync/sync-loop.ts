/**
 * The page side of syncing one database: drains on start, on `online`, when the tab becomes
 * visible, shortly after each local write, and on a backoff timer after a failure (while
 * visible); mirrors the outbox into the sync store; registers Background Sync for the worker;
 * asks for persistent storage once per sign-in and prunes old rows soon after start and daily.
 */
import { liveQuery } from 'dexie'
import type { LocalDb } from '../db/local-db.ts'
import { SYNC_STATE_KEY } from '../db/local-db.ts'
import { registerLocalDb } from '../db/session-db.ts'
import { type DrainResult, drainAll, requestBackgroundSync } from './drainer.ts'
import { discardMutation, retryMutation } from './problems.ts'
import type { TransportOptions } from './push.ts'
import { pruneLocalData, requestPersistentStorage } from './retention.ts'
import { storageProblemOf } from './storage-problem.ts'
import { reportStorageProblem, type SyncProblem, useSyncStore } from './sync-store.ts'
import { onLocalWrite } from './write-signal.ts'

const WRITE_DEBOUNCE_MS = 300
const BACKOFF_BASE_MS = 1000
/**
 * At most a minute between tries: on marina Wi-Fi whose internet comes back, the browser's
 * `online` event never fires (it never went offline), so this timer is what notices; with a
 * 5-minute cap the app said "Offline", held questions and kept offline downloads disabled for
 * minutes after the link returned. Full jitter still spreads a fleet's retries after an outage.
 */
const BACKOFF_MAX_MS = 60 * 1000
/** How soon to look again when another context holds the drain: only a run of our own tells this page how it went. */
const BUSY_RETRY_MS = 1000
export const PRUNE_INTERVAL_MS = 24 * 60 * 60 * 1000
/** The first pruning waits this long: its write transaction over every table would hold back the screen's first read. */
export const PRUNE_START_DELAY_MS = 5_000

/** Users this page has asked for persistent storage since it loaded (once per sign-in is enough). */
const persistenceAsked = new Set<string>()

/** Capped exponential backoff with full jitter: spreads retries of many tablets after an outage. */
export const backoffMs = (failures: number, random = Math.random) =>
  Math.round(random() * Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(failures, 20)))

export function startSync(db: LocalDb, options: TransportOptions = {}): () => void {
  const set = useSyncStore.setState
  let stopped = false
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let running = false
  let again = false
  /** Those who asked for a sync now and wait to hear whether it reached the server. */
  const waiting: ((reached: boolean) => void)[] = []

  const schedule = (ms: number) => {
    clearTimeout(timer)
    if (!stopped) timer = setTimeout(run, ms)
  }

  async function run() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = true
    set({ syncing: true })
    const result: DrainResult = await drainAll(db, options)
    running = false
    set({ syncing: false })
    report(result)
    if (result.status === 'synced') failures = 0
    else if (result.status === 'busy') schedule(BUSY_RETRY_MS)
    else if (result.status !== 'auth') {
      failures += 1
      void requestBackgroundSync()
      if (isVisible()) schedule(backoffMs(failures))
    }
    if (again) {
      again = false
      schedule(0)
    }
  }

  function report(result: DrainResult) {
    if (result.status !== 'busy') for (const tell of waiting.splice(0)) tell(result.status !== 'offline')
    switch (result.status) {
      case 'synced':
        return set({ online: true, pausedForAuth: null, signedOut: false, lastError: null, storageProblem: null })
      case 'busy':
        return
      case 'auth':
        return set({ online: true, pausedForAuth: result.message, signedOut: result.signedOut })
      case 'offline':
        return set({ online: false, lastError: result.message })
      case 'storage':
        return set({ storageProblem: result.message })
      case 'error':
        return set({ online: true, lastError: result.message })
    }
  }

  const outbox = liveQuery(async () => ({
    entries: await db.outbox.toArray(),
    uploads: await db.uploads.where('state').equals('pending').sortBy('createdAt'),
    state: await db.syncState.get(SYNC_STATE_KEY),
  })).subscribe({
    next: ({ entries, uploads, state }) => {
      const pending = [...entries.filter((e) => e.state === 'pending'), ...uploads]
      pending.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      const problems: SyncProblem[] = entries
        .filter((e) => e.state === 'rejected' || e.state === 'conflict')
        .map((e) => ({
          mid: e.mid,
          type: e.type,
          state: e.state as SyncProblem['state'],
          reason: e.reason ?? '',
          createdAt: e.createdAt,
        }))
      set({
        pending: pending.length,
        oldestPendingAt: pending[0]?.createdAt ?? null,
        lastSyncedAt: state?.lastSyncedAt ?? null,
        problems,
      })
    },
    error: (error: unknown) =>
      set({ storageProblem: storageProblemOf(error) ?? 'The offline data could not be read. Reload the app.' }),
  })

  const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible'
  const onOnline = () => schedule(0)
  const onVisible = () => {
    if (isVisible()) schedule(0)
  }
  let writeTimer: ReturnType<typeof setTimeout> | undefined
  const offWrite = onLocalWrite((written) => {
    if (written.name !== db.name) return
    clearTimeout(writeTimer)
    writeTimer = setTimeout(() => {
      void requestBackgroundSync()
      void run()
    }, WRITE_DEBOUNCE_MS)
  })
  window.addEventListener('online', onOnline)
  document.addEventListener('visibilitychange', onVisible)
  set({
    syncNow: () =>
      new Promise<boolean>((resolve) => {
        waiting.push(resolve)
        schedule(0)
      }),
    retry: (mid) => void retryMutation(db, mid),
    discard: (mid) => void discardMutation(db, mid),
  })
  void registerLocalDb(db.userId, db.tenant)
  if (!persistenceAsked.has(db.userId)) {
    persistenceAsked.add(db.userId)
    void requestPersistentStorage()
  }
  const prune = () => {
    pruneLocalData(db).catch((error: unknown) => {
      if (!reportStorageProblem(error)) set({ lastError: 'Old offline data could not be cleaned up.' })
    })
  }
  const firstPrune = setTimeout(prune, PRUNE_START_DELAY_MS)
  const pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS)
  schedule(0)

  return () => {
    stopped = true
    clearTimeout(timer)
    clearTimeout(writeTimer)
    clearTimeout(firstPrune)
    clearInterval(pruneTimer)
    offWrite()
    outbox.unsubscribe()
    window.removeEventListener('online', onOnline)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
