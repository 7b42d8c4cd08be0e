/**
 * Pulls the change feed page by page. Each page, its cursor and the retirement of answered
 * mutations it covers are written in one transaction; rows under a queued mutation get their
 * server copy in `bases` and are rebuilt as server copy + queued mutations, so a pull never
 * hides a change the server has not answered yet.
 */
import { type Change, pullAnswerSchema, type SyncEntity } from '@mw/sync-protocol'
import { type LocalDb, SYNC_STATE_KEY, syncedTables, TENANT_CONFIG_KEY, tableFor } from '../db/local-db.ts'
import { apiRequest } from '../lib/api-client.ts'
import { rowKey, touchedKeys } from './optimistic.ts'
import type { TransportOptions } from './push.ts'
import { isLive, recomputeRows } from './rebase.ts'
import { readSyncState } from './sync-state.ts'

/** Pulls until the feed is exhausted. Mutations acknowledged before the pull began retire at its last page. */
export async function pullAll(db: LocalDb, options: TransportOptions & { pageSize?: number } = {}) {
  const retiring = (await db.outbox.where('state').equals('acked').toArray()).map((e) => e.mid)
  for (;;) {
    const { cursor } = await db.transaction('rw', db.syncState, () => readSyncState(db))
    const answer = await apiRequest(
      'GET',
      `/api/t/${db.tenant}/sync/pull?cursor=${cursor}&limit=${options.pageSize ?? 500}`,
      pullAnswerSchema,
      { timeoutMs: options.timeoutMs ?? 30_000, fetch: options.fetch },
    )
    if (answer.kind === 'reset') {
      await resetLocal(db)
      continue
    }
    await applyPage(db, answer.changes, answer.cursor, answer.hasMore ? null : retiring)
    if (!answer.hasMore) return
  }
}

/** `retire` is given on the last page of a pull (null before it): the acked mids the pull now covers. */
export async function applyPage(db: LocalDb, changes: Change[], cursor: number, retire: string[] | null) {
  await db.transaction('rw', db.tables, async () => {
    const based = new Set((await db.bases.toCollection().primaryKeys()) as string[])
    const upserts = new Map<SyncEntity, unknown[]>()
    const deletes = new Map<SyncEntity, string[]>()
    const rebuild = new Set<string>()
    const newBases: { key: string; row: unknown }[] = []
    for (const change of changes) {
      const key = rowKey(change.entity, change.id)
      const row = change.op === 'upsert' ? change.row : null
      if (based.has(key)) {
        newBases.push({ key, row })
        rebuild.add(key)
      } else if (change.entity === 'tenantConfig') {
        if (row) await db.tenantConfig.put(row as never, TENANT_CONFIG_KEY)
        else await db.tenantConfig.delete(TENANT_CONFIG_KEY)
      } else if (row) {
        const rows = upserts.get(change.entity)
        if (rows) rows.push(row)
        else upserts.set(change.entity, [row])
      } else {
        const ids = deletes.get(change.entity)
        if (ids) ids.push(change.id)
        else deletes.set(change.entity, [change.id])
      }
    }
    await db.bases.bulkPut(newBases)
    for (const [entity, rows] of upserts) await tableFor(db, entity).bulkPut(rows)
    for (const [entity, ids] of deletes) await tableFor(db, entity).bulkDelete(ids)
    if (retire?.length) {
      const done = (await db.outbox.where('mid').anyOf(retire).toArray()).filter((e) => e.state === 'acked')
      await db.outbox.bulkDelete(done.map((e) => e.seq))
      for (const e of done) for (const k of touchedKeys(e)) rebuild.add(k)
    }
    if (rebuild.size) await recomputeRows(db, rebuild)
    const state = await readSyncState(db)
    const lastSyncedAt = retire ? new Date().toISOString() : state.lastSyncedAt
    await db.syncState.put({ ...state, cursor, lastSyncedAt }, SYNC_STATE_KEY)
  })
}

/** The server's log no longer reaches our cursor: drop the synced rows and download again, keeping the outbox. */
export async function resetLocal(db: LocalDb) {
  await db.transaction('rw', db.tables, async () => {
    for (const table of syncedTables(db)) await table.clear()
    const live = (await db.outbox.toArray()).filter(isLive)
    const keys = new Set(live.flatMap((e) => touchedKeys(e)))
    await db.bases.clear()
    await db.bases.bulkPut([...keys].map((key) => ({ key, row: null })))
    await recomputeRows(db, keys)
    const state = await readSyncState(db)
    await db.syncState.put({ ...state, cursor: 0 }, SYNC_STATE_KEY)
  })
}
