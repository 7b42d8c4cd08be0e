import { embeddingSettingsSchema } from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { assertAdmin, assertManagerOrAdmin } from '../auth/actor.ts'
import { saveEmbeddingSettings } from '../db/queries/embeddings.ts'
import { embeddingStatus, startEmbedding } from '../embeddings/indexer.ts'
import { ApiError } from '../errors.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { now } from '../lib/time.ts'
import { validate } from '../middleware/validate.ts'

/**
 * Optional dense retrieval (Admin Settings → Models): Managers and Admins see the embedding model
 * and how far the passages are embedded; an Admin chooses the model (or none), which starts
 * embedding in the background.
 */
export const embeddingRoutes = new Hono<AppEnv>()
  .get('/admin/embedding', async (c) => {
    const actor = c.get('actor')
    assertManagerOrAdmin(actor)
    return jsonAnswer(c, await embeddingStatus(c.get('deps').db, actor.tenant))
  })
  .put('/admin/embedding', validate('json', embeddingSettingsSchema), async (c) => {
    const actor = c.get('actor')
    assertAdmin(actor)
    const deps = c.get('deps')
    const { embedding } = c.req.valid('json')
    if (embedding && (embedding.provider === 'openai-compatible') !== Boolean(embedding.baseUrl)) {
      throw new ApiError('invalid_input', 'A base URL goes with an OpenAI-compatible server, and only with it.', {
        field: 'baseUrl',
      })
    }
    await saveEmbeddingSettings(deps.db, actor.tenant, embedding, now())
    if (embedding) void startEmbedding(deps, actor.tenant)
    return jsonAnswer(c, await embeddingStatus(deps.db, actor.tenant))
  })
