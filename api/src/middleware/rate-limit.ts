/**
 * Per-user and per-tenant request budgets, so one user or one noisy tenant cannot crowd out the
 * others. Token buckets in the database (db/queries/rate-limits.ts), so several instances share
 * them: each budget refills continuously up to its burst. Answer streams are also capped by how
 * many run at once, as leased slots. Over a budget: 429 `rate_limited` with Retry-After, before
 * any work is done.
 */
import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { type Budget, closeStreamSlot, openStreamSlot, takeToken } from '../db/queries/rate-limits.ts'
import { ApiError } from '../errors.ts'

interface Rule {
  name: string
  matches: (method: string, path: string) => boolean
  user: Budget
  tenant: Budget
  /** Answer streams run long: also cap how many run at once. */
  concurrent?: { user: number; tenant: number }
}

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method)

/** First match wins; every tenant call falls under one of these. */
const RULES: Rule[] = [
  {
    name: 'answer streams',
    matches: (method, path) => method === 'POST' && /\/experts\/[^/]+\/stream$/.test(path),
    user: { perMinute: 30, burst: 10 },
    tenant: { perMinute: 300, burst: 60 },
    concurrent: { user: 3, tenant: 12 },
  },
  {
    name: 'sync',
    matches: (_method, path) => /\/sync\/(push|pull)$/.test(path),
    user: { perMinute: 600, burst: 120 },
    tenant: { perMinute: 6000, burst: 600 },
  },
  {
    name: 'writes',
    matches: (method) => isWrite(method),
    user: { perMinute: 240, burst: 60 },
    tenant: { perMinute: 2400, burst: 300 },
  },
  {
    name: 'reads',
    matches: () => true,
    user: { perMinute: 1200, burst: 300 },
    tenant: { perMinute: 6000, burst: 600 },
  },
]
/** Per address: generous, since a fleet of tablets behind one marina NAT signs in at the start of a shift. */
const SIGN_IN: Budget = { perMinute: 120, burst: 60 }

/** An open answer stream counts this long at most (longer than any answer may take: OUTBOUND_TIMEOUT_MS caps the model). */
const STREAM_SLOT_LEASE_MS = 15 * 60_000

function refuse(c: Context<AppEnv>, what: string, seconds: number) {
  c.get('deps').metrics?.rateLimited.inc({ limit: what })
  return new ApiError('rate_limited', `Too many ${what} right now. Try again in ${seconds} s.`, {
    retryAfterSeconds: seconds,
  })
}

/** Releases a concurrency slot when the answer's body ends (an answer stream ends long after the handler returns). */
function releaseWhenDone(c: Context, release: () => void) {
  const body = c.res.body
  if (!body) return release()
  let released = false
  const once = () => {
    if (!released) {
      released = true
      release()
    }
  }
  const tracked = body.pipeThrough(new TransformStream({ flush: once }))
  c.res = new Response(tracked, c.res)
  // A client that goes away cancels the body: the slot is freed too.
  c.req.raw.signal.addEventListener('abort', once)
}

function remoteAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'unknown'
}

/** The two limiters of an app; their budgets live in its database. */
export function createRateLimits() {
  const signIn = createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get('deps').env.RATE_LIMITS) return next()
    const wait = await takeToken(c.get('deps').db, `sign-in:${remoteAddress(c)}`, SIGN_IN, Date.now())
    if (wait > 0) throw refuse(c, 'sign-in attempts', wait)
    await next()
  })

  /** For /api/t/:tenant/*, after requireMember (the user and tenant are known). */
  const tenant = createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get('deps').env.RATE_LIMITS) return next()
    const { db } = c.get('deps')
    const actor = c.get('actor')
    const rule = RULES.find((r) => r.matches(c.req.method, c.req.path)) as Rule
    const now = Date.now()
    const userKey = `${rule.name}:user:${actor.userId}`
    const tenantKey = `${rule.name}:tenant:${actor.tenant}`
    const waitUser = await takeToken(db, userKey, rule.user, now)
    if (waitUser > 0) throw refuse(c, rule.name, waitUser)
    const waitTenant = await takeToken(db, tenantKey, rule.tenant, now)
    if (waitTenant > 0) throw refuse(c, `${rule.name} in this workspace`, waitTenant)
    if (!rule.concurrent) return next()

    const slot = { id: randomUUID(), userKey, tenantKey }
    const full = await openStreamSlot(db, slot, rule.concurrent, now, STREAM_SLOT_LEASE_MS)
    if (full === 'user') throw refuse(c, `${rule.name} at once`, 5)
    if (full === 'tenant') throw refuse(c, `${rule.name} at once in this workspace`, 5)
    const release = () =>
      void closeStreamSlot(db, slot.id).catch((error: unknown) =>
        c.get('deps').log.error({ err: error }, 'closing an answer stream slot'),
      )
    try {
      await next()
    } catch (error) {
      release()
      throw error
    }
    releaseWhenDone(c, release)
  })

  return { signIn, tenant }
}
