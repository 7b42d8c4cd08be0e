import type { Expert, ImageUpload } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import type { LocalDb } from '../../db/local-db.ts'
import { enqueueMutation } from '../../sync/outbox.ts'

/**
 * Queues a chat message (the user's message shows at once); the server answers it once, keyed
 * by the message id, and the answer arrives by pull. Without a conversation id a new one starts.
 */
export async function queueChatMessage(
  db: LocalDb,
  input: { conversationId?: string | null; agentId: Expert; query: string; images: ImageUpload[] },
): Promise<{ conversationId: string; messageId: string; mid: string }> {
  const conversationId = input.conversationId ?? uuidv7()
  const messageId = uuidv7()
  const mid = await enqueueMutation(db, {
    type: 'chat.send',
    args: { conversationId, messageId, agentId: input.agentId, query: input.query, images: input.images },
  })
  return { conversationId, messageId, mid }
}

export const renameConversation = (db: LocalDb, id: string, title: string) =>
  enqueueMutation(db, { type: 'conversation.rename', args: { id, title } })

export const deleteConversation = (db: LocalDb, id: string) =>
  enqueueMutation(db, { type: 'conversation.delete', args: { id } })

export const restoreConversation = (db: LocalDb, id: string) =>
  enqueueMutation(db, { type: 'conversation.restore', args: { id } })

export const rateAnswer = (db: LocalDb, messageId: string, rating: 'up' | 'down', comment: string | null) =>
  enqueueMutation(db, { type: 'message.rate', args: { messageId, rating, comment } })
