import { liveQuery } from 'dexie'
import type { LocalDb } from '../db/local-db.ts'
import { type SyncStatus, useSyncStore } from './sync-store.ts'

export type MutationResult =
  | 'applied'
  | 'pending'
  | { rejected: true; reason: string; code: string }
  | { conflict: true; reason: string }

/**
 * Waits for the server's answer to one queued mutation (admin screens toast on it). Answers
 * 'pending' as soon as the server is known out of reach, or after `timeoutMs` if the mutation is
 * still queued (it will be sent later), and `unauthorized` as soon as the server says the session
 * is gone (the change stays queued).
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
    const signedOut = () =>
      finish({ rejected: true, reason: 'You are signed out. Sign in again to continue.', code: 'unauthorized' })
    const check = (s: SyncStatus) => {
      if (s.signedOut) signedOut()
      else if (!s.online || navigator.onLine === false) finish('pending')
    }
    const unsubscribeSync = useSyncStore.subscribe(check)
    check(useSyncStore.getState())
    function finish(result: MutationResult) {
      clearTimeout(timer)
      unsubscribeSync()
      queueMicrotask(() => subscription.unsubscribe())
      resolve(result)
    }
  })
}
