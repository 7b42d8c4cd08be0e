import { type ImageUpload, LIMITS } from '@mw/sync-protocol'
import type { StoredImage } from '../db/queries/message-images.ts'
import { ApiError } from '../errors.ts'
import { IMAGE_TOO_LARGE, INVALID_IMAGE_TYPE, sniffImageType } from '../experts/stream-request.ts'

const DATA_URL = /^data:image\/[a-z.+-]+;base64,([A-Za-z0-9+/]*={0,2})$/

/**
 * The images of an offline chat message (data URLs in the mutation), checked as the stream route
 * checks uploads: at most 3, 10 MB each, JPEG/PNG/WebP proven by their first bytes (the declared
 * type, name and size are not trusted).
 */
export function decodeImageUploads(uploads: ImageUpload[]): StoredImage[] {
  if (uploads.length > LIMITS.imagesPerMessage) {
    throw new ApiError('invalid_input', `At most ${LIMITS.imagesPerMessage} images can be attached to one message.`, {
      field: 'images',
    })
  }
  return uploads.map((upload) => {
    const base64 = DATA_URL.exec(upload.data)?.[1]
    if (base64 === undefined) throw new ApiError('unsupported_media_type', INVALID_IMAGE_TYPE, { field: 'images' })
    const bytes = new Uint8Array(Buffer.from(base64, 'base64'))
    if (bytes.length > LIMITS.imageMaxBytes)
      throw new ApiError('payload_too_large', IMAGE_TOO_LARGE, { field: 'images' })
    const mediaType = sniffImageType(bytes)
    if (!mediaType) throw new ApiError('unsupported_media_type', INVALID_IMAGE_TYPE, { field: 'images' })
    return { bytes, mediaType }
  })
}
