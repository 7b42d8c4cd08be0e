/**
 * Client side of POST /api/t/{tenant}/experts/{expert}/stream for a question already queued (its
 * images travel with it through the outbox, so the stream sends JSON only), and hands each parsed `data:` event to `onEvent`. Unparseable events are ignored;
 * a non-OK answer raises "HTTP {status}: {text}" (an ApiError), a cut connection an ApiError with
 * code 'network', and a missing body "No response body".
 */
import { type Expert, type StreamEvent, streamEventSchema } from '@mw/sync-protocol'
import { createParser } from 'eventsource-parser'
import { ApiError, apiFetch } from './api-client.ts'

export interface StreamOptions {
  tenant: string
  expert: Expert
  query: string
  conversationId?: string
  /** A question queued on this device: the server answers it once, and replays that answer to a repeat. */
  messageId?: string
  signal?: AbortSignal
  onEvent: (event: StreamEvent) => void
}

export async function streamExpert(options: StreamOptions): Promise<void> {
  const { tenant, expert, query, conversationId, messageId, signal, onEvent } = options
  const body = { query, filters: { file_subject_type: expert }, conversationId, messageId }

  let res: Response
  try {
    res = await apiFetch('POST', `/api/t/${tenant}/experts/${expert}/stream`, { body, signal })
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      throw new ApiError(error.status, error.code, `HTTP ${error.message}`, error.serverMessage)
    }
    throw error
  }
  if (!res.body) throw new Error('No response body')

  const parser = createParser({
    onEvent(message) {
      let json: unknown
      try {
        json = JSON.parse(message.data)
      } catch {
        return
      }
      const parsed = streamEventSchema.safeParse(json)
      if (parsed.success) onEvent(parsed.data)
    },
  })
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  for (;;) {
    let chunk: ReadableStreamReadResult<string>
    try {
      chunk = await reader.read()
    } catch (cause) {
      if (signal?.aborted) throw cause
      throw new ApiError(0, 'network', '0: The answer stream was cut.', 'The connection dropped during the answer.')
    }
    if (chunk.done) break
    parser.feed(chunk.value)
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}
