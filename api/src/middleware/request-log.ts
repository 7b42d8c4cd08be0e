import { randomUUID } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import { matchedRoutes } from 'hono/route'
import type { AppEnv } from '../app-env.ts'
import { builtAnswer } from '../lib/json-answer.ts'

const REQUEST_ID = /^[\w.:-]{1,128}$/

/**
 * One log line per request (method, route template, status, duration, tenant, user, request id).
 * The request id comes from `x-request-id` when it is sane, else a new one, and is echoed back so
 * a technician's report can be matched to the server's line.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const given = c.req.header('x-request-id')
  const requestId = given && REQUEST_ID.test(given) ? given : randomUUID()
  c.set('requestId', requestId)
  const started = performance.now()
  try {
    await next()
  } finally {
    // A built answer carries it already.
    if (!builtAnswer(c.res)) c.res.headers.set('X-Request-Id', requestId)
    const route = matchedRoutes(c).find((r) => r.method !== 'ALL')?.path ?? 'unmatched'
    const ms = performance.now() - started
    c.get('deps').metrics?.httpRequest(c.req.method, route, c.res.status, ms / 1000)
    const actor = c.get('actor') as { tenant?: string; userId?: string } | undefined
    c.get('deps').log.info(
      {
        requestId,
        method: c.req.method,
        // The handler's template, not a middleware's wildcard.
        route,
        status: c.res.status,
        ms: Math.round(ms),
        tenant: actor?.tenant,
        userId: actor?.userId ?? c.get('user')?.id,
      },
      'request',
    )
  }
})
