/**
 * Every image a user sends is decoded and re-encoded here before it is stored or shown to a
 * model: only libvips' JPEG, PNG and WebP loaders may run (SVG, PDF, HEIF, TIFF and the rest are
 * blocked), the decoded format is the only one trusted, the pixel count is capped before
 * decoding (decompression bombs), orientation is applied and then all metadata (EXIF with GPS,
 * XMP, ICC, comments) is dropped, and anything appended to the file (a PNG/HTML polyglot) is
 * gone because only the pixels are written out. libvips does the work on libuv's thread pool,
 * off the event loop.
 */
import { LIMITS } from '@mw/sync-protocol'
import sharp from 'sharp'
import { ApiError } from '../errors.ts'

export const IMAGE_TOO_LARGE = 'Image too large. Maximum size is 10MB.'
export const INVALID_IMAGE_TYPE = 'Invalid image type. Only JPEG, PNG, and WebP are allowed.'
export const MAX_IMAGE_PIXELS = 50_000_000
export const IMAGE_TOO_MANY_PIXELS = 'This image has too many pixels (at most 50 megapixels). Send a smaller photo.'
/** Wider images are scaled down proportionally (the spec's clients do it too). */
const MAX_IMAGE_WIDTH = 1600

sharp.block({ operation: ['VipsForeignLoad'] })
sharp.unblock({ operation: ['VipsForeignLoadJpegBuffer', 'VipsForeignLoadPngBuffer', 'VipsForeignLoadWebpBuffer'] })
sharp.cache(false)

export interface CleanImage {
  bytes: Uint8Array
  mediaType: 'image/jpeg' | 'image/png' | 'image/webp'
}

const refuse = (code: 'payload_too_large' | 'unsupported_media_type', message: string) =>
  new ApiError(code, message, { field: 'images' })

/**
 * Image jobs (re-encoding, the report's scaling) run at once, server-wide. libvips runs on libuv's
 * pool of four threads, which file reads, compression and DNS lookups share: a push of 150 photos
 * once held all four for half a minute. The others wait their turn.
 */
const AT_ONCE = 2
let working = 0
const waiting: (() => void)[] = []

export async function inImageTurn<T>(work: () => Promise<T>): Promise<T> {
  if (working < AT_ONCE) working++
  else await new Promise<void>((resolve) => waiting.push(resolve))
  try {
    return await work()
  } finally {
    // The turn passes straight to the next in line, or is given back.
    const next = waiting.shift()
    if (next) next()
    else working--
  }
}

export function reencodeImage(input: Uint8Array): Promise<CleanImage> {
  if (input.length > LIMITS.imageMaxBytes) return Promise.reject(refuse('payload_too_large', IMAGE_TOO_LARGE))
  return inImageTurn(() => reencode(input))
}

async function reencode(input: Uint8Array): Promise<CleanImage> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false } as const
  let format: string | undefined
  let pixels = 0
  try {
    const meta = await sharp(input, { ...options, limitInputPixels: false }).metadata()
    format = meta.format
    pixels = (meta.width ?? 0) * (meta.height ?? 0)
  } catch {
    throw refuse('unsupported_media_type', INVALID_IMAGE_TYPE)
  }
  if (pixels > MAX_IMAGE_PIXELS) throw refuse('payload_too_large', IMAGE_TOO_MANY_PIXELS)
  const pipeline = sharp(input, options).autoOrient().resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
  try {
    if (format === 'jpeg') return { bytes: await pipeline.jpeg({ quality: 80 }).toBuffer(), mediaType: 'image/jpeg' }
    if (format === 'png') return { bytes: await pipeline.png().toBuffer(), mediaType: 'image/png' }
    if (format === 'webp') return { bytes: await pipeline.webp({ quality: 80 }).toBuffer(), mediaType: 'image/webp' }
  } catch {
    // A header that decodes and pixel data that does not: the file is damaged or crafted.
  }
  throw refuse('unsupported_media_type', INVALID_IMAGE_TYPE)
}

export async function reencodeImages(inputs: Uint8Array[]): Promise<CleanImage[]> {
  if (inputs.length > LIMITS.imagesPerMessage) {
    throw new ApiError('invalid_input', `At most ${LIMITS.imagesPerMessage} images can be attached to one message.`, {
      field: 'images',
    })
  }
  return Promise.all(inputs.map(reencodeImage))
}
