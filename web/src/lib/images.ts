/**
 * Image attachment rules (docs/PRODUCT.md, Limits): JPEG/PNG/WebP only, 10 MB each, at most 3 per message,
 * wider than 1600 px scaled down proportionally and re-encoded at quality 0.8. Decoding and
 * encoding use createImageBitmap + OffscreenCanvas where the browser has them, keeping the main
 * thread free; otherwise an <img> and a <canvas>.
 */
import { IMAGE_TYPES, type ImageUpload, LIMITS } from '@mw/sync-protocol'

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

async function resizeIfWide(file: File): Promise<Blob> {
  const size = await imageSize(file)
  if (size.width <= LIMITS.imageMaxWidth) return file
  const width = LIMITS.imageMaxWidth
  const height = Math.round((size.height * width) / size.width)
  try {
    if (typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap === 'function') {
      const bitmap = await createImageBitmap(file, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' })
      const canvas = new OffscreenCanvas(width, height)
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0)
      bitmap.close()
      return await canvas.convertToBlob({ type: file.type, quality: LIMITS.imageQuality })
    }
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

async function imageSize(file: File): Promise<{ width: number; height: number }> {
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

function loadImage(file: File): Promise<HTMLImageElement> {
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
