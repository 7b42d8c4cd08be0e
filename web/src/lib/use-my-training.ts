import { useLiveQuery } from 'dexie-react-hooks'
import { useLocalDb } from '../db/local-db-context.tsx'

/** The sets assigned to this user (directly or to their role), with their best result on this device. */
export function useMyTraining(userId: string | undefined, role: string | null) {
  const db = useLocalDb()
  return useLiveQuery(async () => {
    if (!userId || !role) return undefined
    const mine = (await db.assignments.toArray()).filter((a) => a.assignedToId === userId || a.assignedToRole === role)
    const items = []
    // Due soonest first, then newest; the ones without a date after those with one.
    const order = (a: (typeof mine)[number]) => a.dueDate ?? '9999'
    mine.sort((a, b) => order(a).localeCompare(order(b)) || b.createdAt.localeCompare(a.createdAt))
    for (const assignment of mine) {
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
