/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`), kept from start-up
 * so Home can show an "Install app" button whenever the offer stands; gone once used or installed.
 * Browsers without the event (Safari, Firefox) never show the button.
 */
import { useSyncExternalStore } from 'react'

interface InstallPromptEvent extends Event {
  prompt: () => Promise<unknown>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let offer: InstallPromptEvent | null = null
const listeners = new Set<() => void>()

function setOffer(next: InstallPromptEvent | null) {
  offer = next
  for (const listener of listeners) listener()
}

/** Call once at start-up, before the browser may make its offer. */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our button asks instead of the browser's own banner, at a moment the user chooses.
    event.preventDefault()
    setOffer(event as InstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => setOffer(null))
}

/** Shows the browser's install dialog; an offer answers once, whatever the user chose. */
async function install(): Promise<void> {
  const event = offer
  if (!event) return
  setOffer(null)
  await event.prompt()
  await event.userChoice
}

/** `install` while the browser offers to install the app, else null. */
export function useInstallPrompt(): (() => Promise<void>) | null {
  const offered = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => offer !== null,
    () => false,
  )
  return offered ? install : null
}
