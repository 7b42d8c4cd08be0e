import { useSyncExternalStore } from 'react'
import { useSyncStore } from '../sync/sync-store.ts'

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/**
 * Whether the server can be reached, as far as the page knows: the browser's flag can only be
 * trusted when it says offline ("connected but no internet" still reads online), so the outcome
 * of the last sync decides the rest.
 */
export function isOnline(): boolean {
  return navigator.onLine && useSyncStore.getState().online
}

export function useOnlineStatus(): boolean {
  const browserOnline = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
  const reachable = useSyncStore((s) => s.online)
  return browserOnline && reachable
}
