/**
 * Answers a stored user message exactly once, and lets any number of streams follow that answer.
 * Within this process one answer runs per message: a stream that joins late first gets every
 * event sent so far, then the rest; a stream that goes away leaves the answer running, so the
 * device gets it by pull. Across processes the unique reply_to keeps a single stored answer.
 * Used by the sync push (queued messages), the boot sweep and the SSE route.
 */
import type { Message, StreamEvent } from '@mw/sync-protocol'
import type { AppDeps } from '../app-env.ts'
import type { Actor } from '../auth/actor.ts'
import { toMessage } from '../db/queries/conversations.ts'
import { findAnswer, findUserMessage, unansweredUserMessages } from '../db/queries/expert-answers.ts'
import { findMessageImages } from '../db/queries/message-images.ts'
import { answerQuestion, type Emit } from './answer-question.ts'
import { htmlToText } from './html-to-text.ts'

const ANSWER_FAILED = 'The answer could not be completed. Ask again; if it keeps failing, tell your administrator.'

type Follower = (event: StreamEvent) => void

interface RunningAnswer {
  events: StreamEvent[]
  followers: Set<Follower>
  finished: Promise<Message | null>
  /** Only the question's author stops it (POST /messages/{id}/stop); nobody else cancels an answer. */
  stop: AbortController
}

const running = new Map<string, RunningAnswer>()

/** The one answer to `messageId` in this process, started if none runs. */
function startAnswer(deps: AppDeps, actor: Actor, messageId: string): RunningAnswer {
  const existing = running.get(messageId)
  if (existing) return existing
  const events: StreamEvent[] = []
  const followers = new Set<Follower>()
  const emit: Emit = (event) => {
    events.push(event)
    for (const follow of followers) follow(event)
  }
  const stop = new AbortController()
  const finished = answerOnce(deps, actor, messageId, emit, stop.signal)
    .catch((error: unknown) => {
      deps.log.error({ err: error, messageId, tenant: actor.tenant }, 'could not answer a message')
      emit({ error: ANSWER_FAILED })
      return null
    })
    .finally(() => running.delete(messageId))
  const answer = { events, followers, finished, stop }
  running.set(messageId, answer)
  return answer
}

async function answerOnce(
  deps: AppDeps,
  actor: Actor,
  messageId: string,
  emit: Emit,
  signal: AbortSignal,
): Promise<Message | null> {
  const message = await findUserMessage(deps.db, actor.tenant, messageId)
  if (!message || message.user_id !== actor.userId) return null
  if (message.agent_id !== 'seakeeper' && message.agent_id !== 'furuno') return null
  const stored = await findAnswer(deps.db, messageId)
  if (stored) {
    const answer = toMessage(stored)
    emit({ meta: { contexts: answer.metadata.sources } })
    emit({ text: answer.content })
    emit({ done: true, conversationId: message.conversation_id })
    return answer
  }
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
    signal,
  )
}

const STOP_TOPIC = 'answer.stop'
/** How long a stop asked of another instance waits for that instance to store the stopped answer. */
const STOP_WAIT_MS = 5000

/** Every instance stops the answer it is writing when any instance is asked to (POST /messages/{id}/stop). */
export function listenForStops(deps: AppDeps): () => void {
  return deps.signals?.subscribe(STOP_TOPIC, (messageId) => running.get(messageId)?.stop.abort()) ?? (() => {})
}

/**
 * Stops the answer being written to one of the actor's questions, by this instance or another;
 * what had arrived is stored as the answer, marked stopped. An answer already finished is
 * returned as it is; null when the question is not theirs or no answer is being written.
 */
export async function stopAnswer(deps: AppDeps, actor: Actor, messageId: string): Promise<Message | null> {
  const message = await findUserMessage(deps.db, actor.tenant, messageId)
  if (!message || message.user_id !== actor.userId) return null
  const answer = running.get(messageId)
  if (answer) {
    answer.stop.abort()
    return answer.finished
  }
  const stored = await findAnswer(deps.db, messageId)
  if (stored || !deps.signals?.shared) return stored ? toMessage(stored) : null
  await deps.signals.publish(STOP_TOPIC, messageId)
  for (let waited = 0; waited < STOP_WAIT_MS; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const stopped = await findAnswer(deps.db, messageId)
    if (stopped) return toMessage(stopped)
  }
  return null
}

/** Answers a stored message of `actor` (or returns the stored answer); null if the message is not theirs or the answer failed. */
export function answerStoredMessage(deps: AppDeps, actor: Actor, messageId: string): Promise<Message | null> {
  return startAnswer(deps, actor, messageId).finished
}

/**
 * Sends `follow` every event of the answer to `messageId`, from its first, and resolves when the
 * answer is finished. Starts the answer if none is running or stored.
 */
export async function followAnswer(deps: AppDeps, actor: Actor, messageId: string, follow: Follower): Promise<void> {
  const answer = startAnswer(deps, actor, messageId)
  for (const event of answer.events) follow(event)
  answer.followers.add(follow)
  try {
    await answer.finished
  } finally {
    answer.followers.delete(follow)
  }
}

/** AppDeps.onUserMessage: answers in the background after the push committed; the boot sweep retries failures. */
export const answerInBackground =
  (deps: AppDeps) =>
  (actor: Actor, messageId: string): void => {
    void answerStoredMessage(deps, actor, messageId)
  }

/** At boot: answers every user message left without an answer (e.g. the server stopped mid-answer). */
export async function answerUnansweredMessages(deps: AppDeps): Promise<number> {
  const pending = await unansweredUserMessages(deps.db)
  let answered = 0
  for (const row of pending) {
    const actor: Actor = { userId: row.user_id, tenant: row.tenant_slug, role: row.role as Actor['role'] }
    if (await answerStoredMessage(deps, actor, row.id)) answered++
  }
  return answered
}
