import { pullQuerySchema, pushBodySchema } from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { validate } from '../middleware/validate.ts'
import { releaseStoredBytes } from '../mutations/attachments.ts'
import { pullChanges } from '../sync/pull.ts'
import { pushMutations } from '../sync/push.ts'

/** The device sync endpoints (docs/SYNC.md). */
export const syncRoutes = new Hono<AppEnv>()
  .post('/push', validate('json', pushBodySchema), async (c) => {
    const { deviceId, mutations } = c.req.valid('json')
    const deps = c.get('deps')
    const actor = c.get('actor')
    const { answer, newMessages, removedFiles } = await pushMutations(deps.db, actor, deviceId, mutations)
    const metrics = deps.metrics
    metrics?.syncRequests.inc({ kind: 'push' })
    metrics?.syncRows.inc({ kind: 'push' }, mutations.length)
    metrics?.syncBytes.inc({ kind: 'push' }, Number(c.req.header('content-length') ?? 0))
    for (const result of answer.results) metrics?.mutations.inc({ outcome: result.status })
    for (const messageId of newMessages) deps.onUserMessage?.(actor, messageId)
    for (const sha256 of removedFiles) await releaseStoredBytes(deps, sha256)
    return jsonAnswer(c, answer)
  })
  .get('/pull', validate('query', pullQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid('query')
    const deps = c.get('deps')
    const answer = await pullChanges(deps.db, c.get('actor'), cursor, limit)
    deps.metrics?.syncRequests.inc({ kind: 'pull' })
    if ('changes' in answer) deps.metrics?.syncRows.inc({ kind: 'pull' }, answer.changes.length)
    return jsonAnswer(c, answer)
  })
