/**
 * The first visit of someone signed out: the server sends landing.html, with LandingPage already
 * in it (prerendered at build time), instead of the app. Beside the markup it needs only this:
 * the service worker, so the app installs for offline use in the background, and the features
 * toggle. Signing in is a plain form; the app itself loads after it.
 */
// The constants alone: the barrel would bring the app's shared code (zod, the schemas) along.
import { DEFAULT_TENANT } from '@mw/sync-protocol/constants'
import { installTrustedTypesPolicy } from './lib/trusted-types.ts'
import './styles/app.css'

// The same policy as the app's: registering the service worker is a script-URL sink.
installTrustedTypesPolicy()

// The address the app would show (it sends / to the default workspace), without a round trip.
if (window.location.pathname === '/' || window.location.pathname === '/t') {
  window.history.replaceState(null, '', `/t/${DEFAULT_TENANT}`)
}

void navigator.serviceWorker?.register('/sw.js').catch(() => undefined)

const toggle = document.querySelector<HTMLButtonElement>('.landing-features-toggle')
const features = document.getElementById('landing-features')
toggle?.addEventListener('click', () => {
  const open = features?.classList.toggle('is-open') ?? false
  toggle.setAttribute('aria-expanded', String(open))
  toggle.textContent = open ? 'Hide features' : 'Show features'
})
