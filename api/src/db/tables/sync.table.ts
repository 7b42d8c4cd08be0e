import type { Generated, Selectable } from 'kysely'

/** One row per (tenant, entity, id): its version is the change-log version of the row's last change. */
export interface ChangeLogTable {
  version: Generated<number>
  tenant_slug: string
  entity: string
  entity_id: string
  op: 'upsert' | 'delete'
  changed_at: string
}
export type ChangeLogRow = Selectable<ChangeLogTable>

/** Pull cursors at or below min_version were pruned from the log and answer `reset`. */
export interface SyncHorizonTable {
  tenant_slug: string
  min_version: number
}

export interface SyncDeviceTable {
  id: string
  user_id: string
  tenant_slug: string
  last_seq: number
  created_at: string
  last_seen_at: string
}

export interface SyncMutationTable {
  mid: string
  device_id: string
  seq: number
  type: string
  status: string
  result_json: string
  created_at: string
}

export interface IdempotencyKeyTable {
  user_id: string
  key: string
  method: string
  path: string
  body_hash: string
  state: 'pending' | 'done'
  status: number | null
  response_body: string | null
  created_at: string
}
