import { expertSchema, idSchema, requiredText } from './common.ts'
import { IMAGE_TYPES, LIMITS } from './constants.ts'
import { sourceSchema } from './conversations.ts'
import { z } from './zod.ts'

/** Body of POST /api/t/{tenant}/experts/{expert}/stream (JSON, or the text fields of the multipart form). */
export const streamRequestSchema = z.object({
  query: requiredText(LIMITS.queryMaxChars),
  filters: z.object({ file_subject_type: expertSchema }),
  conversationId: idSchema.optional(),
  /** Set by offline-sent messages so a replay never asks the model twice. */
  messageId: idSchema.optional(),
})
export type StreamRequest = z.infer<typeof streamRequestSchema>

/** One `data:` line of the answer stream. */
export const streamEventSchema = z.object({
  meta: z.object({ contexts: z.array(sourceSchema) }).optional(),
  text: z.string().optional(),
  error: z.string().optional(),
  done: z.boolean().optional(),
  conversationId: idSchema.optional(),
})
export type StreamEvent = z.infer<typeof streamEventSchema>

/** An image as the browser keeps it (pending message, offline outbox): name, type, size and a data URL. */
export const imageUploadSchema = z.object({
  name: z.string().max(255),
  type: z.enum(IMAGE_TYPES),
  size: z.number().int().min(1).max(LIMITS.imageMaxBytes),
  data: z.string().startsWith('data:image/').max(LIMITS.imageDataUrlMaxChars),
})
export type ImageUpload = z.infer<typeof imageUploadSchema>

/** Session-storage pending message of the electronics expert landing. */
export const pendingMessageSchema = z.object({
  content: z.string(),
  images: z.array(imageUploadSchema).max(LIMITS.imagesPerMessage),
})
export type PendingMessage = z.infer<typeof pendingMessageSchema>
