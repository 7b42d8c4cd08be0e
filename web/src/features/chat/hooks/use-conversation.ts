import { useLiveQuery } from 'dexie-react-hooks'
import { useLocalDb } from '../../../db/local-db-context.tsx'

/** A conversation, its messages (oldest first) and the ids still queued on this device; undefined while loading. */
export function useConversation(conversationId: string | null) {
  const db = useLocalDb()
  return useLiveQuery(async () => {
    if (!conversationId) return { id: null, conversation: null, messages: [], unsent: new Set<string>() }
    const [conversation, messages, queued] = await Promise.all([
      db.conversations.get(conversationId),
      db.messages
        .where('[conversationId+createdAt]')
        .between([conversationId, ''], [conversationId, '\uffff'])
        .toArray(),
      db.outbox.where('state').equals('pending').toArray(),
    ])
    const unsent = new Set(queued.flatMap((e) => (e.type === 'chat.send' ? [e.args.messageId] : [])))
    return { id: conversationId, conversation: conversation ?? null, messages, unsent }
  }, [db, conversationId])
}
