/**
 * Rebasing optimistic rows: while a queued mutation touches a row, the server's copy of that row
 * waits in `bases`; the visible row is always base + the live queued mutations replayed in seq
 * order. Push and pull call this when answers or new server rows arrive.
 */
import type { SyncEntity } from '@mw/sync-protocol'
import { type BaseRow, type LocalDb, type OutboxEntry, tableFor } from '../db/local-db.ts'
import { applyLocally, parseRowKey, touchedKeys } from './optimistic.ts'

/** Entries whose effect the visible rows include: not yet answered, or answered but not yet pulled. */
export const isLive = (e: OutboxEntry) => e.state === 'pending' || e.state === 'acked'

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
