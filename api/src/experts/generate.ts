import type { AnswerOrigin, ExpertModelConfig } from '@mw/sync-protocol'
import { type ModelMessage, streamText } from 'ai'
import type { ModelPrompt } from './prompt.ts'
import type { ConfiguredModel } from './providers.ts'

export interface QuestionImage {
  bytes: Uint8Array
  mediaType: string
}

/** A model that has not sent its first token by then is treated as down and the next one answers. */
const FIRST_TOKEN_TIMEOUT_MS = 30_000

/**
 * Streams the answer's text from the first model in the chain that starts answering; a model
 * that fails before its first token hands over to the next, and `local` (the extractive answer)
 * comes last, so there is always an answer. A failure after the first token is thrown.
 */
export async function* generateAnswer(
  chain: ConfiguredModel[],
  prompt: ModelPrompt,
  images: QuestionImage[],
  settings: Pick<ExpertModelConfig, 'temperature' | 'maxOutputTokens'>,
  local: () => string[],
  signal: AbortSignal,
  origin: Omit<AnswerOrigin, 'stopped'>,
): AsyncGenerator<string> {
  const failed: string[] = []
  for (const { model, label, role } of chain) {
    let started = false
    const attempt = new AbortController()
    const abort = () => attempt.abort(signal.reason)
    signal.addEventListener('abort', abort)
    const timer = setTimeout(() => attempt.abort(new Error('first token timeout')), FIRST_TOKEN_TIMEOUT_MS)
    try {
      for await (const delta of modelStream(model, prompt, images, settings, attempt.signal)) {
        if (!started) {
          clearTimeout(timer)
          Object.assign(origin, {
            by: role,
            model: label,
            reason: role === 'fallback' ? joinReasons(origin, failed) : null,
          })
        }
        started = true
        yield delta
      }
      if (started) return
      failed.push(`${label} sent no answer.`)
    } catch (error) {
      if (started || signal.aborted) throw error
      failed.push(attempt.signal.aborted ? `${label} did not answer in time.` : `${label} could not be reached.`)
    } finally {
      clearTimeout(timer)
      signal.removeEventListener('abort', abort)
      // Also when the caller stopped reading (an answer cut at its length): the model's connection closes.
      attempt.abort()
    }
  }
  Object.assign(origin, { by: 'local', model: null, reason: joinReasons(origin, failed) })
  for (const line of local()) {
    if (signal.aborted) throw signal.reason
    yield `${line}\n`
  }
}

/** What the caller already knew (models left out of the chain) and what failed here, as one sentence list. */
const joinReasons = (origin: Omit<AnswerOrigin, 'stopped'>, failed: string[]) =>
  [origin.reason, ...failed].filter(Boolean).join(' ') || null

async function* modelStream(
  model: ConfiguredModel['model'],
  prompt: ModelPrompt,
  images: QuestionImage[],
  settings: Pick<ExpertModelConfig, 'temperature' | 'maxOutputTokens'>,
  signal: AbortSignal,
): AsyncGenerator<string> {
  const messages: ModelMessage[] = [
    {
      role: 'user',
      content: [
        { type: 'text', text: prompt.user },
        ...images.map((image) => ({ type: 'file' as const, data: image.bytes, mediaType: image.mediaType })),
      ],
    },
  ]
  const result = streamText({
    model,
    instructions: prompt.system,
    messages,
    temperature: settings.temperature,
    maxOutputTokens: settings.maxOutputTokens,
    abortSignal: signal,
    // The fallback chain is the retry: waiting out backoff on a failing primary only delays the answer.
    maxRetries: 0,
    onError: () => {},
  })
  for await (const part of result.stream) {
    if (part.type === 'text-delta') yield part.text
    else if (part.type === 'error') throw part.error
    else if (part.type === 'abort') throw signal.reason ?? new Error('aborted')
  }
}
