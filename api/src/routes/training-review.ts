import { draftRequestSchema } from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { assertManagerOrAdmin } from '../auth/actor.ts'
import { findAssignmentById, findTenantTrainingSet } from '../db/queries/training.ts'
import { notFound } from '../errors.ts'
import { validate } from '../middleware/validate.ts'
import { draftTraining } from '../training/draft-material.ts'
import { assignmentResults } from '../training/results.ts'

/**
 * A manager's side of training: questions drafted from real work to review before they are saved,
 * and how the people an assignment covers did.
 */
export const trainingReviewRoutes = new Hono<AppEnv>()
  .post('/training/drafts', validate('json', draftRequestSchema), async (c) => {
    const actor = c.get('actor')
    assertManagerOrAdmin(actor, 'Only managers and admins draft training sets.')
    return c.json(await draftTraining(c.get('deps').db, actor, c.req.valid('json')))
  })
  .get('/training/assignments/:id/results', async (c) => {
    const { db } = c.get('deps')
    const actor = c.get('actor')
    assertManagerOrAdmin(actor, "Only managers and admins see people's results.")
    const assignment = await findAssignmentById(db, c.req.param('id'))
    if (!assignment || assignment.tenant_slug !== actor.tenant) throw notFound('The assignment')
    const set = await findTenantTrainingSet(db, actor.tenant, assignment.set_id)
    if (!set) throw notFound('The training set')
    return c.json(await assignmentResults(db, actor.tenant, assignment, set))
  })
