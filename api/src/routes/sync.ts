import { pullQuerySchema, pushBodySchema } from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { validate } from '../middleware/validate.ts'
import { pullChanges } from '../sync/pull.ts'
import { pushMutations } from '../sync/push.ts'

/** The device sync endpoints (DESIGN.md "Data flow" steps 3 and 4). */
export const syncRoutes = new Hono<AppEnv>()
  .post('/push', validate('json', pushBodySchema), async (c) => {
    const { deviceId, mutations } = c.req.valid('json')
    const deps = c.get('deps')
    const actor = c.get('actor')
    const { answer, newMessages } = await pushMutations(deps.db, actor, deviceId, mutations)
    for (const messageId of newMessages) deps.onUserMessage?.(actor, messageId)
    return c.json(answer)
  })
  .get('/pull', validate('query', pullQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid('query')
    return c.json(await pullChanges(c.get('deps').db, c.get('actor'), cursor, limit))
  })
