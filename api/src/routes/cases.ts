import { createCaseBodySchema, pageQuerySchema, updateCaseBodySchema } from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { findVisibleCase, listCaseEvents, listCases, toCase, toCaseEvent } from '../db/queries/cases.ts'
import { notFound } from '../errors.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { DEFAULT_PAGE, pagedAnswer, pageRequest } from '../lib/paging.ts'
import { validate } from '../middleware/validate.ts'
import { createCase, replaceCaseDescription, setCaseEquipment, setCaseStatus } from '../mutations/cases.ts'
import { answerMutation } from '../mutations/run-mutation.ts'

/**
 * Cases. Technicians reach the cases they created or are assigned, managers and admins the
 * tenant's; a case the caller may not see answers 404, the same as one that does not exist.
 */
export const caseRoutes = new Hono<AppEnv>()
  .get('/cases', validate('query', pageQuerySchema), async (c) => {
    const page = pageRequest(c.req.valid('query'), DEFAULT_PAGE)
    const rows = await listCases(c.get('deps').db, c.get('actor'), page)
    return pagedAnswer(c, { rows, page, keyOf: (r) => [r.created_at, r.id] }, (shown) => shown.map(toCase))
  })
  .post('/cases', validate('json', createCaseBodySchema), async (c) => {
    const body = c.req.valid('json')
    const args = { ...body, conversationId: body.conversationId ?? null }
    return answerMutation(c, (trx) => createCase(trx, c.get('actor'), args), { status: 201 })
  })
  .get('/cases/:id', async (c) => {
    const row = await findVisibleCase(c.get('deps').db, c.get('actor'), c.req.param('id'))
    if (!row) throw notFound('The case')
    return jsonAnswer(c, toCase(row))
  })
  .put('/cases/:id', validate('json', updateCaseBodySchema), async (c) => {
    const actor = c.get('actor')
    const caseId = c.req.param('id')
    const body = c.req.valid('json')
    return answerMutation(c, (trx) => {
      if ('status' in body) return setCaseStatus(trx, actor, { caseId, status: body.status }, body.baseVersion ?? null)
      if ('vessel' in body) return setCaseEquipment(trx, actor, { caseId, ...body })
      return replaceCaseDescription(trx, actor, { caseId, description: body.description }, body.baseVersion ?? null)
    })
  })
  .get('/cases/:id/history', async (c) => {
    const { db } = c.get('deps')
    const row = await findVisibleCase(db, c.get('actor'), c.req.param('id'))
    if (!row) throw notFound('The case')
    return jsonAnswer(c, (await listCaseEvents(db, row.id)).map(toCaseEvent))
  })
