import { reportRangeQuerySchema } from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { activity, lowConfidenceTopics, reportSummary, topSearches, trainingSummary } from '../db/queries/reports.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { validate } from '../middleware/validate.ts'

const range = validate('query', reportRangeQuerySchema)

/**
 * Usage reports over the whole tenant, each for an optional range of days (?from=&to=, inclusive,
 * UTC). Every member may read them: the product shows Reports in every role's navigation and
 * restricts only the admin screens. The figures are aggregates; no report names who asked what.
 */
export const reportRoutes = new Hono<AppEnv>()
  .get('/reports/top-searches', range, async (c) =>
    jsonAnswer(c, await topSearches(c.get('deps').db, c.get('actor').tenant, c.req.valid('query'))),
  )
  .get('/reports/low-confidence', range, async (c) =>
    jsonAnswer(c, await lowConfidenceTopics(c.get('deps').db, c.get('actor').tenant, c.req.valid('query'))),
  )
  .get('/reports/training-summary', range, async (c) =>
    jsonAnswer(c, await trainingSummary(c.get('deps').db, c.get('actor').tenant, c.req.valid('query'))),
  )
  .get('/reports/summary', range, async (c) =>
    jsonAnswer(c, await reportSummary(c.get('deps').db, c.get('actor').tenant, c.req.valid('query'))),
  )
  .get('/reports/activity', range, async (c) =>
    jsonAnswer(c, await activity(c.get('deps').db, c.get('actor').tenant, c.req.valid('query'))),
  )
