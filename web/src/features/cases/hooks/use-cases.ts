import type { CaseStatus } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { useLocalDb } from '../../../db/local-db-context.tsx'

/** Cases newest first, optionally of one status; undefined while loading. */
export function useCases(status: CaseStatus | 'all') {
  const db = useLocalDb()
  return useLiveQuery(async () => {
    const rows = status === 'all' ? await db.cases.toArray() : await db.cases.where('status').equals(status).toArray()
    return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  }, [db, status])
}
