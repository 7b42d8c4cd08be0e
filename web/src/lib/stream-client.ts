/**
 * Client side of POST /api/t/{tenant}/experts/{expert}/stream: sends JSON, or multipart when images
 * are attached, and hands each parsed `data:` event to `onEvent`. Unparseable events are ignored;
 * a non-OK answer raises "HTTP {status}: {text}" and a missing body "No response body".
 */
import { type Expert, type ImageUpload, type StreamEvent, streamEventSchema } from '@mw/sync-protocol'
import { createParser } from 'eventsource-parser'
import { ApiError, apiFetch } from './api-client.ts'
import { dataUrlToBlob } from './images.ts'

export interface StreamOptions {
  tenant: string
  expert: Expert
  query: string
  conversationId?: string
  images?: ImageUpload[]
  signal?: AbortSignal
  onEvent: (event: StreamEvent) => void
}

export async function streamExpert(options: StreamOptions): Promise<void> {
  const { tenant, expert, query, conversationId, images = [], signal, onEvent } = options
  const filters = { file_subject_type: expert }
  let body: unknown
  if (images.length > 0) {
    const form = new FormData()
    form.set('query', query)
    form.set('filters', JSON.stringify(filters))
    if (conversationId) form.set('conversationId', conversationId)
    images.forEach((image, i) => {
      form.set(`image_${i}`, dataUrlToBlob(image.data), image.name)
    })
    body = form
  } else {
    body = conversationId ? { query, filters, conversationId } : { query, filters }
  }

  let res: Response
  try {
    res = await apiFetch('POST', `/api/t/${tenant}/experts/${expert}/stream`, { body, signal })
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) throw new Error(`HTTP ${error.message}`)
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
    const { done, value } = await reader.read()
    if (done) break
    parser.feed(value)
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}
