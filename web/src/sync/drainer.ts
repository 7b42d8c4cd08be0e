/**
 * One drain: push the whole outbox, send the photos and files waiting for upload, then pull the
 * change feed to its end. No DOM or React, so the page and the service worker (Background Sync)
 * run the same code; a Web Lock per database keeps one drainer at a time across tabs and the worker.
 */
import { LIMITS } from '@mw/sync-protocol'
import { type LocalDb, openLocalDb } from '../db/local-db.ts'
import { listLocalDbs } from '../db/session-db.ts'
import { ApiError } from '../lib/api-client.ts'
import { pullAll } from './pull.ts'
import { pushBatch, type TransportOptions } from './push.ts'
import { storageProblemOf } from './storage-problem.ts'
import { keepTrainingImages } from './training-images.ts'
import { sendUploads } from './uploads.ts'

export type DrainResult =
  | { status: 'synced' }
  /** Another tab or the worker is draining this database right now. */
  | { status: 'busy' }
  /** 401 (signedOut) or 404 (no access to the workspace): the queue waits, intact. */
  | { status: 'auth'; message: string; signedOut: boolean }
  /** No usable answer (offline, timeout, 5xx, 429): try again later. */
  | { status: 'offline'; message: string }
  | { status: 'storage'; message: string }
  | { status: 'error'; message: string }

export const OUTBOX_SYNC_TAG = 'mw-outbox'
const FIRST_BATCH = 20
const FAST_ANSWER_MS = 1000

export async function drainOnce(db: LocalDb, options: TransportOptions = {}): Promise<DrainResult> {
  try {
    // Each batch answers at least one entry or renews the device id; the bound only guards bugs.
    const bound = (await db.outbox.where('state').equals('pending').count()) + 5
    // Small batches first (slow links); while answers come back fast, each batch doubles up to the server's maximum.
    let batchSize = options.batchSize ?? FIRST_BATCH
    for (let i = 0; i < bound; i++) {
      const started = Date.now()
      if (!(await pushBatch(db, { ...options, batchSize }))) break
      if (options.batchSize === undefined && Date.now() - started < FAST_ANSWER_MS)
        batchSize = Math.min(LIMITS.pushBatchMax, batchSize * 2)
    }
    await sendUploads(db, options)
    await pullAll(db, options)
    await keepTrainingImages(db, options)
    return { status: 'synced' }
  } catch (error) {
    return classify(error)
  }
}

function classify(error: unknown): DrainResult {
  if (error instanceof ApiError) {
    if (error.status === 401) return { status: 'auth', message: 'Sign in again to sync.', signedOut: true }
    if (error.status === 404) {
      return { status: 'auth', message: 'You no longer have access to this workspace.', signedOut: false }
    }
    if (error.code === 'network' || error.status >= 500 || error.status === 429) {
      return { status: 'offline', message: error.serverMessage }
    }
    return { status: 'error', message: error.serverMessage }
  }
  const storage = storageProblemOf(error)
  if (storage) return { status: 'storage', message: storage }
  return { status: 'error', message: error instanceof Error ? error.message : String(error) }
}

const localLocks = new Set<string>()

/** Runs one drain unless another context holds this database's lock (then answers busy). */
export async function drainAll(db: LocalDb, options: TransportOptions = {}): Promise<DrainResult> {
  const name = `mw-sync-${db.name}`
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (locks) {
    return locks.request(name, { ifAvailable: true }, (lock) =>
      lock ? drainOnce(db, options) : { status: 'busy' as const },
    )
  }
  if (localLocks.has(name)) return { status: 'busy' }
  localLocks.add(name)
  try {
    return await drainOnce(db, options)
  } finally {
    localLocks.delete(name)
  }
}

/** What the service worker's Background Sync handler runs: every (user, tenant) database on the device. */
export async function drainEverything(options: TransportOptions = {}): Promise<DrainResult[]> {
  const results: DrainResult[] = []
  for (const known of await listLocalDbs())
    results.push(await drainAll(openLocalDb(known.userId, known.tenant), options))
  return results
}

/** Asks the browser to wake the service worker when the network returns (where Background Sync exists). */
export async function requestBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false
  const registration = (await navigator.serviceWorker.getRegistration()) as
    | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
    | undefined
  if (!registration?.sync) return false
  try {
    await registration.sync.register(OUTBOX_SYNC_TAG)
    return true
  } catch {
    return false
  }
}
