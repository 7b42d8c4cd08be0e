import { TIMINGS } from '@mw/sync-protocol'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import type { MutationResult } from '../../../sync/await-result.ts'

/** Turns the server's answer to an admin change into the spec's toasts; true when applied. */
export function reportSaveResult(
  result: MutationResult,
  success: string,
  fallbackReason = 'Please try again.',
): boolean {
  if (result === 'applied') {
    toast({ title: success })
    return true
  }
  if (result === 'pending') {
    toast({ title: 'Saved on this device', description: 'It will sync when the connection returns.' })
    return false
  }
  if ('rejected' in result && result.code === 'unauthorized') {
    errorToast('Unauthorized', 'You are logged out. Logging in again...')
    setTimeout(() => window.location.assign('/api/login'), TIMINGS.redirectAfterUnauthorizedMs)
    return false
  }
  errorToast('Update failed', result.reason || fallbackReason)
  return false
}

/** How long an admin screen waits for the server before saying the change will sync later. */
export const SAVE_WAIT_MS = 10_000
