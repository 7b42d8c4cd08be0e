import type { SyncEntity } from '@mw/sync-protocol'
import { now } from '../../lib/time.ts'
import type { Db } from '../database.ts'

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
  // REPLACE deletes the row's previous log entry and inserts a new one with a fresh version, in one statement.
  const row = await trx
    .replaceInto('change_log')
    .values({ tenant_slug: tenant, entity, entity_id: entityId, op, changed_at: now() })
    .returning('version')
    .executeTakeFirstOrThrow()
  return row.version
}
