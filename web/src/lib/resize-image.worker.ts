/**
 * Scales a photo down to a width off the main thread: a 12 MP camera picture takes longer to
 * decode and draw than a frame lasts, and the tablet must keep answering touches meanwhile.
 */
export interface ResizeRequest {
  id: number
  file: Blob
  maxWidth: number
  type: string
  quality: number
}
export type ResizeAnswer = { id: number; blob: Blob; width: number; height: number } | { id: number; error: string }

self.onmessage = async (event: MessageEvent<ResizeRequest>) => {
  const { id, file, maxWidth, type, quality } = event.data
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    return self.postMessage({ id, error: 'Failed to load image' } satisfies ResizeAnswer)
  }
  try {
    if (bitmap.width <= maxWidth) {
      const answer = { id, blob: file, width: bitmap.width, height: bitmap.height }
      return self.postMessage(answer satisfies ResizeAnswer)
    }
    const width = maxWidth
    const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width))
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d context')
    context.imageSmoothingQuality = 'high'
    context.drawImage(bitmap, 0, 0, width, height)
    const blob = await canvas.convertToBlob({ type, quality })
    self.postMessage({ id, blob, width, height } satisfies ResizeAnswer)
  } catch {
    self.postMessage({ id, error: 'Failed to resize image' } satisfies ResizeAnswer)
  } finally {
    bitmap.close()
  }
}
