/**
 * Sends the outbox in seq order, in small batches, and records each answer. Only `pending`
 * entries are sent; an answered entry never goes again. Transport failures throw ApiError and
 * the drainer retries with backoff; nothing is dropped.
 */
import { LIMITS, type PushResult, pushAnswerSchema } from '@mw/sync-protocol'
import { Dexie } from 'dexie'
import { v7 as uuidv7 } from 'uuid'
import type { AckRow, LocalDb, OutboxEntry } from '../db/local-db.ts'
import { SYNC_STATE_KEY } from '../db/local-db.ts'
import { ApiError, apiRequest } from '../lib/api-client.ts'
import { touchedKeys } from './optimistic.ts'
import { recomputeRows } from './rebase.ts'
import { readSyncState } from './sync-state.ts'

export interface TransportOptions {
  fetch?: typeof fetch
  /** Per request; a link that passes no data fails fast instead of hanging. */
  timeoutMs?: number
  batchSize?: number
}

/** Batches stay under the server's usual JSON limit, with room for the envelope. */
const BATCH_MAX_BYTES = LIMITS.jsonBodyMaxBytes - 64 * 1024

const toWire = (e: OutboxEntry) => ({
  mid: e.mid,
  seq: e.seq,
  type: e.type,
  args: e.args,
  baseVersion: e.baseVersion,
  createdAt: e.createdAt,
})

/**
 * The next batch in seq order. An entry bigger than a batch (an offline chat message with its
 * images) goes alone, which the server's larger push limit (LIMITS.pushBodyMaxBytes) admits.
 */
function takeBatch(pending: OutboxEntry[], max: number) {
  const batch: ReturnType<typeof toWire>[] = []
  let bytes = 0
  for (const e of pending.slice(0, max)) {
    const wire = toWire(e)
    const size = JSON.stringify(wire).length
    if (batch.length > 0 && bytes + size > BATCH_MAX_BYTES) break
    batch.push(wire)
    bytes += size
    if (bytes > BATCH_MAX_BYTES) break
  }
  return batch
}

/** Pushes one batch; false when nothing was pending. */
export async function pushBatch(db: LocalDb, options: TransportOptions = {}): Promise<boolean> {
  const max = options.batchSize ?? 20
  const pending = await db.outbox
    .where('[state+seq]')
    .between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
    .limit(max)
    .toArray()
  if (pending.length === 0) return false
  const { deviceId } = await db.transaction('rw', db.syncState, () => readSyncState(db))
  const mutations = takeBatch(pending, max)
  try {
    const answer = await apiRequest('POST', `/api/t/${db.tenant}/sync/push`, pushAnswerSchema, {
      body: { deviceId, mutations },
      timeoutMs: options.timeoutMs ?? 15_000,
      fetch: options.fetch,
    })
    await recordAnswers(db, answer.results)
  } catch (error) {
    // Another account owns this device id (a restored backup, a copied profile): register anew.
    if (error instanceof ApiError && error.code === 'forbidden') await renewDevice(db)
    else throw error
  }
  return true
}

/** Records the server's answers in one transaction; a rejected or conflicting change is reverted at once. */
async function recordAnswers(db: LocalDb, results: PushResult[]) {
  await db.transaction('rw', db.tables, async () => {
    const at = new Date().toISOString()
    const entries = new Map(
      (
        await db.outbox
          .where('mid')
          .anyOf(results.map((r) => r.mid))
          .toArray()
      ).map((e) => [e.mid, e]),
    )
    const acks: AckRow[] = []
    const answered: OutboxEntry[] = []
    const reverted = new Set<string>()
    for (const result of results) {
      const entry = entries.get(result.mid)
      if (entry?.state !== 'pending') continue
      if (result.status === 'gap') {
        await renewDevice(db)
        break
      }
      const final = result.status === 'duplicate' ? (result.outcome ?? 'applied') : result.status
      acks.push({ mid: entry.mid, status: final, reason: result.reason, code: result.code, at })
      if (final === 'applied') {
        answered.push({ ...entry, state: 'acked' })
      } else {
        answered.push({ ...entry, state: final, reason: result.reason, code: result.code })
        for (const key of touchedKeys(entry)) reverted.add(key)
      }
    }
    await db.acks.bulkPut(acks)
    await db.outbox.bulkPut(answered)
    if (reverted.size) await recomputeRows(db, reverted)
  })
}

/**
 * The server expects a seq this device no longer holds (its database was restored from an older
 * copy): continue under a new device id, which the server starts at our first queued seq.
 */
async function renewDevice(db: LocalDb) {
  await db.transaction('rw', db.syncState, async () => {
    const state = await readSyncState(db)
    await db.syncState.put({ ...state, deviceId: uuidv7() }, SYNC_STATE_KEY)
  })
}
