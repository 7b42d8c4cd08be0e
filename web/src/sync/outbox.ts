/**
 * The outbox: the one write path of the app. A mutation is applied to the local rows and queued
 * in the same transaction. While a queued mutation touches a row, the server's copy of that row
 * waits in `bases`; the visible row is always base + the queued mutations replayed in seq order.
 */
import { type MutationArgs, type MutationType, mutationArgsSchemas, type SyncEntity } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import {
  type BaseRow,
  type LocalDb,
  type OutboxEntry,
  SYNC_STATE_KEY,
  type SyncState,
  tableFor,
} from '../db/local-db.ts'
import { applyLocally, parseRowKey, touchedKeys } from './optimistic.ts'
import { reportStorageProblem } from './storage-problem.ts'
import { notifyLocalWrite } from './write-signal.ts'

/** Entries whose effect the visible rows include: not yet answered, or answered but not yet pulled. */
export const isLive = (e: OutboxEntry) => e.state === 'pending' || e.state === 'acked'

/** The device's sync state, created on first use. Call inside a transaction that includes syncState. */
export async function readSyncState(db: LocalDb): Promise<SyncState> {
  const state = await db.syncState.get(SYNC_STATE_KEY)
  if (state) return state
  const fresh: SyncState = { deviceId: uuidv7(), cursor: 0, lastSyncedAt: null, lastSeq: 0 }
  await db.syncState.put(fresh, SYNC_STATE_KEY)
  return fresh
}

export type NewMutation = {
  [T in MutationType]: { type: T; args: MutationArgs<T>; baseVersion?: number | null }
}[MutationType]

/** Queues one mutation (see enqueueMutations) and returns its mid. */
export async function enqueueMutation(db: LocalDb, mutation: NewMutation): Promise<string> {
  const [mid] = await enqueueMutations(db, [mutation])
  return mid as string
}

/**
 * Writes the optimistic change and queues the mutations, all or nothing; returns their mids.
 * Arguments are parsed with the protocol schema first (trimmed, normalised; a ZodError if invalid).
 */
export async function enqueueMutations(db: LocalDb, mutations: NewMutation[]): Promise<string[]> {
  const parsed = mutations.map((m) => ({ ...m, args: mutationArgsSchemas[m.type].parse(m.args) }))
  const mids = await db
    .transaction('rw', db.tables, async () => {
      const state = await readSyncState(db)
      const out: string[] = []
      let seq = state.lastSeq
      for (const m of parsed) {
        seq += 1
        const entry = {
          seq,
          mid: uuidv7(),
          type: m.type,
          args: m.args,
          baseVersion: m.baseVersion ?? null,
          createdAt: new Date().toISOString(),
          state: 'pending',
          attempts: 0,
        } as OutboxEntry
        await keepBases(db, touchedKeys(entry))
        await applyLocally(db, entry)
        await db.outbox.add(entry)
        out.push(entry.mid)
      }
      await db.syncState.put({ ...state, lastSeq: seq }, SYNC_STATE_KEY)
      return out
    })
    .catch((error: unknown) => {
      // The caller still gets the error (nothing was saved); the shell says why.
      reportStorageProblem(error)
      throw error
    })
  notifyLocalWrite(db)
  return mids
}

/** Remembers the server's copy of rows about to change optimistically (once per row). */
async function keepBases(db: LocalDb, keys: string[]) {
  for (const key of keys) {
    if (await db.bases.get(key)) continue
    const { entity, id } = parseRowKey(key)
    const row = await tableFor(db, entity).get(id)
    await db.bases.put({ key, row: row ?? null })
  }
}

/**
 * Rebuilds the visible rows of `keys` from their server copies and the live queued mutations,
 * and forgets the server copies no live mutation needs any more. Call inside a read-write
 * transaction on all tables.
 */
export async function recomputeRows(db: LocalDb, keys: Iterable<string>) {
  const live = (await db.outbox.orderBy('seq').toArray()).filter(isLive).map((e) => ({ e, ks: touchedKeys(e) }))
  const wanted = new Set(keys)
  // Grow to a closed set: replaying a mutation rewrites every row it touches.
  for (let grew = true; grew; ) {
    grew = false
    for (const { ks } of live) {
      if (ks.some((k) => wanted.has(k)) && ks.some((k) => !wanted.has(k))) {
        for (const k of ks) wanted.add(k)
        grew = true
      }
    }
  }
  const bases = (await db.bases.bulkGet([...wanted])).filter((b): b is BaseRow => b !== undefined)
  await writeRows(db, bases)
  const needed = new Set<string>()
  for (const { e, ks } of live) {
    if (!ks.some((k) => wanted.has(k))) continue
    for (const k of ks) needed.add(k)
    await applyLocally(db, e)
  }
  await db.bases.bulkDelete([...wanted].filter((k) => !needed.has(k)))
}

/** Writes server copies back as the visible rows, one bulk operation per table. */
async function writeRows(db: LocalDb, rows: BaseRow[]) {
  const puts = new Map<SyncEntity, unknown[]>()
  const deletes = new Map<SyncEntity, string[]>()
  for (const { key, row } of rows) {
    const { entity, id } = parseRowKey(key)
    if (entity === 'tenantConfig') {
      if (row === null) await db.tenantConfig.delete(id)
      else await db.tenantConfig.put(row as never, id)
      continue
    }
    const group = row === null ? deletes : puts
    const list = group.get(entity) ?? []
    list.push((row ?? id) as never)
    group.set(entity, list)
  }
  for (const [entity, list] of puts) await tableFor(db, entity).bulkPut(list)
  for (const [entity, ids] of deletes) await tableFor(db, entity).bulkDelete(ids)
}
