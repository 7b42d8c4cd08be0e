/**
 * Test-only bridge to the real server: the real Hono app over real SQLite, reached through a
 * fetch replacement (the one place web tests import api code; see ARCHITECTURE.md).
 */
import { createApp } from '../../../../api/src/app.ts'
import type { AppDeps } from '../../../../api/src/app-env.ts'
import { createTestApp } from '../../../../api/src/test/test-app.ts'

export type Handler = (request: Request) => Promise<Response>

export async function startServer(overrides: Partial<AppDeps> = {}) {
  const t = await createTestApp(overrides)
  let app = t.app
  return {
    db: t.db,
    signIn: t.signIn,
    userId: t.userId,
    /** A new app over the same database, as after a process restart. */
    restart() {
      app = createApp(t.deps)
    },
    handle: ((request: Request) => app.request(request)) as Handler,
  }
}

/** A fetch that sends every request as the signed-in user of `cookie` to `handle`. */
export function fetchAs(cookie: string, handle: Handler): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const headers = new Headers(init?.headers)
    headers.set('cookie', cookie)
    return handle(new Request(url, { method: init?.method, headers, body: init?.body }))
  }) as typeof fetch
}
