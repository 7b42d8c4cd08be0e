import type { SyncEntity } from '@mw/sync-protocol'
import { sql } from 'kysely'
import { now } from '../../lib/time.ts'
import { type Db, isPostgres } from '../database.ts'

/**
 * Records that a row changed. Each (tenant, entity, id) keeps one log row whose version is
 * re-issued on every change, so a pull returns each changed row once, at its newest version.
 * Inside `withDeferredVersions` on PostgreSQL the version is issued when the work is done.
 */
export async function recordChange(
  trx: Db,
  tenant: string,
  entity: SyncEntity,
  entityId: string,
  op: 'upsert' | 'delete' = 'upsert',
): Promise<void> {
  const deferring = deferred.get(trx)
  if (!deferring) {
    await recordChangeVersion(trx, tenant, entity, entityId, op)
    return
  }
  deferring.tenants.add(tenant)
  deferring.placeholder -= 1
  await sql`
    INSERT INTO change_log (version, tenant_slug, entity, entity_id, op, changed_at)
    VALUES (${deferring.placeholder}, ${tenant}, ${entity}, ${entityId}, ${op}, ${now()})
    ON CONFLICT (tenant_slug, entity, entity_id)
      DO UPDATE SET version = excluded.version, op = excluded.op, changed_at = excluded.changed_at`.execute(trx)
}

/** As recordChange, with the version issued at once and returned (the caller stores it). */
export async function recordChangeVersion(
  trx: Db,
  tenant: string,
  entity: SyncEntity,
  entityId: string,
  op: 'upsert' | 'delete' = 'upsert',
): Promise<number> {
  const changedAt = now()
  if (isPostgres(trx)) return recordChangeOnPostgres(trx, { tenant, entity, entityId, op, changedAt })
  // SQLite has one writer at a time, so its table-wide autoincrement only goes up in commit order.
  // REPLACE deletes the row's previous log entry and inserts a new one with a fresh version, in one statement.
  const row = await trx
    .replaceInto('change_log')
    .values({ tenant_slug: tenant, entity, entity_id: entityId, op, changed_at: changedAt })
    .returning('version')
    .executeTakeFirstOrThrow()
  return row.version
}

const deferred = new WeakMap<Db, { placeholder: number; tenants: Set<string> }>()

/**
 * Runs `fn` in a transaction whose changes get their versions at the end, in the order they
 * were recorded. On PostgreSQL a version comes from the tenant's counter row, locked until
 * commit: a sync push (hundreds of statements) that took it at its first change held every other
 * push of the tenant, on every instance, behind it for its whole length. Until then each change
 * carries a negative placeholder version, which no other transaction can see (uncommitted) and
 * no pull asks for; a savepoint rolled back takes its placeholders with it. SQLite has one
 * writer at a time and needs none of this.
 */
export async function withDeferredVersions<T>(trx: Db, fn: () => Promise<T>): Promise<T> {
  if (!isPostgres(trx)) return fn()
  const deferring = { placeholder: 0, tenants: new Set<string>() }
  deferred.set(trx, deferring)
  try {
    const value = await fn()
    for (const tenant of deferring.tenants) await issueDeferredVersions(trx, tenant)
    return value
  } finally {
    deferred.delete(trx)
  }
}

/** Turns the tenant's placeholders into the next versions of its counter, oldest change first. */
async function issueDeferredVersions(trx: Db, tenant: string) {
  await sql`
    WITH pending AS (
      SELECT entity, entity_id, row_number() OVER (ORDER BY version DESC) AS k, count(*) OVER () AS n
      FROM change_log WHERE tenant_slug = ${tenant} AND version < 0
    ), next AS (
      INSERT INTO change_log_counters (tenant_slug, version) SELECT ${tenant}, n FROM pending LIMIT 1
      ON CONFLICT (tenant_slug) DO UPDATE SET version = change_log_counters.version + excluded.version
      RETURNING version
    )
    UPDATE change_log SET version = next.version - pending.n + pending.k
    FROM pending, next
    WHERE change_log.tenant_slug = ${tenant} AND change_log.entity = pending.entity
      AND change_log.entity_id = pending.entity_id`.execute(trx)
}

/**
 * On PostgreSQL several transactions (and instances) write at once, and a sequence hands out
 * versions in start order, not commit order: a pull could see version 11 committed, move its
 * cursor past 10, and never see 10 when it commits later. So each tenant's next version comes
 * from its counter row, whose lock the writing transaction holds until it commits: a higher
 * version can only be issued once every lower one is committed (or rolled back). One statement,
 * so it holds outside a transaction too.
 */
async function recordChangeOnPostgres(
  trx: Db,
  change: { tenant: string; entity: SyncEntity; entityId: string; op: 'upsert' | 'delete'; changedAt: string },
): Promise<number> {
  const { rows } = await sql<{ version: number }>`
    WITH next AS (
      INSERT INTO change_log_counters (tenant_slug, version) VALUES (${change.tenant}, 1)
      ON CONFLICT (tenant_slug) DO UPDATE SET version = change_log_counters.version + 1
      RETURNING version
    )
    INSERT INTO change_log (version, tenant_slug, entity, entity_id, op, changed_at)
    SELECT version, ${change.tenant}, ${change.entity}, ${change.entityId}, ${change.op}, ${change.changedAt} FROM next
    ON CONFLICT (tenant_slug, entity, entity_id)
      DO UPDATE SET version = excluded.version, op = excluded.op, changed_at = excluded.changed_at
    RETURNING version`.execute(trx)
  const row = rows[0]
  if (!row) throw new Error('the change log issued no version')
  return row.version
}
