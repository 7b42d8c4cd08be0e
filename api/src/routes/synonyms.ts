import { expertSchema, expertSynonymsSchema } from '@mw/sync-protocol'
import { MARINE_SYNONYMS, normalizeSynonymGroups } from '@mw/sync-protocol/retrieval'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-env.ts'
import { assertAdmin } from '../auth/actor.ts'
import { recordChange } from '../db/queries/change-log.ts'
import { expertSynonyms, saveSynonyms } from '../db/queries/synonyms.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { now } from '../lib/time.ts'
import { validate } from '../middleware/validate.ts'

/**
 * An expert's own words that mean the same, searched together like the shipped marine ones: any
 * member reads them, only an Admin changes them. A change reaches devices through the expert's
 * knowledge row, so answers at sea search the same way.
 */
export const synonymRoutes = new Hono<AppEnv>()

const expertParam = validate('param', z.object({ expert: expertSchema, tenant: z.string() }))
const answer = (groups: string[][]) => ({ groups, shipped: MARINE_SYNONYMS.map((g) => [...g]) })

synonymRoutes
  .get('/experts/:expert/synonyms', expertParam, async (c) => {
    const { db } = c.get('deps')
    return jsonAnswer(c, answer(await expertSynonyms(db, c.get('actor').tenant, c.req.valid('param').expert)))
  })
  .put('/experts/:expert/synonyms', expertParam, validate('json', expertSynonymsSchema), async (c) => {
    const actor = c.get('actor')
    assertAdmin(actor)
    const { db } = c.get('deps')
    const { expert } = c.req.valid('param')
    const groups = normalizeSynonymGroups(c.req.valid('json').groups)
    await db.transaction().execute(async (trx) => {
      await saveSynonyms(trx, { tenant: actor.tenant, expert, groups, userId: actor.userId, at: now() })
      await recordChange(trx, actor.tenant, 'knowledge', expert)
    })
    return jsonAnswer(c, answer(groups))
  })
