/**
 * The one fetch wrapper of the web app. Sends cookies, JSON bodies with a JSON content type,
 * parses success bodies with the protocol schema and error bodies with the error schema, and
 * throws ApiError. Its message reads "{status}: {body text or status text}".
 */
import { type ErrorCode, errorBodySchema } from '@mw/sync-protocol'
import type { z } from 'zod'

export class ApiError extends Error {
  readonly status: number
  /** The server's code; 'network' when no answer arrived (offline, timeout, aborted). */
  readonly code: ErrorCode | 'network'
  /** The server's own sentence, for toasts ("Update failed" with the server message). */
  readonly serverMessage: string

  constructor(status: number, code: ErrorCode | 'network', message: string, serverMessage: string) {
    super(message)
    this.status = status
    this.code = code
    this.serverMessage = serverMessage
  }
}

export interface RequestOptions {
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Abort after this many milliseconds (the sync engine never trusts navigator.onLine alone). */
  timeoutMs?: number
  idempotencyKey?: string
  /** The transport; the sync engine's tests pass one that drops, delays and duplicates requests. */
  fetch?: typeof fetch
}

/** Sends a request and returns the raw Response if it is a success; throws ApiError otherwise. */
export async function apiFetch(method: string, url: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers }
  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body instanceof Blob) {
    headers['Content-Type'] = options.body.type || 'application/octet-stream'
    body = options.body
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey
  const signals = [options.signal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined].filter(
    (s): s is AbortSignal => s !== undefined,
  )
  let res: Response
  try {
    res = await (options.fetch ?? fetch)(url, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: signals.length ? AbortSignal.any(signals) : undefined,
    })
  } catch (cause) {
    if (options.signal?.aborted) throw cause
    throw new ApiError(0, 'network', '0: The server could not be reached.', 'The server could not be reached.')
  }
  if (res.ok) return res
  const text = await res.text().catch(() => '')
  const parsed = errorBodySchema.safeParse(safeJson(text))
  const message = `${res.status}: ${text || res.statusText}`
  // The server answers every /api error in JSON; a web page came from something in between.
  if (!parsed.success && isWebPage(res, text)) throw new ApiError(0, 'network', message, NOT_THE_SERVER)
  const code = parsed.success ? parsed.data.error.code : res.status >= 500 ? 'internal' : 'bad_request'
  const serverMessage = parsed.success ? parsed.data.error.message : text || res.statusText
  throw new ApiError(res.status, code, message, serverMessage)
}

/**
 * A marina's Wi-Fi sign-in page or a proxy answering in the server's place: the link is up but the
 * server is not reached, so it is no answer at all (status 0, code 'network': queue and retry).
 */
const NOT_THE_SERVER = 'The network answered instead of the server (a Wi-Fi sign-in page, perhaps).'

const isWebPage = (res: Response, text: string) =>
  /^text\/html\b/i.test(res.headers.get('content-type') ?? '') || /^\s*</.test(text)

/** A request whose success body is parsed with `schema`. */
export async function apiRequest<S extends z.ZodType>(
  method: string,
  url: string,
  schema: S,
  options?: RequestOptions,
): Promise<z.infer<S>> {
  const res = await apiFetch(method, url, options)
  const text = await res.text()
  const body = safeJson(text)
  if (body === undefined && isWebPage(res, text))
    throw new ApiError(0, 'network', `${res.status}: ${text}`, NOT_THE_SERVER)
  return schema.parse(body)
}

/** GET that answers null on 401 instead of failing (the spec's "return null on 401" query mode). */
export async function apiGetOrNull<S extends z.ZodType>(url: string, schema: S, options?: RequestOptions) {
  try {
    return await apiRequest('GET', url, schema, options)
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
