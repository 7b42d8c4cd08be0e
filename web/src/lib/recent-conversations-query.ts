import type { AgentId, Conversation } from '@mw/sync-protocol'
import type { DeviceQuery } from '../db/device-query.ts'

/** The `limit` most recently updated conversations, of one expert or all. */
export const recentConversationsQuery = (limit: number, agentId?: AgentId): DeviceQuery<Conversation[]> => ({
  key: `recent-conversations:${limit}:${agentId ?? 'all'}`,
  read: (db) =>
    db.conversations
      .orderBy('updatedAt')
      .reverse()
      .filter((c) => !agentId || c.agentId === agentId)
      .limit(limit)
      .toArray(),
})
