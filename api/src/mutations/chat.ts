import {
  type AnswerOrigin,
  type Conversation,
  isExpert,
  type Message,
  type MutationArgs,
  questionHtml,
  type Source,
  titleFromQuestion,
} from '@mw/sync-protocol'
import type { Actor } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { recordChange } from '../db/queries/change-log.ts'
import {
  conversationIdTaken,
  findAnswerTo,
  findFeedback,
  findMessage,
  findOwnConversation,
  findOwnDeletedConversation,
  findOwnMessage,
  insertAnswerIfFirst,
  insertConversation,
  insertMessage,
  messageIdsOf,
  saveFeedback,
  toConversation,
  toMessage,
  touchConversation,
  updateConversation,
} from '../db/queries/conversations.ts'
import { logQuery } from '../db/queries/knowledge.ts'
import { insertMessageImages, type StoredImage } from '../db/queries/message-images.ts'
import { ApiError, idTaken, notFound } from '../errors.ts'
import { htmlToText } from '../experts/html-to-text.ts'
import { newId } from '../lib/ids.ts'
import { sanitizeRichHtml, stripHtml } from '../lib/sanitize.ts'
import { now } from '../lib/time.ts'
import { linkCaseToConversation } from './cases.ts'
import type { MutationOutcome } from './outcome.ts'

/**
 * Stores a user's chat message (creating its conversation on first use). An insert by id:
 * the same message id twice stores it once. Its images (already checked) are stored with it for
 * the answerer. Answering happens after commit (experts/answer-stored-message).
 */
export async function recordUserMessage(
  trx: Db,
  actor: Actor,
  args: Pick<MutationArgs<'chat.send'>, 'conversationId' | 'messageId' | 'agentId' | 'query'> & {
    caseId?: string | null
  },
  images: StoredImage[] = [],
): Promise<MutationOutcome<Message>> {
  const at = now()
  const conversation = await findOwnConversation(trx, actor.tenant, actor.userId, args.conversationId)
  if (!conversation) {
    if (await conversationIdTaken(trx, args.conversationId))
      throw new ApiError('not_found', 'The conversation was not found.', { field: 'conversationId' })
    await insertConversation(trx, {
      id: args.conversationId,
      tenant_slug: actor.tenant,
      user_id: actor.userId,
      agent_id: args.agentId,
      title: titleFromQuestion(args.query),
      status: 'active',
      created_at: at,
      updated_at: at,
    })
    if (args.caseId) await linkCaseToConversation(trx, actor, args.caseId, args.conversationId)
  } else if (conversation.agent_id !== args.agentId) {
    throw new ApiError('invalid_input', `That conversation belongs to the ${conversation.agent_id} expert.`, {
      field: 'conversationId',
    })
  }
  const existing = await findMessage(trx, args.messageId)
  if (existing) {
    if (existing.conversation_id !== args.conversationId) {
      const own = await findOwnConversation(trx, actor.tenant, actor.userId, existing.conversation_id)
      throw idTaken('A message', 'messageId', own !== undefined)
    }
    return { status: 'applied', value: toMessage(existing) }
  }
  await insertMessage(trx, {
    id: args.messageId,
    tenant_slug: actor.tenant,
    conversation_id: args.conversationId,
    role: 'user',
    content: questionHtml(args.query),
    sources_json: '[]',
    reply_to: null,
    created_at: at,
  })
  await insertMessageImages(trx, args.messageId, images)
  await touchConversation(trx, args.conversationId, at)
  await recordChange(trx, actor.tenant, 'conversation', args.conversationId)
  await recordChange(trx, actor.tenant, 'message', args.messageId)
  const row = await findMessage(trx, args.messageId)
  if (!row) throw new Error(`message ${args.messageId} vanished inside its own transaction`)
  return { status: 'applied', value: toMessage(row) }
}

/**
 * Stores an expert's answer to a user message. reply_to is unique, so when two answerers race,
 * the first insert wins and the second gets the stored answer back instead of a duplicate.
 */
export async function recordAssistantMessage(
  trx: Db,
  actor: Actor,
  args: {
    messageId: string
    conversationId: string
    replyTo: string
    content: string
    sources: Source[]
    origin: AnswerOrigin
  },
): Promise<Message> {
  const at = now()
  const inserted = await insertAnswerIfFirst(trx, {
    id: args.messageId,
    tenant_slug: actor.tenant,
    conversation_id: args.conversationId,
    role: 'assistant',
    content: sanitizeRichHtml(args.content),
    sources_json: JSON.stringify(args.sources),
    answer_json: JSON.stringify(args.origin),
    reply_to: args.replyTo,
    created_at: at,
  })
  if (inserted) {
    await touchConversation(trx, args.conversationId, at)
    await recordChange(trx, actor.tenant, 'conversation', args.conversationId)
    await recordChange(trx, actor.tenant, 'message', args.messageId)
    return toMessage(inserted)
  }
  return toMessage(await findAnswerTo(trx, args.replyTo))
}

export async function renameConversation(
  trx: Db,
  actor: Actor,
  args: { id: string; title: string },
): Promise<MutationOutcome<Conversation>> {
  const row = await findOwnConversation(trx, actor.tenant, actor.userId, args.id)
  if (!row) throw notFound('The conversation')
  const title = stripHtml(args.title).trim()
  if (!title) throw new ApiError('invalid_input', 'The title cannot be empty.', { field: 'title' })
  await updateConversation(trx, row.id, { title }, now())
  await recordChange(trx, actor.tenant, 'conversation', row.id)
  const updated = await findOwnConversation(trx, actor.tenant, actor.userId, row.id)
  return { status: 'applied', value: toConversation(updated ?? row) }
}

/** Deletes one of the user's conversations: gone from lists and from every device at the next pull. */
export async function deleteConversation(trx: Db, actor: Actor, args: { id: string }): Promise<MutationOutcome<null>> {
  const row = await findOwnConversation(trx, actor.tenant, actor.userId, args.id)
  if (!row) throw notFound('The conversation')
  const at = now()
  await updateConversation(trx, row.id, { deleted_at: at }, at)
  await recordChange(trx, actor.tenant, 'conversation', row.id)
  for (const messageId of await messageIdsOf(trx, row.id)) await recordChange(trx, actor.tenant, 'message', messageId)
  return { status: 'applied', value: null }
}

/** Brings back one of the user's deleted conversations (the undo of a delete); a live one is left as it is. */
export async function restoreConversation(trx: Db, actor: Actor, args: { id: string }): Promise<MutationOutcome<null>> {
  if (await findOwnConversation(trx, actor.tenant, actor.userId, args.id)) return { status: 'applied', value: null }
  const row = await findOwnDeletedConversation(trx, actor.tenant, actor.userId, args.id)
  if (!row) throw notFound('The conversation')
  await updateConversation(trx, row.id, { deleted_at: null }, now())
  await recordChange(trx, actor.tenant, 'conversation', row.id)
  for (const messageId of await messageIdsOf(trx, row.id)) await recordChange(trx, actor.tenant, 'message', messageId)
  return { status: 'applied', value: null }
}

/** Thumbs up or down (and an optional comment) on an answer in one of the user's conversations. */
export async function rateAnswer(
  trx: Db,
  actor: Actor,
  args: { messageId: string; rating: 'up' | 'down'; comment?: string | undefined },
): Promise<MutationOutcome<{ messageId: string; rating: 'up' | 'down'; comment: string | null; createdAt: string }>> {
  const message = await findOwnMessage(trx, actor.tenant, actor.userId, args.messageId)
  if (!message) throw notFound('The message')
  if (message.role !== 'assistant') {
    throw new ApiError('invalid_input', 'Only an expert answer can be rated.', { field: 'messageId' })
  }
  const at = now()
  const comment = args.comment ? stripHtml(args.comment).trim() || null : null
  const before = await findFeedback(trx, message.id, actor.userId)
  // A thumbs down puts the question in the knowledge-gap report (Reports' low-confidence topics),
  // as a question the manuals did not answer: once per person, not again on a repeated vote.
  const question = message.reply_to ? await findMessage(trx, message.reply_to) : undefined
  if (args.rating === 'down' && before?.rating !== 'down' && question && isExpert(message.agent_id)) {
    await logQuery(trx, {
      id: newId(),
      tenant: actor.tenant,
      userId: actor.userId,
      expert: message.agent_id,
      query: htmlToText(question.content),
      bestScore: 0,
      at,
    })
  }
  await saveFeedback(trx, {
    id: newId(),
    tenant: actor.tenant,
    messageId: message.id,
    userId: actor.userId,
    rating: args.rating,
    comment,
    at,
  })
  return { status: 'applied', value: { messageId: message.id, rating: args.rating, comment, createdAt: at } }
}
