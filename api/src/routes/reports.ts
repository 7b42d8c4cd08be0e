import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { lowConfidenceTopics, reportSummary, topSearches, trainingSummary } from '../db/queries/reports.ts'

/**
 * Usage reports over the whole tenant. Every member may read them: the product shows Reports in every
 * role's navigation and restricts only the admin screens. The figures are aggregates; no report
 * names who asked what.
 */
export const reportRoutes = new Hono<AppEnv>()
  .get('/reports/top-searches', async (c) => c.json(await topSearches(c.get('deps').db, c.get('actor').tenant)))
  .get('/reports/low-confidence', async (c) =>
    c.json(await lowConfidenceTopics(c.get('deps').db, c.get('actor').tenant)),
  )
  .get('/reports/training-summary', async (c) => c.json(await trainingSummary(c.get('deps').db, c.get('actor').tenant)))
  .get('/reports/summary', async (c) => c.json(await reportSummary(c.get('deps').db, c.get('actor').tenant)))
