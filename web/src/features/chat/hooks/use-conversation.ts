import { useDeviceQuery } from '../../../db/device-query.ts'
import { type ConversationView, conversationQuery } from '../queries.ts'

/** A conversation, its messages (oldest first) and what is still queued on this device; undefined while loading. */
export function useConversation(conversationId: string | null): ConversationView | undefined {
  return useDeviceQuery(conversationQuery(conversationId))
}
