import { z } from './zod.ts'

/**
 * Optional dense retrieval (Admin Settings → Models): a model that turns passages and questions
 * into vectors, fused with the word search. OpenAI, Google, or an OpenAI-compatible server such
 * as a model on the boat (its base URL, e.g. http://10.0.0.5:11434/v1).
 */
export const EMBEDDING_PROVIDERS = ['openai', 'google', 'openai-compatible'] as const
export const embeddingChoiceSchema = z.object({
  provider: z.enum(EMBEDDING_PROVIDERS),
  model: z.string().trim().min(1).max(120),
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
})
export type EmbeddingChoice = z.infer<typeof embeddingChoiceSchema>

/** PUT /admin/embedding: the model, or null to search by words alone. */
export const embeddingSettingsSchema = z.object({ embedding: embeddingChoiceSchema.nullable() })

/** GET and PUT /admin/embedding answer: the model and how far the passages are embedded. */
export const embeddingStatusSchema = z.object({
  embedding: embeddingChoiceSchema.nullable(),
  /** Passages of this tenant with a vector from the chosen model, of all its passages. */
  embedded: z.number().int().min(0),
  total: z.number().int().min(0),
  /** True while passages are being embedded. */
  working: z.boolean(),
  /** Why embedding stopped (the model refused, the server was unreachable), until it next succeeds. */
  error: z.string().nullable(),
})
export type EmbeddingStatus = z.infer<typeof embeddingStatusSchema>
