import { isExpert } from '@mw/sync-protocol'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { AppEnv } from '../app-env.ts'
import { messageIdUse } from '../db/queries/expert-answers.ts'
import { ApiError } from '../errors.ts'
import { followAnswer } from '../experts/answer-stored-message.ts'
import { readStreamRequest } from '../experts/stream-request.ts'
import { newId } from '../lib/ids.ts'
import { recordUserMessage } from '../mutations/chat.ts'

/** Answer streams open in this process, each able to end itself with a last event (graceful shutdown). */
const openStreams = new Set<(error: string) => Promise<void>>()

export const SHUTDOWN_STREAM_ERROR =
  'The server is restarting. Your question is saved; its answer arrives when the app reconnects.'

/** Ends every open answer stream with a final error event (its answer is finished after restart). */
export async function endOpenStreams(): Promise<void> {
  await Promise.all([...openStreams].map((end) => end(SHUTDOWN_STREAM_ERROR)))
}

/**
 * POST /:expert/stream: the expert answers over server-sent events. Every refusal (unknown
 * expert, bad body, images, someone else's conversation) is a JSON error before the stream;
 * after it starts, a failure is an `error` event and the stream ends. With the device's message
 * id (a question it queued first) a repeat never asks twice: it follows the running answer from
 * its first event, or replays the stored one.
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
  const messageId = body.messageId ?? newId()
  const earlier = body.messageId ? await messageIdUse(deps.db, actor, body.messageId) : { use: 'free' as const }
  if (earlier.use === 'taken') throw new ApiError('not_found', 'The message was not found.', { field: 'messageId' })
  // A conversation id the device made up starts that conversation; one that is someone else's answers 404 (recordUserMessage).
  const conversationId = earlier.use === 'own' ? earlier.conversationId : (body.conversationId ?? newId())
  await deps.db
    .transaction()
    .execute((trx) =>
      recordUserMessage(trx, actor, { conversationId, messageId, agentId: expert, query: body.query }, images),
    )

  return streamSSE(c, async (stream) => {
    deps.metrics?.answerStreamsOpen.inc()
    stream.onAbort(() => deps.metrics?.answerStreamsOpen.dec())
    // Writes are chained, so a slow or vanished client never holds up the answer itself.
    let written: Promise<void> = Promise.resolve()
    let gone = false
    stream.onAbort(() => {
      gone = true
    })
    let endStream: () => void = () => {}
    const ended = new Promise<void>((resolve) => {
      endStream = resolve
    })
    const end = async (error: string) => {
      if (gone) return
      written = written.then(() => stream.writeSSE({ data: JSON.stringify({ error }) }))
      await written
      gone = true
      endStream()
    }
    openStreams.add(end)
    try {
      await Promise.race([
        followAnswer(deps, actor, messageId, (event) => {
          written = written.then(() => (gone ? undefined : stream.writeSSE({ data: JSON.stringify(event) })))
        }),
        ended,
      ])
      await written
    } finally {
      openStreams.delete(end)
    }
    if (!gone) deps.metrics?.answerStreamsOpen.dec()
  })
})
