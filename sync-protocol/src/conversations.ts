import { agentIdSchema, idSchema, requiredText, timestampSchema } from './common.ts'
import { LIMITS } from './constants.ts'
import { z } from './zod.ts'

/** A passage an answer drew on (the stream's meta.contexts and a message's metadata.sources). */
export const sourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  section: z.string().nullable(),
  page: z.number().int().nullable(),
  text: z.string(),
  score: z.number().optional(),
  /** The document it came from, its file, and the app link that opens it at this page or section (absent in answers older than the document library). */
  documentId: z.string().optional(),
  fileName: z.string().optional(),
  url: z.string().optional(),
})
export type Source = z.infer<typeof sourceSchema>

/**
 * How an answer came about: from the expert's chosen model, its fallback, or the built-in
 * answerer quoting the manuals (with the reason, e.g. no key on the server); `stopped` when its
 * author stopped it while it streamed, or the server cut off a model that wrote on past any answer's
 * length (the text is what had arrived by then).
 */
export const answerOriginSchema = z.object({
  by: z.enum(['primary', 'fallback', 'local']),
  model: z.string().nullable(),
  reason: z.string().nullable(),
  stopped: z.boolean(),
  /** The units whose manuals were searched first ("Furuno DRS4D-NXT"), when the question is about a case's equipment. */
  focus: z.array(z.string()).optional(),
})
export type AnswerOrigin = z.infer<typeof answerOriginSchema>

export const CONVERSATION_STATUSES = ['active', 'archived'] as const

export const conversationSchema = z.object({
  id: idSchema,
  title: z.string().nullable(),
  agentId: agentIdSchema,
  status: z.enum(CONVERSATION_STATUSES),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
})
export type Conversation = z.infer<typeof conversationSchema>

export const messageSchema = z.object({
  id: idSchema,
  conversationId: idSchema,
  role: z.enum(['user', 'assistant']),
  /** Sanitised HTML. */
  content: z.string(),
  createdAt: timestampSchema,
  metadata: z.object({ sources: z.array(sourceSchema), answer: answerOriginSchema.optional() }),
  /** For an assistant message: the user message it answers. */
  replyTo: idSchema.nullable(),
})
export type Message = z.infer<typeof messageSchema>

/** GET /api/t/{tenant}/conversations/{id} */
export const conversationWithMessagesSchema = conversationSchema.extend({
  messages: z.array(messageSchema),
})
export type ConversationWithMessages = z.infer<typeof conversationWithMessagesSchema>

/** Query of GET /api/t/{tenant}/conversations */
export const conversationListQuerySchema = z.object({
  agentId: agentIdSchema.optional(),
  /** Finds conversations whose title or any message contains this text. */
  q: z.string().trim().max(200).optional(),
})
export const renameConversationSchema = z.object({ title: requiredText(LIMITS.titleMaxChars) })
export const FEEDBACK_RATINGS = ['up', 'down'] as const
export const feedbackBodySchema = z.object({
  rating: z.enum(FEEDBACK_RATINGS),
  comment: z.string().max(LIMITS.feedbackMaxChars).optional(),
})
export const feedbackSchema = z.object({
  messageId: idSchema,
  rating: z.enum(FEEDBACK_RATINGS),
  comment: z.string().nullable(),
  createdAt: timestampSchema,
})
