import { useLiveQuery } from 'dexie-react-hooks'
import { SYNC_STATE_KEY } from '../db/local-db.ts'
import { useLocalDb } from '../db/local-db-context.tsx'
import { useSyncStore } from '../sync/sync-store.ts'

/**
 * False while a device that never synced is still fetching its first pull, so screens show a
 * skeleton rather than "No cases found" or "Case not found". Offline, it is true at once: the
 * empty state is then the truth.
 */
export function useFirstSyncDone(): boolean {
  const db = useLocalDb()
  const online = useSyncStore((s) => s.online)
  const synced = useLiveQuery(async () => (await db.syncState.get(SYNC_STATE_KEY))?.lastSyncedAt != null, [db])
  return synced === true || !online
}
