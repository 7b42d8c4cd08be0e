import { create } from 'zustand'
import type { OutboxEntry } from '../db/local-db.ts'
import { storageProblemOf } from './storage-problem.ts'

/** A change the server refused or that lost a conflict, shown to its author with the reason. */
export interface SyncProblem {
  mid: string
  type: OutboxEntry['type']
  state: 'rejected' | 'conflict'
  reason: string
  createdAt: string
}

export interface SyncStatus {
  /** Whether the last attempt reached the server (navigator.onLine alone is not trusted). */
  online: boolean
  syncing: boolean
  pending: number
  oldestPendingAt: string | null
  lastSyncedAt: string | null
  /** Set on 401: the queue waits, intact, until the user signs in again. */
  pausedForAuth: string | null
  /** The server answered 401: the session is gone (pausedForAuth says so in words). */
  signedOut: boolean
  problems: SyncProblem[]
  /** A full disk or an evicted database, in words the user can act on. */
  storageProblem: string | null
  lastError: string | null
  /** Syncs at once; resolves whether the server was reached (false: no network, the change waits). */
  syncNow: () => Promise<boolean>
  retry: (mid: string) => void
  discard: (mid: string) => void
}

/** What the shell shows about sync. Rows themselves stay in Dexie; this holds only status. */
export const useSyncStore = create<SyncStatus>(() => ({
  online: true,
  syncing: false,
  pending: 0,
  oldestPendingAt: null,
  lastSyncedAt: null,
  pausedForAuth: null,
  signedOut: false,
  problems: [],
  storageProblem: null,
  lastError: null,
  syncNow: async () => false,
  retry: () => {},
  discard: () => {},
}))

/** Records a storage failure so the shell shows it instead of the screen failing silently; answers whether `error` was one. */
export function reportStorageProblem(error: unknown): boolean {
  const message = storageProblemOf(error)
  if (message) useSyncStore.setState({ storageProblem: message })
  return message !== null
}
