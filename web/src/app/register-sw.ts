/**
 * Registers the service worker (/sw.js, built from src/sw.ts) on load and tracks whether a new
 * version is waiting. The worker only takes over when the user presses Reload in UpdatePrompt.
 */
import { Workbox } from 'workbox-window'

type Listener = () => void

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
