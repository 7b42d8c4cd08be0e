import { v7 as uuidv7 } from 'uuid'
import { type LocalDb, SYNC_STATE_KEY, type SyncState } from '../db/local-db.ts'

/** The device's sync state, created on first use. Call inside a transaction that includes syncState. */
export async function readSyncState(db: LocalDb): Promise<SyncState> {
  const state = await db.syncState.get(SYNC_STATE_KEY)
  if (state) return state
  const fresh: SyncState = { deviceId: uuidv7(), cursor: 0, lastSyncedAt: null, lastSeq: 0 }
  await db.syncState.put(fresh, SYNC_STATE_KEY)
  return fresh
}
