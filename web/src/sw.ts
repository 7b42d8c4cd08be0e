/// <reference lib="webworker" />
/**
 * The service worker: makes the app open with no network and drains the outbox on Background
 * Sync. It caches only the built app (precache, and built files on first use); data never goes
 * through a cache here, because it lives in IndexedDB and a cached /api answer would show one
 * user another's stale data.
 */
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { prefetchPrecache } from './lib/prefetch-precache.ts'
import { drainEverything, OUTBOX_SYNC_TAG } from './sync/drainer.ts'

declare const self: ServiceWorkerGlobalScope

/** Background Sync is not in TypeScript's lib yet; only the parts used here. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}

// Every built file (shell, route chunks, icons, manifest) is precached at install, with its
// revision, so the app opens offline and a new build replaces it atomically, never half-updated.
// The hashed files are fetched several at once first (Workbox alone fetches one at a time).
const manifest = self.__WB_MANIFEST
self.addEventListener('install', (event) => event.waitUntil(prefetchPrecache(manifest, self.location.href)))
precacheAndRoute(manifest)
// Old precaches from earlier Workbox versions would otherwise fill the storage quota for ever.
cleanupOutdatedCaches()

// Client-side routes (/t/demo/cases/…) are not files: any navigation gets the precached
// index.html so a deep link or a reload works offline. /api/ navigations (login, logout, the
// OIDC callback) must reach the server, so they are excluded and never answered from cache.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }))

// Built files left out of the precache (pdfjs for the document viewer: large, and useless without
// the network) are kept after their first use. Their names carry a content hash, so a cached copy
// is never stale; a few versions are kept, then the oldest go.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: 'mw-assets-on-use', plugins: [new ExpirationPlugin({ maxEntries: 20 })] }),
)

// Nothing else is routed: /api/* requests fall through to the network untouched and uncached.

// A new worker waits until the page's update prompt asks for it, so a technician mid-note is
// never switched to new code under their feet.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// Once active, take over open pages at once so the first visit is already served offline-ready.
clientsClaim()

// The browser fires this when the network returns, even with every tab closed. The drainer holds
// a Web Lock, so it never races a tab draining the same outbox.
self.addEventListener('sync', (event) => {
  const syncEvent = event as SyncEvent
  if (syncEvent.tag === OUTBOX_SYNC_TAG) syncEvent.waitUntil(drainEverything())
})
