/**
 * What a case attachment may be: a photo (JPEG, PNG or WebP, decoded and re-encoded by
 * lib/images.ts, so its metadata such as GPS positions is gone) or a PDF (its bytes proven to be
 * one). The name and declared type are not trusted.
 */
import { LIMITS } from '@mw/sync-protocol'
import { cleanFileName, contentMatches } from '../documents/file-types.ts'
import { ApiError } from '../errors.ts'
import { reencodeImage } from '../lib/images.ts'

const ACCEPTED = 'Attach a photo (JPEG, PNG or WebP) or a PDF.'

export async function cleanAttachment(
  rawName: string,
  bytes: Uint8Array,
): Promise<{ fileName: string; contentType: string; bytes: Uint8Array }> {
  if (bytes.length === 0) throw new ApiError('invalid_input', 'The file is empty.', { field: 'file' })
  const name = cleanFileName(rawName) || 'attachment'
  if (contentMatches('application/pdf', bytes.subarray(0, 1024))) {
    if (bytes.length > LIMITS.attachmentPdfMaxBytes) {
      throw new ApiError('payload_too_large', 'A PDF attachment can be at most 25 MB.', { field: 'file' })
    }
    return { fileName: withExtension(name, '.pdf'), contentType: 'application/pdf', bytes }
  }
  const image = await reencodeImage(bytes).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'payload_too_large') throw error
    throw new ApiError('unsupported_media_type', ACCEPTED, { field: 'file' })
  })
  const ext = image.mediaType === 'image/jpeg' ? '.jpg' : image.mediaType === 'image/png' ? '.png' : '.webp'
  return { fileName: withExtension(name, ext), contentType: image.mediaType, bytes: image.bytes }
}

/** The kept name says what the bytes are, whatever the sender called them. */
const withExtension = (name: string, ext: string) => `${name.replace(/\.[A-Za-z0-9]{1,8}$/, '')}${ext}`
