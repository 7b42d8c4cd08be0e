import type { SyncEntity } from '@mw/sync-protocol'
import { sql } from 'kysely'
import { now } from '../../lib/time.ts'
import { type Db, isPostgres } from '../database.ts'

/**
 * Records that a row changed. Each (tenant, entity, id) keeps one log row whose version is
 * re-issued on every change, so a pull returns each changed row once, at its newest version.
 */
export async function recordChange(
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
