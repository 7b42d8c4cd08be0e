import { createHash } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../app-env.ts'
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  takeOverStaleKey,
} from '../db/queries/idempotency.ts'
import { ApiError } from '../errors.ts'
import { builtAnswer, jsonTextAnswer } from '../lib/json-answer.ts'
import { now } from '../lib/time.ts'
import { isMultipart } from './body-limit.ts'

const KEY_PATTERN = /^[\w.:-]{1,200}$/
/** A key still pending after this long belongs to a request that died (a crash): a retry may run. */
const PENDING_LEASE_MS = 10 * 60 * 1000

/**
 * Honours Idempotency-Key on writes: the first request with a key runs and its answer is stored;
 * a repeat with the same key and body gets the stored answer without running again; a repeat
 * with another body is refused; a repeat while the first still runs answers 409, and once that
 * claim is older than its lease (the process died mid-request) the repeat runs, once. Keys are kept
 * for 200 days (the offline window plus margin) and pruned by the maintenance job. Writes made
 * with `answerMutation` store their answer inside their own transaction; others once they answer.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header('idempotency-key')
  if (!key || ['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) return next()
  if (!KEY_PATTERN.test(key)) {
    throw new ApiError(
      'invalid_input',
      'Idempotency-Key must be 1-200 letters, digits, dots, colons, dashes or underscores.',
      {
        field: 'Idempotency-Key',
      },
    )
  }
  const user = c.get('user')
  if (!user) return next()
  const { db } = c.get('deps')
  const bodyHash = await hashBody(c.req.raw)
  const path = new URL(c.req.url).pathname

  const at = now()
  const claim = { userId: user.id, key, method: c.req.method, path, bodyHash, at }
  if (!(await claimIdempotencyKey(db, claim))) {
    const stored = await findIdempotencyKey(db, user.id, key)
    if (!stored) throw new ApiError('conflict', 'A request with this Idempotency-Key just finished failing. Try again.')
    if (stored.method !== c.req.method || stored.path !== path || stored.body_hash !== bodyHash) {
      throw new ApiError(
        'invalid_input',
        'This Idempotency-Key was already used for a different request. Use a new key.',
        {
          field: 'Idempotency-Key',
        },
      )
    }
    if (stored.state === 'pending') {
      const leaseStart = new Date(Date.parse(at) - PENDING_LEASE_MS).toISOString()
      if (!(await takeOverStaleKey(db, user.id, key, stored.created_at, leaseStart, at))) {
        throw new ApiError(
          'conflict',
          'A request with this Idempotency-Key is still being processed. Try again shortly.',
        )
      }
    } else {
      const body = stored.response_body ?? ''
      const status = (stored.status ?? 200) as ContentfulStatusCode
      const replayed = { 'Idempotent-Replayed': 'true' }
      if (!body.startsWith('data:')) return jsonTextAnswer(c, body, { status, headers: replayed })
      return c.body(body, status, { ...replayed, 'Content-Type': 'text/event-stream' })
    }
  }

  const release = () => releaseIdempotencyKey(db, user.id, key)
  const claimed = { userId: user.id, key, stored: false }
  c.set('idempotencyClaim', claimed)
  try {
    await next()
  } catch (error) {
    if (!claimed.stored) await release()
    throw error
  }
  // An answer stored with its write stays whatever happened after the commit.
  if (claimed.stored) return
  const status = c.res.status
  if (status >= 500 || c.error) {
    // A failure may succeed on retry: free the key instead of pinning the failure.
    await release()
    return
  }
  const store = (responseBody: string) => storeIdempotentAnswer(db, user.id, key, status, responseBody)
  if (c.res.headers.get('content-type')?.startsWith('text/event-stream')) {
    // An answer stream is stored once it ends: waiting for it here would hold every event back.
    void c.res.clone().text().then(store).catch(release)
    return
  }
  const built = builtAnswer(c.res)?.body
  await store(typeof built === 'string' ? built : await c.res.clone().text())
})

/**
 * What identifies a request's body for a replay check. A multipart body (a manual of up to
 * 100 MB) is not read twice into memory to hash it: its length stands in for it.
 */
async function hashBody(request: Request): Promise<string> {
  if (isMultipart(request.headers.get('content-type'))) {
    return `multipart:${request.headers.get('content-length') ?? 'chunked'}`
  }
  const body = await request.clone().arrayBuffer()
  return createHash('sha256').update(new Uint8Array(body)).digest('hex')
}
