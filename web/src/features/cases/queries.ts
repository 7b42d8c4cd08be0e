import type { Case, CaseStatus } from '@mw/sync-protocol'
import type { DeviceQuery } from '../../db/device-query.ts'

/** Cases newest first, optionally of one status. */
export const casesQuery = (status: CaseStatus | 'all'): DeviceQuery<Case[]> => ({
  key: `cases:${status}`,
  read: async (db) => {
    const rows = status === 'all' ? await db.cases.toArray() : await db.cases.where('status').equals(status).toArray()
    return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  },
})
