import {
  type Assignment,
  assignTrainingBodySchema,
  attemptBodySchema,
  buildTrainingBodySchema,
  pageQuerySchema,
  SAMPLE_QUESTIONS,
  updateTrainingSetBodySchema,
} from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import {
  findTrainingSetById,
  listAssignments,
  listTrainingSets,
  toAssignment,
  toTrainingSet,
} from '../db/queries/training.ts'
import { assignmentStats, myAssignments, myResults } from '../db/queries/training-attempts.ts'
import { newId } from '../lib/ids.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { DEFAULT_PAGE, pagedAnswer, pageRequest } from '../lib/paging.ts'
import { validate } from '../middleware/validate.ts'
import { answerMutation } from '../mutations/run-mutation.ts'
import { assignTraining, createTrainingSet, updateTrainingSet } from '../mutations/training.ts'
import { attemptTraining } from '../training/attempts.ts'

/**
 * Training sets (any member builds), assignments (managers and admins assign, with who completed
 * them), what the signed-in user is assigned, and their attempts (scored here, on the server).
 */
export const trainingRoutes = new Hono<AppEnv>()
  .get('/training/sets', validate('query', pageQuerySchema), async (c) => {
    const page = pageRequest(c.req.valid('query'), DEFAULT_PAGE)
    const rows = await listTrainingSets(c.get('deps').db, c.get('actor').tenant, page)
    return pagedAnswer(c, { rows, page, keyOf: (r) => [r.created_at, r.id] }, (shown) => shown.map(toTrainingSet))
  })
  .post('/training/build', validate('json', buildTrainingBodySchema), async (c) => {
    const body = c.req.valid('json')
    const args = {
      ...body,
      id: body.id ?? newId(),
      questions: body.questions?.length ? body.questions : SAMPLE_QUESTIONS[body.expert],
    }
    return answerMutation(c, (trx) => createTrainingSet(trx, c.get('actor'), args), { status: 201 })
  })
  .put('/training/sets/:id', validate('json', updateTrainingSetBodySchema), async (c) => {
    const args = { ...c.req.valid('json'), id: c.req.param('id') }
    return answerMutation(c, (trx) => updateTrainingSet(trx, c.get('actor'), args))
  })
  .get('/training/assignments', validate('query', pageQuerySchema), async (c) => {
    const { db } = c.get('deps')
    const actor = c.get('actor')
    const page = pageRequest(c.req.valid('query'), DEFAULT_PAGE)
    const rows = await listAssignments(db, actor, page)
    return pagedAnswer(c, { rows, page, keyOf: (r) => [r.created_at, r.id] }, async (shown) => {
      const stats = await assignmentStats(db, actor.tenant, shown)
      return shown.map((row) => ({ ...toAssignment(row), stats: stats.get(row.id) }))
    })
  })
  .get('/training/mine', async (c) => {
    const { db } = c.get('deps')
    const actor = c.get('actor')
    const rows = await myAssignments(db, actor)
    const results = await myResults(
      db,
      actor.userId,
      rows.map((r) => r.id),
    )
    const items = []
    for (const row of rows) {
      const set = await findTrainingSetById(db, row.set_id)
      if (!set) continue
      const score = results.get(row.id)
      items.push({
        assignment: toAssignment(row),
        set: toTrainingSet(set),
        completed: score !== undefined,
        score: score ?? null,
      })
    }
    return jsonAnswer(c, { items })
  })
  .post('/training/assignments/:id/attempts', validate('json', attemptBodySchema), async (c) => {
    const { answers, setVersion } = c.req.valid('json')
    const args = { id: newId(), assignmentId: c.req.param('id'), answers, setVersion }
    return answerMutation(c, (trx) => attemptTraining(trx, c.get('actor'), args), {
      status: 201,
      body: (attempt) => ({ attempt }),
    })
  })
  /** One role or one user answers the assignment; several users answer one assignment each, in order. */
  .post('/training/assign', validate('json', assignTrainingBodySchema), async (c) => {
    const body = c.req.valid('json')
    const actor = c.get('actor')
    const targets =
      'assignedToIds' in body
        ? [...new Set(body.assignedToIds)].map((userId) => ({ role: null, userId, id: newId() }))
        : [
            {
              role: 'assignedToRole' in body ? body.assignedToRole : null,
              userId: 'assignedToId' in body ? body.assignedToId : null,
              id: body.id ?? newId(),
            },
          ]
    return answerMutation(
      c,
      async (trx) => {
        const value: Assignment[] = []
        for (const t of targets) {
          const args = {
            id: t.id,
            setId: body.setId,
            assignedToRole: t.role,
            assignedToId: t.userId,
            dueDate: body.dueDate ?? null,
          }
          value.push((await assignTraining(trx, actor, args)).value)
        }
        return { status: 'applied', value }
      },
      { status: 201, body: (created) => ('assignedToIds' in body ? created : created[0]) },
    )
  })
