/**
 * What a start does before React draws, so a warm start shows the device's rows at once: the
 * remembered user is signed in (the server confirms them meanwhile), the chunk of the screen the
 * address names is fetched, and that screen's first rows are read from the user's database for
 * the tenant in the address.
 */
import { warmRead } from '../db/device-query.ts'
import { openLocalDb } from '../db/local-db.ts'
import { useSessionStore } from '../lib/session-store.ts'
import { screenAt } from './router.tsx'

/**
 * How long the first render waits for its screen's chunk and first rows. Drawn before the chunk
 * is in, the screen shows the Suspense fallback, and React then holds the revealed screen back for
 * its 300 ms throttle; drawn before the rows are read, the render holds the main thread the
 * database needs to open. From the service worker's cache and IndexedDB both take milliseconds.
 */
const SCREEN_WAIT_MS = 300

/** Resolves when the first render may start: the screen's chunk and rows are in, failed, or took too long. */
export function warmStart({ pathname, search }: { pathname: string; search: string }): Promise<void> {
  void useSessionStore.getState().load()
  const screen = screenAt(pathname, search)
  const user = useSessionStore.getState().user
  if (!screen) return Promise.resolve()
  const ready: Promise<void>[] = [screen.load()]
  const { tenant, query } = screen
  if (user && tenant && user.tenants.some((t) => t.slug === tenant)) {
    const db = openLocalDb(user.id, tenant)
    if (query) ready.push(warmRead(db, query))
    else db.open().catch(() => undefined)
  }
  const waited = new Promise<void>((resolve) => setTimeout(resolve, SCREEN_WAIT_MS))
  return Promise.race([Promise.all(ready).then(() => undefined), waited])
}
