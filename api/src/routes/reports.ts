import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { assertManagerOrAdmin } from '../auth/actor.ts'
import { lowConfidenceTopics, reportSummary, topSearches, trainingSummary } from '../db/queries/reports.ts'

const managersOnly = createMiddleware<AppEnv>(async (c, next) => {
  assertManagerOrAdmin(c.get('actor'), 'Only managers and admins can see reports.')
  await next()
})

/** Usage reports over the whole tenant, so managers and admins only. */
export const reportRoutes = new Hono<AppEnv>()
  .use('/reports/*', managersOnly)
  .get('/reports/top-searches', async (c) => c.json(await topSearches(c.get('deps').db, c.get('actor').tenant)))
  .get('/reports/low-confidence', async (c) =>
    c.json(await lowConfidenceTopics(c.get('deps').db, c.get('actor').tenant)),
  )
  .get('/reports/training-summary', async (c) => c.json(await trainingSummary(c.get('deps').db, c.get('actor').tenant)))
  .get('/reports/summary', async (c) => c.json(await reportSummary(c.get('deps').db, c.get('actor').tenant)))
