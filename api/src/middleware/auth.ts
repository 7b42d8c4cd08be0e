import type { Role } from '@mw/sync-protocol'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { sessionUser } from '../auth/sessions.ts'
import { findMembership } from '../db/queries/tenants.ts'
import { ApiError } from '../errors.ts'

/**
 * Loads the signed-in user (or null) from the session cookie, renewing a session in use; on a
 * workspace's path also their membership of it, in the same query (one lookup fewer per request).
 */
export const loadUser = createMiddleware<AppEnv>(async (c, next) => {
  const tenant = /^\/api\/t\/([^/]+)\//.exec(c.req.path)?.[1]?.toLowerCase()
  const found = await sessionUser(c, tenant ?? '')
  c.set('user', found?.user ?? null)
  if (found && tenant !== undefined) c.set('membershipOf', { tenant, membership: found.membership })
  await next()
})

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw new ApiError('unauthorized', 'You are signed out. Sign in again to continue.')
  await next()
})

/**
 * Resolves /api/t/:tenant into the acting member. A tenant the user does not belong to answers
 * 404, the same as one that does not exist, so membership of other tenants is not revealed.
 */
export const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user')
  if (!user) throw new ApiError('unauthorized', 'You are signed out. Sign in again to continue.')
  const tenant = c.req.param('tenant')?.toLowerCase() ?? ''
  const loaded = c.get('membershipOf')
  // Read with the session unless the path named the workspace differently (percent-encoded).
  const membership =
    loaded?.tenant === tenant ? loaded.membership : await findMembership(c.get('deps').db, tenant, user.id)
  if (!membership) throw new ApiError('not_found', `The workspace "${tenant}" was not found.`)
  if (membership.deactivated_at) {
    throw new ApiError('forbidden', 'Your access to this workspace is paused. Ask its administrator to reactivate it.')
  }
  c.set('actor', { userId: user.id, tenant, role: membership.role as Role })
  await next()
})

/**
 * Refuses cookie-authenticated writes sent from another site (CSRF): a browser names the page's
 * origin in Origin and Sec-Fetch-Site; clients that send neither are not browsers.
 */
export const sameOriginWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) {
    const origin = c.req.header('origin')
    const publicUrl = c.get('deps').env.PUBLIC_URL
    const own = [new URL(c.req.url).origin, ...(publicUrl ? [new URL(publicUrl).origin] : [])]
    const foreignOrigin = origin !== undefined && !own.includes(origin)
    if (foreignOrigin || c.req.header('sec-fetch-site') === 'cross-site') {
      throw new ApiError('forbidden', 'This request came from another site and was refused.')
    }
  }
  await next()
})
