import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { pendingMigrations } from '../db/migrate.ts'
import { databaseAnswers } from '../db/queries/lifecycle.ts'
import { jsonAnswer } from '../lib/json-answer.ts'

/**
 * For load balancers and orchestrators, no sign-in, nothing sensitive: /healthz says the process
 * answers; /readyz says it should get traffic (serving, database reachable, migrations applied),
 * else 503 with the reason. Never cached (a JSON answer says `no-store`).
 */
export const healthRoutes = new Hono<AppEnv>()
  .get('/healthz', (c) => jsonAnswer(c, { status: 'ok' }))
  .get('/readyz', async (c) => {
    const { db, lifecycle } = c.get('deps')
    const state = lifecycle?.state ?? 'serving'
    if (state !== 'serving') return jsonAnswer(c, { status: state }, { status: 503 })
    if (!(await databaseAnswers(db))) return jsonAnswer(c, { status: 'database_unavailable' }, { status: 503 })
    const pending = await pendingMigrations(db).catch(() => null)
    if (pending === null) return jsonAnswer(c, { status: 'database_unavailable' }, { status: 503 })
    if (pending > 0) return jsonAnswer(c, { status: 'migrations_pending' }, { status: 503 })
    return jsonAnswer(c, { status: 'ready' })
  })
