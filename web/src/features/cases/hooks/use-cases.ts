import type { CaseStatus } from '@mw/sync-protocol'
import { useDeviceQuery } from '../../../db/device-query.ts'
import { casesQuery } from '../queries.ts'

/** Cases newest first, optionally of one status; undefined while loading. */
export function useCases(status: CaseStatus | 'all') {
  return useDeviceQuery(casesQuery(status))
}
