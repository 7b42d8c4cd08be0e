import {
  type ConversationWithMessages,
  conversationListQuerySchema,
  feedbackBodySchema,
  pageQuerySchema,
  renameConversationSchema,
} from '@mw/sync-protocol'
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
import { stopAnswer } from '../experts/answer-stored-message.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { DEFAULT_PAGE, pagedAnswer, pageRequest } from '../lib/paging.ts'
import { validate } from '../middleware/validate.ts'
import { deleteConversation, rateAnswer, renameConversation } from '../mutations/chat.ts'
import { answerMutation } from '../mutations/run-mutation.ts'

/** The caller's own conversations (search, rename, delete), stopping an answer, and feedback on answers; another user's answers 404 like a missing one. */
export const conversationRoutes = new Hono<AppEnv>()
  .get('/conversations', validate('query', conversationListQuerySchema.extend(pageQuerySchema.shape)), async (c) => {
    const { tenant, userId } = c.get('actor')
    const query = c.req.valid('query')
    const page = pageRequest(query, DEFAULT_PAGE)
    const filters = { agentId: query.agentId, search: query.q || undefined }
    const rows = await listConversations(c.get('deps').db, tenant, userId, filters, page)
    return pagedAnswer(c, { rows, page, keyOf: (r) => [r.updated_at, r.id] }, (shown) => shown.map(toConversation))
  })
  .patch('/conversations/:id', validate('json', renameConversationSchema), async (c) => {
    const args = { id: c.req.param('id'), title: c.req.valid('json').title }
    return answerMutation(c, (trx) => renameConversation(trx, c.get('actor'), args))
  })
  .delete('/conversations/:id', async (c) => {
    const args = { id: c.req.param('id') }
    return answerMutation(c, (trx) => deleteConversation(trx, c.get('actor'), args), { status: 204 })
  })
  .post('/messages/:id/feedback', validate('json', feedbackBodySchema), async (c) => {
    const args = { messageId: c.req.param('id'), ...c.req.valid('json') }
    return answerMutation(c, (trx) => rateAnswer(trx, c.get('actor'), args), { status: 201 })
  })
  .post('/messages/:id/stop', async (c) => {
    const answer = await stopAnswer(c.get('deps'), c.get('actor'), c.req.param('id'))
    if (!answer) throw notFound('An answer being written to that question')
    return jsonAnswer(c, answer)
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
    return jsonAnswer(c, body)
  })
