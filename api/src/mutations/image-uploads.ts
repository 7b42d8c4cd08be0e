import { type ImageUpload, type Mutation, mutationSchema } from '@mw/sync-protocol'
import { ApiError } from '../errors.ts'
import { type CleanImage, INVALID_IMAGE_TYPE, reencodeImages } from '../lib/images.ts'

const DATA_URL = /^data:image\/[a-z.+-]+;base64,([A-Za-z0-9+/]*={0,2})$/

/** The re-encoded images of each offline chat message in a push, by message id, or why they were refused. */
export type PreparedImages = ReadonlyMap<string, CleanImage[] | ApiError>

/**
 * Decodes and re-encodes the images of every chat message in a push before its transaction
 * opens, so image work never holds the database's write lock. The images are data URLs whose
 * declared type is ignored: lib/images trusts only what libvips decodes.
 */
export async function prepareImages(mutations: unknown[]): Promise<PreparedImages> {
  const prepared = new Map<string, CleanImage[] | ApiError>()
  // One message at a time: a push of many photos takes its turns (lib/images.ts) beside other people's.
  for (const raw of mutations) {
    const m = mutationSchema.safeParse(raw).data as Mutation | undefined
    if (m?.type !== 'chat.send' || m.args.images.length === 0) continue
    const { messageId, images } = m.args
    try {
      prepared.set(messageId, await reencodeImages(images.map(dataUrlBytes)))
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      prepared.set(messageId, error)
    }
  }
  return prepared
}

/** The images prepared for one chat message; throws the refusal if they were refused. */
export function imagesOf(prepared: PreparedImages, messageId: string, uploads: ImageUpload[]): CleanImage[] {
  if (uploads.length === 0) return []
  const images = prepared.get(messageId)
  if (images instanceof ApiError) throw images
  if (!images) throw new Error(`The images of message ${messageId} were not prepared before its push.`)
  return images
}

function dataUrlBytes(upload: ImageUpload): Uint8Array {
  const base64 = DATA_URL.exec(upload.data)?.[1]
  if (base64 === undefined) throw new ApiError('unsupported_media_type', INVALID_IMAGE_TYPE, { field: 'images' })
  return new Uint8Array(Buffer.from(base64, 'base64'))
}
