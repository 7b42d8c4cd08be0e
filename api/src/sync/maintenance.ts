/**
 * Keeps the sync tables bounded: delete tombstones, mutation ids and idempotency keys are kept
 * SERVER_LOG_RETENTION_DAYS (longer than a device may stay offline), then dropped. Dropping a
 * tombstone raises the tenant's horizon so a cursor that could have missed it answers `reset`.
 */
import { SERVER_LOG_RETENTION_DAYS } from '@mw/sync-protocol'
import type { Db } from '../db/database.ts'
import { pruneRateLimits } from '../db/queries/rate-limits.ts'
import { pruneStagedUploads } from '../db/queries/staged-uploads.ts'
import { pruneIdempotencyKeys, pruneSyncMutations, pruneTombstones, raiseHorizon } from '../db/queries/sync.ts'
import { DAY_MS, daysAgo } from '../lib/time.ts'

export async function pruneSyncLog(db: Db, nowMs = Date.now()) {
  const before = daysAgo(SERVER_LOG_RETENTION_DAYS, nowMs)
  return db.transaction().execute(async (trx) => {
    const tombstones = await pruneTombstones(trx, before)
    for (const t of tombstones) await raiseHorizon(trx, t.tenant, t.maxVersion + 1)
    // Buckets untouched for a day are full again, and expired stream slots count for nothing.
    await pruneRateLimits(trx, nowMs - DAY_MS)
    // A piece-by-piece upload untouched for two days was given up (its device discarded it or died).
    const stagedUploads = await pruneStagedUploads(trx, daysAgo(2, nowMs))
    return {
      stagedUploads,
      tombstones: tombstones.length,
      mutations: await pruneSyncMutations(trx, before),
      idempotencyKeys: await pruneIdempotencyKeys(trx, before),
    }
  })
}

/** Prunes now and then once a day; returns a function that stops the timer. */
export function scheduleSyncMaintenance(db: Db, onError: (error: unknown) => void): () => void {
  const run = () => pruneSyncLog(db).catch(onError)
  void run()
  const timer = setInterval(run, DAY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
