import type { Conversation, ImageUpload, Message } from '@mw/sync-protocol'
import type { DeviceQuery } from '../../db/device-query.ts'

export interface ConversationView {
  id: string | null
  conversation: Conversation | null
  messages: Message[]
  /** Questions still waiting to reach the server. */
  unsent: Set<string>
  /** The images of questions still in the outbox (the server keeps them for the answerer only). */
  images: Map<string, ImageUpload[]>
}

/** A conversation, its messages (oldest first) and what is still queued on this device. */
export const conversationQuery = (conversationId: string | null): DeviceQuery<ConversationView> => ({
  key: `conversation:${conversationId ?? ''}`,
  read: async (db) => {
    if (!conversationId) {
      return { id: null, conversation: null, messages: [], unsent: new Set<string>(), images: new Map() }
    }
    const [conversation, messages, queued] = await Promise.all([
      db.conversations.get(conversationId),
      db.messages
        .where('[conversationId+createdAt]')
        .between([conversationId, ''], [conversationId, '\uffff'])
        .toArray(),
      db.outbox.toArray(),
    ])
    const unsent = new Set<string>()
    const images = new Map<string, ImageUpload[]>()
    for (const e of queued) {
      if (e.type !== 'chat.send' || e.args.conversationId !== conversationId) continue
      if (e.state === 'pending') unsent.add(e.args.messageId)
      if (e.args.images.length > 0) images.set(e.args.messageId, e.args.images)
    }
    return { id: conversationId, conversation: conversation ?? null, messages, unsent, images }
  },
})
