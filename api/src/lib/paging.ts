import type { PageQuery } from '@mw/sync-protocol'
import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import type { PageRequest } from '../db/queries/paging.ts'
import { ApiError } from '../errors.ts'
import { jsonAnswer } from './json-answer.ts'

/** Lists of work that grows without end (cases, conversations, training) answer this many rows unless asked for fewer. */
export const DEFAULT_PAGE = 200

/** The page a list request asks for; `defaultLimit` when it names none (null: the whole list). */
export function pageRequest(query: PageQuery, defaultLimit: number | null): PageRequest {
  const limit = query.limit ?? defaultLimit
  if (!query.cursor) return { limit, after: null }
  try {
    const [key, id] = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8')) as unknown[]
    if (typeof key === 'string' && typeof id === 'string') return { limit, after: { key, id } }
  } catch {
    // Falls through to the error below.
  }
  throw new ApiError('invalid_input', 'This cursor is not one a list gave out. Start again without it.', {
    field: 'cursor',
  })
}

/**
 * The JSON answer of a page of a list: `shape` of the page's rows (the one extra row read to see
 * whether more follow is dropped) and, when more follow, a `Link: <…>; rel="next"` header with the
 * cursor of the page's last row.
 */
export async function pagedAnswer<R>(
  c: Context<AppEnv>,
  { rows, page, keyOf }: { rows: R[]; page: PageRequest; keyOf: (row: R) => [string, string] },
  shape: (shown: R[]) => unknown,
): Promise<Response> {
  if (page.limit === null || rows.length <= page.limit) return jsonAnswer(c, await shape(rows))
  const shown = rows.slice(0, page.limit)
  const last = shown.at(-1) as R
  const next = new URL(c.req.url)
  next.searchParams.set('limit', String(page.limit))
  next.searchParams.set('cursor', Buffer.from(JSON.stringify(keyOf(last))).toString('base64url'))
  return jsonAnswer(c, await shape(shown), { headers: { Link: `<${next.pathname}${next.search}>; rel="next"` } })
}
