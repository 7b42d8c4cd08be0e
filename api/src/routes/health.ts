import { Hono } from 'hono'
import { sql } from 'kysely'
import type { AppEnv } from '../app-env.ts'
import { pendingMigrations } from '../db/migrate.ts'

/**
 * For load balancers and orchestrators, no sign-in, nothing sensitive: /healthz says the process
 * answers; /readyz says it should get traffic (serving, database reachable, migrations applied),
 * else 503 with the reason.
 */
export const healthRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })
  .get('/healthz', (c) => c.json({ status: 'ok' }))
  .get('/readyz', async (c) => {
    const { db, lifecycle } = c.get('deps')
    const state = lifecycle?.state ?? 'serving'
    if (state !== 'serving') return c.json({ status: state }, 503)
    try {
      await sql`select 1`.execute(db)
      if ((await pendingMigrations(db)) > 0) return c.json({ status: 'migrations_pending' }, 503)
    } catch {
      return c.json({ status: 'database_unavailable' }, 503)
    }
    return c.json({ status: 'ready' })
  })
