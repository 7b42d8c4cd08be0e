import type { ResizeAnswer } from './resize-image.worker.ts'

/**
 * The page's side of the resizing worker: one worker for the page's life, answers matched to
 * requests by id. Null where the browser has no worker canvas (then images.ts resizes on the page).
 */
let worker: Worker | null = null
let nextId = 1
const waiting = new Map<number, (answer: ResizeAnswer) => void>()

export const canResizeInWorker = () =>
  typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap === 'function'

function resizer(): Worker {
  if (!worker) {
    // Written out here, not hoisted, so the bundler sees a worker and builds it as one.
    worker = new Worker(new URL('./resize-image.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<ResizeAnswer>) => {
      waiting.get(event.data.id)?.(event.data)
      waiting.delete(event.data.id)
    }
  }
  return worker
}

/** The image no wider than maxWidth (the file itself when it already is), or the reason it failed. */
export function resizeInWorker(
  file: Blob,
  options: { maxWidth: number; type: string; quality: number },
): Promise<ResizeAnswer> {
  const id = nextId++
  return new Promise((resolve) => {
    waiting.set(id, resolve)
    resizer().postMessage({ id, file, ...options })
  })
}
