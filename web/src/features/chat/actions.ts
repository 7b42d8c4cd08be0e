import { type Expert, type ImageUpload, LIMITS, type Source } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import type { LocalDb } from '../../db/local-db.ts'
import { enqueueMutation, enqueueMutations, type NewMutation } from '../../sync/outbox.ts'

/**
 * Queues a chat message (the user's message shows at once); the server answers it once, keyed
 * by the message id, and the answer arrives by pull. Without a conversation id a new one starts.
 */
export async function queueChatMessage(
  db: LocalDb,
  input: {
    conversationId?: string | null
    agentId: Expert
    query: string
    images: ImageUpload[]
    caseId?: string | null
  },
): Promise<{ conversationId: string; messageId: string; mid: string }> {
  const conversationId = input.conversationId ?? uuidv7()
  const messageId = uuidv7()
  const mid = await enqueueMutation(db, {
    type: 'chat.send',
    args: {
      conversationId,
      messageId,
      agentId: input.agentId,
      query: input.query,
      images: input.images,
      caseId: input.caseId ?? null,
    },
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

/**
 * Adds an answer, with its sources as links, as a note on a case, or on a new case opened from
 * this conversation; through the outbox like every write, so it works offline.
 */
export async function addAnswerToCase(
  db: LocalDb,
  target: { caseId: string } | { newCase: { title: string; expert: Expert; conversationId: string | null } },
  answer: { text: string; sources: Source[] },
): Promise<{ caseId: string; mids: string[] }> {
  const caseId = 'caseId' in target ? target.caseId : uuidv7()
  const links = answer.sources.map((s) => {
    const where = [s.section, s.page ? `page ${s.page}` : null].filter(Boolean).join(', ')
    return `- ${s.title}${where ? ` (${where})` : ''}${s.url ? `: ${s.url}` : ''}`
  })
  const body = [answer.text.trim(), links.length ? `Sources:\n${links.join('\n')}` : ''].filter(Boolean).join('\n\n')
  const text = `[${new Date().toLocaleString()}] ${body}`.slice(0, LIMITS.noteMaxChars)
  const note: NewMutation = { type: 'case.appendNote', args: { caseId, noteId: uuidv7(), text } }
  const mutations: NewMutation[] =
    'caseId' in target
      ? [note]
      : [
          {
            type: 'case.create',
            args: { id: caseId, description: '', tags: [], ...target.newCase },
          },
          note,
        ]
  return { caseId, mids: await enqueueMutations(db, mutations) }
}
