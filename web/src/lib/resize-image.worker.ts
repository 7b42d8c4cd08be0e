/**
 * Scales a photo down off the main thread: a 12 MP camera picture takes longer to decode and draw
 * than a frame lasts, and the tablet must keep answering touches meanwhile.
 */
import { scaleImage } from './scale-image.ts'

export interface ResizeRequest {
  id: number
  file: Blob
  maxWidth: number
  type: string
  quality: number
}
export type ResizeAnswer = { id: number; blob: Blob; width: number; height: number } | { id: number; error: string }

self.onmessage = async (event: MessageEvent<ResizeRequest>) => {
  const { id, file, ...options } = event.data
  try {
    self.postMessage({ id, ...(await scaleImage(file, options)) } satisfies ResizeAnswer)
  } catch (error) {
    self.postMessage({ id, error: (error as Error).message } satisfies ResizeAnswer)
  }
}
