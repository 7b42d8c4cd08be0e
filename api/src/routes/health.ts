import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { pendingMigrations } from '../db/migrate.ts'
import { databaseAnswers } from '../db/queries/lifecycle.ts'

/**
 * For load balancers and orchestrators, no sign-in, nothing sensitive: /healthz says the process
 * answers; /readyz says it should get traffic (serving, database reachable, migrations applied),
 * else 503 with the reason.
 */
const noStore = createMiddleware(async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
})

export const healthRoutes = new Hono<AppEnv>()
  // Only these two paths: a bare use() here would reach every answer of the app once mounted at '/'.
  .use('/healthz', noStore)
  .use('/readyz', noStore)
  .get('/healthz', (c) => c.json({ status: 'ok' }))
  .get('/readyz', async (c) => {
    const { db, lifecycle } = c.get('deps')
    const state = lifecycle?.state ?? 'serving'
    if (state !== 'serving') return c.json({ status: state }, 503)
    if (!(await databaseAnswers(db))) return c.json({ status: 'database_unavailable' }, 503)
    const pending = await pendingMigrations(db).catch(() => null)
    if (pending === null) return c.json({ status: 'database_unavailable' }, 503)
    if (pending > 0) return c.json({ status: 'migrations_pending' }, 503)
    return c.json({ status: 'ready' })
  })
