/**
 * Registers the service worker (/sw.js, built from src/sw.ts) on load and tracks whether a new
 * version is waiting. The worker only takes over when the user presses Reload in UpdatePrompt.
 */
import { Workbox } from 'workbox-window'

type Listener = () => void

/** The Background Sync tag the service worker drains the outbox on. */
export const OUTBOX_SYNC_TAG = 'mw-outbox'

let workbox: Workbox | null = null
let updateWaiting = false
const listeners = new Set<Listener>()

function setUpdateWaiting(value: boolean) {
  updateWaiting = value
  for (const listener of listeners) listener()
}

/** Call once at start-up. No-op where service workers are unavailable or in the dev server. */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  workbox = new Workbox('/sw.js')
  workbox.addEventListener('waiting', () => setUpdateWaiting(true))
  const register = () => {
    workbox?.register().catch((error: unknown) => console.warn('Service worker registration failed', error))
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function isUpdateWaiting(): boolean {
  return updateWaiting
}

/** Activates the waiting worker and reloads once it controls the page, so code and cache match. */
export function applyUpdate(): void {
  if (!workbox) return
  workbox.addEventListener('controlling', () => window.location.reload())
  workbox.messageSkipWaiting()
}

/**
 * Asks the browser to wake the service worker when the network returns, even if every tab is
 * closed by then. Call after a push fails for lack of network. Without Background Sync (Firefox,
 * Safari) or when the browser refuses it, this does nothing and the page drains on its own triggers.
 */
export async function requestBackgroundSync(): Promise<void> {
  // `ready` never resolves where no worker is registered (the dev server).
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
    sync?: { register: (tag: string) => Promise<void> }
  }
  await registration.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined)
}
