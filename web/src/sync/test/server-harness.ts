/**
 * Test-only bridge to the real server: the real Hono app over real SQLite, reached through a
 * fetch replacement (the one place web tests import api code; see ARCHITECTURE.md).
 */
import { createApp } from '../../../../api/src/app.ts'
import type { AppDeps } from '../../../../api/src/app-env.ts'
import { finishDocument, insertDocument } from '../../../../api/src/db/queries/documents.ts'
import { storeOriginal } from '../../../../api/src/documents/originals.ts'
import { newId } from '../../../../api/src/lib/ids.ts'
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
    /** A processed manual in a tenant's library, written by the server's own queries (no parse worker here). */
    async addManual(
      tenant: string,
      expert: 'seakeeper' | 'furuno',
      title: string,
      texts: string[],
      /** A PDF kept as the manual's original (its text is `texts`, a page each). */
      pdf?: Uint8Array,
    ): Promise<string> {
      const id = newId()
      const at = new Date().toISOString()
      const hash = pdf ? storeOriginal(t.deps.env.documentsDir, pdf) : id.replace(/-/g, '').padEnd(64, '0')
      await t.db.transaction().execute(async (trx) => {
        await insertDocument(trx, {
          id,
          tenant_slug: tenant,
          expert,
          source_path: `${id}.md`,
          title,
          content_hash: hash,
          file_name: pdf ? `${title}.pdf` : `${title}.md`,
          content_type: pdf ? 'application/pdf' : 'text/markdown',
          size: pdf?.length ?? 0,
          status: 'processing',
          created_by: null,
          created_at: at,
          updated_at: at,
        })
        await finishDocument(trx, {
          id,
          tenant,
          expert,
          title: null,
          pages: pdf ? texts.length : null,
          warning: null,
          passages: texts.map((text, ordinal) => ({
            ordinal,
            section: `Part ${ordinal + 1}`,
            page: pdf ? ordinal + 1 : null,
            text,
          })),
          at,
        })
      })
      return id
    },
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
