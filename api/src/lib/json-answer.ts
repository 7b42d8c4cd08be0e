import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../app-env.ts'

/**
 * The security headers of an answer that is not a page (every JSON answer): nothing may load or
 * frame it, no sniffing, no other site may read it, and should it be opened as a page, nothing
 * at all may run in it. Pages, scripts and files get the whole set (middleware/answer-headers.ts).
 */
export const DATA_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  // Same-origin, as for pages (middleware/answer-headers.ts says why).
  'referrer-policy': 'same-origin',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
}

/** An answer built whole by the app: its status, every header, and its body. */
export interface BuiltAnswer {
  status: ContentfulStatusCode
  headers: Record<string, string>
  body: string | Uint8Array<ArrayBuffer>
}

/**
 * Kept on the answer itself, not in a WeakMap: V8 keeps a WeakMap's entries through its minor
 * collections, so every answer's text was promoted to the old generation (~5 MB a quarter
 * second under load) and waited for a full collection, pausing the server longer.
 */
const BUILT = Symbol('built answer')
type Built = Response & { [BUILT]?: BuiltAnswer }

/** What an answer built by `answerWith` holds; undefined for any other answer. */
export const builtAnswer = (res: Response): BuiltAnswer | undefined => (res as Built)[BUILT]

/**
 * The answer as a Response whose headers stay a plain object. Headers added afterwards through
 * `c.res.headers` would turn them into a `Headers` object on every answer (~20 % of the server's
 * CPU for a short list, BENCHMARKS.md); the middlewares that add headers or compress leave a
 * built answer alone or rebuild it here.
 */
export function answerWith(answer: BuiltAnswer): Response {
  const res: Built = new Response(answer.body, { status: answer.status, headers: answer.headers })
  res[BUILT] = answer
  return res
}

interface JsonInit {
  status?: ContentfulStatusCode
  /** Headers beside the JSON answer's own (a `Link` to the next page, `Retry-After`). */
  headers?: Record<string, string>
}

/**
 * A JSON answer with every header it needs: the security headers, `Cache-Control: no-store`
 * (answers are per user and change) unless the caller says otherwise, `Vary: Accept-Encoding`
 * (any answer may be compressed) and the request's id.
 */
export function jsonTextAnswer(c: Context<AppEnv>, text: string, init: JsonInit = {}): Response {
  const requestId = c.get('requestId')
  const status = init.status ?? 200
  const headers = {
    'content-type': 'application/json',
    ...DATA_ANSWER_HEADERS,
    'cache-control': 'no-store',
    vary: 'Accept-Encoding',
    ...(requestId ? { 'x-request-id': requestId } : {}),
    ...lowerCased(init.headers),
  }
  // Hono merges the headers it holds (a renewed session's cookie) into the answer it makes.
  if (c.get('headersPrepared')) return c.body(text, status, headers)
  return answerWith({ status, headers, body: text })
}

/** `jsonTextAnswer` of the value as JSON. */
export const jsonAnswer = (c: Context<AppEnv>, value: unknown, init?: JsonInit): Response =>
  jsonTextAnswer(c, JSON.stringify(value), init)

const lowerCased = (headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
