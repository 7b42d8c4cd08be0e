import type { Expert, KnowledgeState } from '@mw/sync-protocol'
import { sql } from 'kysely'
import { type Db, isPostgres } from '../database.ts'
import { synonymsByExpert } from './synonyms.ts'

export const findDevice = (db: Db, id: string) =>
  db.selectFrom('sync_devices').selectAll().where('id', '=', id).executeTakeFirst()

/**
 * The pushing device's row, registered on its first push (starting after `lastSeq`), and locked
 * until the push commits, so two pushes from one device never interleave (SQLite has one writer
 * at a time anyway; on PostgreSQL the row lock does it).
 */
export async function claimDevice(
  trx: Db,
  device: { id: string; userId: string; tenant: string; at: string; lastSeq: number },
) {
  await trx
    .insertInto('sync_devices')
    .values({
      id: device.id,
      user_id: device.userId,
      tenant_slug: device.tenant,
      last_seq: device.lastSeq,
      created_at: device.at,
      last_seen_at: device.at,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  const query = trx.selectFrom('sync_devices').selectAll().where('id', '=', device.id)
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirstOrThrow()
}

export async function updateDevice(db: Db, id: string, lastSeq: number, at: string) {
  await db.updateTable('sync_devices').set({ last_seq: lastSeq, last_seen_at: at }).where('id', '=', id).execute()
}

export const findSyncMutation = (db: Db, mid: string) =>
  db.selectFrom('sync_mutations').selectAll().where('mid', '=', mid).executeTakeFirst()

export async function insertSyncMutation(
  db: Db,
  row: { mid: string; deviceId: string; seq: number; type: string; status: string; result: object; at: string },
) {
  await db
    .insertInto('sync_mutations')
    .values({
      mid: row.mid,
      device_id: row.deviceId,
      seq: row.seq,
      type: row.type,
      status: row.status,
      result_json: JSON.stringify(row.result),
      created_at: row.at,
    })
    .execute()
}

/** Runs `fn` inside a savepoint: an error rolls back only what `fn` wrote. Call inside a transaction. */
export async function withSavepoint<T>(trx: Db, fn: () => Promise<T>): Promise<T> {
  await sql`savepoint mutation`.execute(trx)
  try {
    const value = await fn()
    await sql`release savepoint mutation`.execute(trx)
    return value
  } catch (error) {
    await sql`rollback to savepoint mutation`.execute(trx)
    await sql`release savepoint mutation`.execute(trx)
    throw error
  }
}

/** One page of the tenant's change log after `cursor`; `since` skips rows last changed before it. */
export function changesAfter(db: Db, tenant: string, cursor: number, limit: number, since?: string) {
  let query = db.selectFrom('change_log').selectAll().where('tenant_slug', '=', tenant).where('version', '>', cursor)
  // The window bounds what was worked on; the tenant's settings, people and libraries always come.
  if (since) {
    query = query.where((eb) =>
      eb.or([eb('changed_at', '>=', since), eb('entity', 'in', ['tenantConfig', 'tenantUser', 'knowledge'])]),
    )
  }
  return query.orderBy('version').limit(limit).execute()
}

export async function horizonOf(db: Db, tenant: string): Promise<number> {
  const row = await db
    .selectFrom('sync_horizon')
    .select('min_version')
    .where('tenant_slug', '=', tenant)
    .executeTakeFirst()
  return row?.min_version ?? 0
}

/** Rows of one table by id, in chunks that stay under SQLite's variable limit. */
async function byIds<R>(ids: string[], load: (chunk: string[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = []
  for (let i = 0; i < ids.length; i += 500) out.push(...(await load(ids.slice(i, i + 500))))
  return out
}

export const loadCases = (db: Db, tenant: string, ids: string[]) =>
  byIds(ids, (chunk) =>
    db.selectFrom('cases').selectAll().where('tenant_slug', '=', tenant).where('id', 'in', chunk).execute(),
  )

/** Case events with the creator and assignee of their case (visibility follows the case). */
export const loadCaseEvents = (db: Db, tenant: string, ids: string[]) =>
  byIds(ids, (chunk) =>
    db
      .selectFrom('case_events')
      .innerJoin('cases', 'cases.id', 'case_events.case_id')
      .selectAll('case_events')
      .select(['cases.created_by', 'cases.assigned_to'])
      .where('case_events.tenant_slug', '=', tenant)
      .where('case_events.id', 'in', chunk)
      .execute(),
  )

export const loadAttachments = (db: Db, tenant: string, ids: string[]) =>
  byIds(ids, (chunk) =>
    db
      .selectFrom('case_attachments')
      .innerJoin('cases', 'cases.id', 'case_attachments.case_id')
      .selectAll('case_attachments')
      .select(['cases.created_by as case_created_by', 'cases.assigned_to as case_assigned_to'])
      .where('case_attachments.tenant_slug', '=', tenant)
      .where('case_attachments.id', 'in', chunk)
      .execute(),
  )

export const loadConversations = (db: Db, tenant: string, ids: string[]) =>
  byIds(ids, (chunk) =>
    db.selectFrom('conversations').selectAll().where('tenant_slug', '=', tenant).where('id', 'in', chunk).execute(),
  )

/** Messages with the owner of their conversation. */
export const loadMessages = (db: Db, tenant: string, ids: string[]) =>
  byIds(ids, (chunk) =>
    db
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
      .selectAll('messages')
      .select(['conversations.user_id', 'conversations.deleted_at'])
      .where('messages.tenant_slug', '=', tenant)
      .where('messages.id', 'in', chunk)
      .execute(),
  )

export const loadTrainingSets = (db: Db, tenant: string, ids: string[]) =>
  byIds(ids, (chunk) =>
    db.selectFrom('training_sets').selectAll().where('tenant_slug', '=', tenant).where('id', 'in', chunk).execute(),
  )

export const loadAssignments = (db: Db, tenant: string, ids: string[]) =>
  byIds(ids, (chunk) =>
    db
      .selectFrom('training_assignments')
      .selectAll()
      .where('tenant_slug', '=', tenant)
      .where('id', 'in', chunk)
      .execute(),
  )

/** What each expert's library holds now: ready manuals and their passages, and when it last changed. */
export async function loadKnowledge(db: Db, tenant: string, experts: string[]): Promise<KnowledgeState[]> {
  const changes = await db
    .selectFrom('change_log')
    .select(['entity_id', 'changed_at'])
    .where('tenant_slug', '=', tenant)
    .where('entity', '=', 'knowledge')
    .where('entity_id', 'in', experts)
    .execute()
  const counts = await db
    .selectFrom('kb_documents')
    .select((eb) => [
      'expert',
      eb.fn.countAll<number>().as('documents'),
      eb.fn.sum<number>('passage_count').as('passages'),
    ])
    .where('tenant_slug', '=', tenant)
    .where('expert', 'in', experts)
    .where('status', '=', 'ready')
    .groupBy('expert')
    .execute()
  const synonyms = await synonymsByExpert(db, tenant, experts)
  return changes.map((c) => {
    const count = counts.find((r) => r.expert === c.entity_id)
    return {
      expert: c.entity_id as Expert,
      documents: Number(count?.documents ?? 0),
      passages: Number(count?.passages ?? 0),
      synonyms: synonyms.get(c.entity_id) ?? [],
      changedAt: c.changed_at,
    }
  })
}

/** Drops delete tombstones last changed before `before`; returns the highest version dropped (0 if none). */
export async function pruneTombstones(db: Db, before: string): Promise<{ tenant: string; maxVersion: number }[]> {
  const pruned = await db
    .selectFrom('change_log')
    .select(['tenant_slug', (eb) => eb.fn.max('version').as('max_version')])
    .where('op', '=', 'delete')
    .where('changed_at', '<', before)
    .groupBy('tenant_slug')
    .execute()
  await db.deleteFrom('change_log').where('op', '=', 'delete').where('changed_at', '<', before).execute()
  return pruned.map((r) => ({ tenant: r.tenant_slug, maxVersion: Number(r.max_version) }))
}

/** Raises a tenant's horizon: pull cursors below it answer `reset`. */
export async function raiseHorizon(db: Db, tenant: string, minVersion: number) {
  await db
    .insertInto('sync_horizon')
    .values({ tenant_slug: tenant, min_version: minVersion })
    .onConflict((oc) =>
      oc.column('tenant_slug').doUpdateSet({
        min_version: isPostgres(db)
          ? sql`greatest(sync_horizon.min_version, excluded.min_version)`
          : sql`max(sync_horizon.min_version, excluded.min_version)`,
      }),
    )
    .execute()
}

export async function pruneSyncMutations(db: Db, before: string): Promise<number> {
  const res = await db.deleteFrom('sync_mutations').where('created_at', '<', before).executeTakeFirst()
  return Number(res.numDeletedRows)
}

export async function pruneIdempotencyKeys(db: Db, before: string): Promise<number> {
  const res = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst()
  return Number(res.numDeletedRows)
}
