/**
 * Reads the stream request (JSON, or multipart with images) and enforces the attachment limits on the
 * server: at most 3 images, 10 MB each, JPEG/PNG/WebP as decoded and re-encoded by lib/images
 * (the declared type and file name are not trusted). Every refusal happens before the stream starts.
 */
import { LIMITS, type StreamRequest, streamRequestSchema } from '@mw/sync-protocol'
import { ApiError } from '../errors.ts'
import { readForm } from '../lib/form.ts'
import { IMAGE_TOO_LARGE, INVALID_IMAGE_TYPE, reencodeImages } from '../lib/images.ts'
import { validationMessage } from '../lib/validation-message.ts'
import type { QuestionImage } from './generate.ts'

export async function readStreamRequest(request: Request): Promise<{ body: StreamRequest; images: QuestionImage[] }> {
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('application/json')) {
    const json = await request.json().catch(() => {
      throw new ApiError('bad_request', 'The request body is not valid JSON.')
    })
    return { body: parseBody(json), images: [] }
  }
  if (type.includes('multipart/form-data')) {
    const form = await readForm(request)
    if (!form) throw new ApiError('bad_request', 'The form data could not be read. Send the question again.')
    const files = [...form.entries()].filter(([name]) => /^image_\d+$/.test(name)).map(([, value]) => value)
    const uploads: Uint8Array[] = []
    for (const file of files) {
      if (typeof file === 'string')
        throw new ApiError('unsupported_media_type', INVALID_IMAGE_TYPE, { field: 'images' })
      if (file.size > LIMITS.imageMaxBytes)
        throw new ApiError('payload_too_large', IMAGE_TOO_LARGE, { field: 'images' })
      uploads.push(new Uint8Array(await file.arrayBuffer()))
    }
    const images = await reencodeImages(uploads)
    const field = (name: string) => {
      const value = form.get(name)
      return typeof value === 'string' && value !== '' ? value : undefined
    }
    let filters: unknown
    try {
      filters = JSON.parse(field('filters') ?? 'null')
    } catch {
      throw new ApiError('invalid_input', 'filters must be JSON text, e.g. {"file_subject_type":"furuno"}.', {
        field: 'filters',
      })
    }
    const body = parseBody({
      query: field('query'),
      filters,
      conversationId: field('conversationId'),
      messageId: field('messageId'),
    })
    return { body, images }
  }
  throw new ApiError('unsupported_media_type', 'Send the question as JSON or as multipart/form-data.')
}

function parseBody(input: unknown): StreamRequest {
  const parsed = streamRequestSchema.safeParse(input)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const field = issue?.path.join('.') || undefined
  throw new ApiError('invalid_input', validationMessage(issue, field), { field })
}
