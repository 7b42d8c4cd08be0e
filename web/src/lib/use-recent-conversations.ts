import type { AgentId } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { useLocalDb } from '../db/local-db-context.tsx'

export function useRecentConversations(limit: number, agentId?: AgentId) {
  const db = useLocalDb()
  return useLiveQuery(
    () =>
      db.conversations
        .orderBy('updatedAt')
        .reverse()
        .filter((c) => !agentId || c.agentId === agentId)
        .limit(limit)
        .toArray(),
    [db, limit, agentId],
  )
}
