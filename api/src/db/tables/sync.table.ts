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

/** A request budget (token bucket) shared by every instance: its tokens at `at` (ms), and whether the last take got one. */
export interface RateLimitBucketTable {
  key: string
  tokens: number
  at: number
  granted: number
}

/** An answer stream open now, counted against its user's and tenant's cap until it ends or its lease runs out. */
export interface StreamSlotTable {
  id: string
  user_key: string
  tenant_key: string
  expires_at: number
}
