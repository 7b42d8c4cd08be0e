/**
 * Image attachment rules (docs/PRODUCT.md, Limits): JPEG/PNG/WebP only, 10 MB each, at most 3 per message,
 * wider than 1600 px scaled down proportionally and re-encoded at quality 0.8. Decoding and
 * encoding run in a worker (createImageBitmap + OffscreenCanvas) where the browser has them,
 * keeping the main thread free; otherwise an <img> and a <canvas> on the page.
 */
import { IMAGE_TYPES, type ImageUpload, LIMITS } from '@mw/sync-protocol'
import { canResizeInWorker, resizeInWorker } from './resize-image.ts'

export const IMAGE_TOO_LARGE = 'Image too large. Maximum size is 10MB.'
export const IMAGE_BAD_TYPE = 'Invalid image type. Only JPEG, PNG, and WebP are allowed.'

export class ImageError extends Error {}

export function checkImage(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_BAD_TYPE
  if (file.size > LIMITS.imageMaxBytes) return IMAGE_TOO_LARGE
  return null
}

/** Validates, resizes if needed, and returns the upload as the protocol keeps it (data URL). */
export async function prepareImage(file: File): Promise<ImageUpload> {
  const problem = checkImage(file)
  if (problem) throw new ImageError(problem)
  const blob = await resizeIfWide(file)
  return {
    name: file.name,
    type: blob.type as ImageUpload['type'],
    size: blob.size,
    data: await blobToDataUrl(blob),
  }
}

/** Scaled down to LIMITS.imageMaxWidth, in a worker where the browser can; on the page otherwise. */
export async function resizeIfWide(file: Blob): Promise<Blob> {
  if (canResizeInWorker()) {
    const answer = await resizeInWorker(file, {
      maxWidth: LIMITS.imageMaxWidth,
      type: file.type,
      quality: LIMITS.imageQuality,
    })
    if ('error' in answer) throw new ImageError(answer.error)
    return answer.blob
  }
  const size = await imageSize(file)
  if (size.width <= LIMITS.imageMaxWidth) return file
  const width = LIMITS.imageMaxWidth
  const height = Math.round((size.height * width) / size.width)
  try {
    const img = await loadImage(file)
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    canvas.getContext('2d')?.drawImage(img, 0, 0, width, height)
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new ImageError('Failed to resize image'))),
        file.type,
        LIMITS.imageQuality,
      ),
    )
  } catch (error) {
    if (error instanceof ImageError) throw error
    throw new ImageError('Failed to resize image')
  }
}

async function imageSize(file: Blob): Promise<{ width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file)
      const size = { width: bitmap.width, height: bitmap.height }
      bitmap.close()
      return size
    } catch {
      throw new ImageError('Failed to load image')
    }
  }
  const img = await loadImage(file)
  return { width: img.naturalWidth, height: img.naturalHeight }
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => {
      URL.revokeObjectURL(url)
      resolve(img)
    }
    img.onerror = () => {
      URL.revokeObjectURL(url)
      reject(new ImageError('Failed to load image'))
    }
    img.src = url
  })
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(new ImageError('Failed to load image'))
    reader.readAsDataURL(blob)
  })
}
