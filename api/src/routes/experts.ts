import { EXPERTS, type Expert, type StreamEvent } from '@mw/sync-protocol'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { AppEnv } from '../app-env.ts'
import { toMessage } from '../db/queries/conversations.ts'
import { findAnswer, findUserMessage } from '../db/queries/expert-answers.ts'
import { ApiError } from '../errors.ts'
import { answerQuestion } from '../experts/answer-question.ts'
import { answerExclusively } from '../experts/answer-stored-message.ts'
import { readStreamRequest } from '../experts/stream-request.ts'
import { newId } from '../lib/ids.ts'
import { recordUserMessage } from '../mutations/chat.ts'

const isExpert = (value: string): value is Expert => (EXPERTS as readonly string[]).includes(value)

/**
 * POST /:expert/stream: the expert answers over server-sent events. Every refusal (unknown
 * expert, bad body, images, someone else's conversation) is a JSON error before the stream;
 * after it starts, a failure is an `error` event and the stream ends.
 */
export const expertRoutes = new Hono<AppEnv>().post('/:expert/stream', async (c) => {
  const deps = c.get('deps')
  const actor = c.get('actor')
  const expert = c.req.param('expert')
  if (!isExpert(expert)) {
    throw new ApiError(
      'not_found',
      expert === 'master'
        ? 'The Master expert is coming soon and cannot answer yet.'
        : `There is no expert called "${expert}".`,
    )
  }
  const { body, images } = await readStreamRequest(c.req.raw)
  if (body.filters.file_subject_type !== expert) {
    throw new ApiError('invalid_input', `filters.file_subject_type must be "${expert}" for this expert.`, {
      field: 'filters.file_subject_type',
    })
  }
  // A conversation id the device made up starts that conversation; one that is someone else's answers 404 (recordUserMessage).
  const conversationId = body.conversationId ?? newId()
  const messageId = body.messageId ?? newId()
  if (body.messageId) {
    const existing = await findUserMessage(deps.db, actor.tenant, body.messageId)
    const taken = await deps.db.selectFrom('messages').select('id').where('id', '=', body.messageId).executeTakeFirst()
    if ((existing && existing.user_id !== actor.userId) || (!existing && taken)) {
      throw new ApiError('not_found', 'The message was not found.', { field: 'messageId' })
    }
  }
  const { value: userMessage } = await deps.db
    .transaction()
    .execute((trx) => recordUserMessage(trx, actor, { conversationId, messageId, agentId: expert, query: body.query }))

  return streamSSE(c, async (stream) => {
    const controller = new AbortController()
    const abort = () => controller.abort(new Error('The client went away.'))
    stream.onAbort(abort)
    c.req.raw.signal.addEventListener('abort', abort)
    const emit = async (event: StreamEvent) => {
      if (!controller.signal.aborted) await stream.writeSSE({ data: JSON.stringify(event) })
    }
    try {
      let answeredHere = false
      await answerExclusively(messageId, async () => {
        const stored = await findAnswer(deps.db, messageId)
        if (stored) return toMessage(stored)
        answeredHere = true
        return answerQuestion(
          deps,
          actor,
          {
            expert,
            conversationId,
            userMessageId: messageId,
            userMessageCreatedAt: userMessage.createdAt,
            query: body.query,
            images,
          },
          emit,
          controller.signal,
        )
      })
      if (!answeredHere) {
        // Answered before (a replayed request) or by another caller at the same time: send the stored answer.
        const stored = await findAnswer(deps.db, messageId)
        if (!stored) throw new Error('no stored answer after answering')
        const answer = toMessage(stored)
        await emit({ meta: { contexts: answer.metadata.sources } })
        await emit({ text: answer.content })
        await emit({ done: true, conversationId })
      }
    } catch (error) {
      if (controller.signal.aborted) return
      if (deps.env.LOG_LEVEL !== 'silent') console.error('Expert answer failed', expert, messageId, error)
      await emit({
        error: 'The answer could not be completed. Ask again; if it keeps failing, tell your administrator.',
      })
    }
  })
})
