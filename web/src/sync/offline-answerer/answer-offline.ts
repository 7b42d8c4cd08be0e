import type { Source } from '@mw/sync-protocol'
import type { OfflineQuestion } from './offline-answer.worker.ts'

/**
 * The offline answerer: a Web Worker answering from the manuals kept on this device. Not in the
 * install precache (few devices keep manuals): a device that keeps some fetches it while online
 * (`cacheOfflineAnswerer`), and the service worker keeps it for the answers at sea.
 */
let worker: Worker | null = null
let nextId = 1
/** An answer from the kept manuals; `focus` names the case's units whose manuals were cited first. */
export type OfflineResult = { content: string; sources: Source[]; focus: string[] }

const waiting = new Map<number, (result: OfflineResult | null) => void>()

function answerer(): Worker {
  if (!worker) {
    // Written out here, not hoisted, so the bundler sees a worker and builds it as one.
    worker = new Worker(new URL('./offline-answer.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<{ id: number; result: OfflineResult | null }>) => {
      waiting.get(event.data.id)?.(event.data.result)
      waiting.delete(event.data.id)
    }
    // A script that could not be loaded (the device went to sea before a chunk of it was kept) answers
    // nothing: the questions wait for the server, and the next one tries the answerer again.
    worker.onerror = () => {
      for (const resolve of waiting.values()) resolve(null)
      waiting.clear()
      worker?.terminate()
      worker = null
    }
  }
  return worker
}

/** An answer from the manuals kept on this device (null when this expert's manuals are not kept). */
export function answerOffline(question: Omit<OfflineQuestion, 'id'>): Promise<OfflineResult | null> {
  const id = nextId++
  return new Promise((resolve) => {
    waiting.set(id, resolve)
    answerer().postMessage({ ...question, id })
  })
}

/** Starts the answerer while online, so its script is fetched (and kept by the service worker) before the device goes to sea. */
export function cacheOfflineAnswerer(): void {
  answerer()
}
