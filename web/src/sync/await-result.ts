import { liveQuery } from 'dexie'
import type { LocalDb } from '../db/local-db.ts'

export type MutationResult =
  | 'applied'
  | 'pending'
  | { rejected: true; reason: string; code: string }
  | { conflict: true; reason: string }

/**
 * Waits for the server's answer to one queued mutation (admin screens toast on it). Answers
 * 'pending' after `timeoutMs` if the mutation is still queued (offline: it will be sent later).
 */
export function awaitMutationResult(
  db: LocalDb,
  mid: string,
  { timeoutMs }: { timeoutMs: number },
): Promise<MutationResult> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish('pending'), timeoutMs)
    const subscription = liveQuery(() => db.acks.get(mid)).subscribe({
      next: (ack) => {
        if (!ack) return
        if (ack.status === 'applied' || ack.status === 'duplicate') finish('applied')
        else if (ack.status === 'conflict') finish({ conflict: true, reason: ack.reason ?? '' })
        else finish({ rejected: true, reason: ack.reason ?? '', code: ack.code ?? 'bad_request' })
      },
      error: (error: unknown) => {
        clearTimeout(timer)
        subscription?.unsubscribe()
        reject(error)
      },
    })
    function finish(result: MutationResult) {
      clearTimeout(timer)
      queueMicrotask(() => subscription.unsubscribe())
      resolve(result)
    }
  })
}
