/**
 * Answers one stored user message: retrieve, log the query, send the sources, stream the answer
 * from the tenant's models (or the local answerer) as sanitised HTML blocks, store it, send done.
 * Both the SSE route and the offline-message path run this; the caller owns deduplication.
 */
import type { AnswerOrigin, Expert, Message, StreamEvent } from '@mw/sync-protocol'
import { localAnswerLines, TOP_K } from '@mw/sync-protocol/retrieval'
import type { AppDeps } from '../app-env.ts'
import type { Actor } from '../auth/actor.ts'
import { messagesBefore } from '../db/queries/expert-answers.ts'
import { logQuery } from '../db/queries/knowledge.ts'
import { findTenant, parseModels } from '../db/queries/tenants.ts'
import { denseSearch } from '../embeddings/dense-search.ts'
import { newId } from '../lib/ids.ts'
import { now } from '../lib/time.ts'
import { recordAssistantMessage } from '../mutations/chat.ts'
import { HtmlBlockBuffer } from './answer-html.ts'
import { equipmentFocus } from './equipment-focus.ts'
import { generateAnswer, type QuestionImage } from './generate.ts'
import { htmlToText } from './html-to-text.ts'
import { buildPrompt, type PromptTurn } from './prompt.ts'
import { modelChain } from './providers.ts'
import { retrieve } from './retrieve.ts'

/** How many nearest passages by meaning join the word search's pool. */
const DENSE_HITS = 50
/** More than any answer may hold (maxOutputTokens is at most 4000 tokens, a few characters each). */
const MAX_ANSWER_CHARS = 64 * 1024

export interface QuestionToAnswer {
  expert: Expert
  conversationId: string
  userMessageId: string
  userMessageCreatedAt: string
  query: string
  images: QuestionImage[]
}

export type Emit = (event: StreamEvent) => void

const HISTORY_MESSAGES = 6

export async function answerQuestion(
  deps: AppDeps,
  actor: Actor,
  question: QuestionToAnswer,
  emit: Emit,
  signal: AbortSignal,
): Promise<Message> {
  const { db, env } = deps
  const focus = await equipmentFocus(db, actor, question.expert, question.conversationId)
  const retrieval = await retrieve(db, actor.tenant, question.expert, question.query, TOP_K, {
    dense: (query) => denseSearch(deps, actor.tenant, question.expert, query, DENSE_HITS),
    preferDocuments: focus?.documents,
  })
  await logQuery(db, {
    id: newId(),
    tenant: actor.tenant,
    userId: actor.userId,
    expert: question.expert,
    query: question.query,
    bestScore: retrieval.bestScore,
    at: now(),
  })
  await emit({ meta: { contexts: retrieval.sources } })

  const earlier = await messagesBefore(
    db,
    question.conversationId,
    question.userMessageCreatedAt,
    question.userMessageId,
    HISTORY_MESSAGES,
  )
  const history: PromptTurn[] = earlier.map((m) => ({
    role: m.role === 'user' ? 'user' : 'assistant',
    text: htmlToText(m.content),
  }))
  const tenant = await findTenant(db, actor.tenant)
  const config = parseModels(tenant ?? { models_json: '{}' })[question.expert]
  const prompt = buildPrompt(question.expert, retrieval.sources, history, question.query)
  const local = () => localAnswerLines(question.expert, retrieval, question.images.length > 0)

  const buffer = new HtmlBlockBuffer()
  let content = ''
  const { chain, skipped } = modelChain(config, env)
  const origin: AnswerOrigin = { by: 'local', model: null, reason: skipped.join(' ') || null, stopped: false }
  // Said only when one of those manuals is among the sources: otherwise they were searched in vain.
  if (focus && retrieval.sources.some((s) => s.documentId && focus.documents.has(s.documentId))) {
    origin.focus = focus.units
  }
  const labels = { expert: question.expert, provider: chain[0]?.label.split(':')[0] ?? 'local' }
  const started = performance.now()
  const send = async (html: string) => {
    if (!html) return
    if (!content) deps.metrics?.answerFirstEvent.observe(labels, (performance.now() - started) / 1000)
    content += html
    await emit({ text: html })
  }
  let received = 0
  try {
    for await (const delta of generateAnswer(chain, prompt, question.images, config, local, signal, origin)) {
      received += delta.length
      // A server that streams on past any answer a model may write is cut off: what arrived is kept, marked stopped.
      if (received > MAX_ANSWER_CHARS) {
        origin.stopped = true
        break
      }
      await send(buffer.push(delta))
    }
  } catch (error) {
    // Stopped by its author: what had arrived is kept as the answer, marked stopped.
    if (!signal.aborted) throw error
    origin.stopped = true
  }
  await send(buffer.end())
  const stored = await db.transaction().execute((trx) =>
    recordAssistantMessage(trx, actor, {
      messageId: newId(),
      conversationId: question.conversationId,
      replyTo: question.userMessageId,
      content,
      sources: retrieval.sources,
      origin,
    }),
  )
  deps.metrics?.answerDuration.observe(labels, (performance.now() - started) / 1000)
  await emit({ done: true, conversationId: question.conversationId })
  return stored
}
