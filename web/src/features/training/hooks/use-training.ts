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

/** The sets assigned to this user (directly or to their role), with their best result on this device. */
export function useMyTraining(userId: string | undefined, role: string | null) {
  const db = useLocalDb()
  return useLiveQuery(async () => {
    if (!userId || !role) return undefined
    const mine = (await db.assignments.toArray()).filter((a) => a.assignedToId === userId || a.assignedToRole === role)
    const items = []
    for (const assignment of mine.sort((a, b) => b.createdAt.localeCompare(a.createdAt))) {
      const set = await db.trainingSets.get(assignment.setId)
      if (!set) continue
      const attempts = await db.attempts.where('assignmentId').equals(assignment.id).toArray()
      const complete = attempts.filter((a) => a.answered >= a.questions).map((a) => a.score)
      const best =
        complete.length > 0 ? Math.max(...complete) : assignment.assignedToId === userId ? assignment.score : null
      items.push({ assignment, set, completed: best !== null, score: best })
    }
    return items
  }, [db, userId, role])
}
