import { useLiveQuery } from 'dexie-react-hooks'
import { useLocalDb } from '../../../db/local-db-context.tsx'

/** One case with its history, newest event first; `caseRow` null when absent, undefined while loading. */
export function useCase(caseId: string) {
  const db = useLocalDb()
  return useLiveQuery(async () => {
    const [caseRow, events] = await Promise.all([
      db.cases.get(caseId),
      db.caseEvents.where('caseId').equals(caseId).toArray(),
    ])
    return { caseRow: caseRow ?? null, events: events.sort((a, b) => b.createdAt.localeCompare(a.createdAt)) }
  }, [db, caseId])
}
