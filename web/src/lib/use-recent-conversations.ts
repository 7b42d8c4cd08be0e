import type { AgentId } from '@mw/sync-protocol'
import { useDeviceQuery } from '../db/device-query.ts'
import { recentConversationsQuery } from './recent-conversations-query.ts'

export function useRecentConversations(limit: number, agentId?: AgentId) {
  return useDeviceQuery(recentConversationsQuery(limit, agentId))
}
