import type { AgentId, Conversation } from '@mw/sync-protocol'
import type { DeviceQuery } from '../db/device-query.ts'

/**
 * The `limit` most recently updated conversations, of one expert or all. A device database that
 * cannot be read leaves the list empty (and says why in the console): the screen around it still works.
 */
export const recentConversationsQuery = (limit: number, agentId?: AgentId): DeviceQuery<Conversation[]> => ({
  key: `recent-conversations:${limit}:${agentId ?? 'all'}`,
  read: (db) =>
    db.conversations
      .orderBy('updatedAt')
      .reverse()
      .filter((c) => !agentId || c.agentId === agentId)
      .limit(limit)
      .toArray()
      .catch((error: unknown) => {
        console.warn('Recent conversations could not be read on this device', error)
        return []
      }),
})
