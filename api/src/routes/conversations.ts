import { type ConversationWithMessages, conversationListQuerySchema } from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import {
  findOwnConversation,
  listConversations,
  listMessages,
  toConversation,
  toMessage,
} from '../db/queries/conversations.ts'
import { notFound } from '../errors.ts'
import { validate } from '../middleware/validate.ts'

/** The caller's own conversations; another user's conversation answers 404 like a missing one. */
export const conversationRoutes = new Hono<AppEnv>()
  .get('/conversations', validate('query', conversationListQuerySchema), async (c) => {
    const { tenant, userId } = c.get('actor')
    const rows = await listConversations(c.get('deps').db, tenant, userId, c.req.valid('query').agentId)
    return c.json(rows.map(toConversation))
  })
  .get('/conversations/:id', async (c) => {
    const { db } = c.get('deps')
    const { tenant, userId } = c.get('actor')
    const row = await findOwnConversation(db, tenant, userId, c.req.param('id'))
    if (!row) throw notFound('The conversation')
    const body: ConversationWithMessages = {
      ...toConversation(row),
      messages: (await listMessages(db, row.id)).map(toMessage),
    }
    return c.json(body)
  })
