/**
 * Answers a stored user message exactly once. Within this process, concurrent callers for the
 * same message share one in-flight answer (so the model is asked once); across processes the
 * unique reply_to keeps a single stored answer. Used by the sync push (offline-sent messages),
 * the boot sweep, and the SSE route when it is given a messageId.
 */
import type { Message } from '@mw/sync-protocol'
import type { AppDeps } from '../app-env.ts'
import type { Actor } from '../auth/actor.ts'
import { toMessage } from '../db/queries/conversations.ts'
import { findAnswer, findUserMessage, unansweredUserMessages } from '../db/queries/expert-answers.ts'
import { findMessageImages } from '../db/queries/message-images.ts'
import { answerQuestion, type Emit } from './answer-question.ts'
import { htmlToText } from './html-to-text.ts'

const inFlight = new Map<string, Promise<Message | null>>()

/** The answer being made for a message in this process, if any. */
export const answerInFlight = (messageId: string) => inFlight.get(messageId)

/** Runs `work` as the one answerer of `messageId`; a second caller gets the first caller's promise. */
export function answerExclusively(messageId: string, work: () => Promise<Message | null>): Promise<Message | null> {
  const running = inFlight.get(messageId)
  if (running) return running
  const promise = work().finally(() => inFlight.delete(messageId))
  inFlight.set(messageId, promise)
  return promise
}

/** Answers a stored message of `actor` (no stream to send to). Resolves to the answer, or null if the message is not theirs. */
export function answerStoredMessage(
  deps: AppDeps,
  actor: Actor,
  messageId: string,
  emit: Emit = () => {},
): Promise<Message | null> {
  return answerExclusively(messageId, async () => {
    const answered = await findAnswer(deps.db, messageId)
    if (answered) return toMessage(answered)
    const message = await findUserMessage(deps.db, actor.tenant, messageId)
    if (!message || message.user_id !== actor.userId) return null
    if (message.agent_id !== 'seakeeper' && message.agent_id !== 'furuno') return null
    return answerQuestion(
      deps,
      actor,
      {
        expert: message.agent_id,
        conversationId: message.conversation_id,
        userMessageId: message.id,
        userMessageCreatedAt: message.created_at,
        query: htmlToText(message.content),
        images: await findMessageImages(deps.db, message.id),
      },
      emit,
      new AbortController().signal,
    )
  })
}

/** AppDeps.onUserMessage: answers in the background after the push committed; failures are logged, the boot sweep retries. */
export const answerInBackground =
  (deps: AppDeps) =>
  (actor: Actor, messageId: string): void => {
    answerStoredMessage(deps, actor, messageId).catch((error: unknown) => {
      if (deps.env.LOG_LEVEL !== 'silent') console.error('Could not answer message', messageId, error)
    })
  }

/** At boot: answers every user message left without an answer (e.g. the server stopped mid-answer). */
export async function answerUnansweredMessages(deps: AppDeps): Promise<number> {
  const pending = await unansweredUserMessages(deps.db)
  let answered = 0
  for (const row of pending) {
    const actor: Actor = { userId: row.user_id, tenant: row.tenant_slug, role: row.role as Actor['role'] }
    try {
      if (await answerStoredMessage(deps, actor, row.id)) answered++
    } catch (error) {
      if (deps.env.LOG_LEVEL !== 'silent') console.error('Could not answer message', row.id, error)
    }
  }
  return answered
}
