import { useLiveQuery } from 'dexie-react-hooks'
import { useLocalDb } from '../../../db/local-db-context.tsx'

export function useTrainingSets() {
  const db = useLocalDb()
  return useLiveQuery(() => db.trainingSets.orderBy('createdAt').reverse().toArray(), [db])
}

export function useAssignments() {
  const db = useLocalDb()
  return useLiveQuery(
    async () => (await db.assignments.toArray()).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    [db],
  )
}

export function useTenantUsers() {
  const db = useLocalDb()
  return useLiveQuery(async () => (await db.tenantUsers.toArray()).sort((a, b) => a.email.localeCompare(b.email)), [db])
}
