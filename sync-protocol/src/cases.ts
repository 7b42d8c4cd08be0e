import { expertSchema, idSchema, requiredText, timestampSchema } from './common.ts'
import { CASE_STATUSES, LIMITS } from './constants.ts'
import { z } from './zod.ts'

export const caseStatusSchema = z.enum(CASE_STATUSES)
export type CaseStatus = z.infer<typeof caseStatusSchema>

export const tagsSchema = z.array(requiredText(LIMITS.tagMaxChars)).max(LIMITS.tagsMax)

export const caseSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  expert: expertSchema,
  status: caseStatusSchema,
  tags: z.array(z.string()),
  createdBy: idSchema,
  assignedTo: idSchema.nullable(),
  conversationId: idSchema.nullable(),
  /** Goes up on every change to the case; a status change names the version its author last saw. */
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
})
export type Case = z.infer<typeof caseSchema>

export const CASE_EVENT_KINDS = ['created', 'status', 'note', 'conflict'] as const

/** The case history: who changed what, including status changes that lost a conflict. */
export const caseEventSchema = z.object({
  id: idSchema,
  caseId: idSchema,
  kind: z.enum(CASE_EVENT_KINDS),
  authorId: idSchema,
  /** status: {from, to}; note: {text}; conflict: {wanted, current, mid}; created: {} */
  data: z.record(z.string(), z.unknown()),
  createdAt: timestampSchema,
})
export type CaseEvent = z.infer<typeof caseEventSchema>

/** PUT /api/t/{tenant}/cases/{id}: the spec sends {status} or {description}. */
export const updateCaseBodySchema = z.union(
  [
    z.strictObject({ status: caseStatusSchema, baseVersion: z.number().int().min(0).optional() }),
    z.strictObject({
      description: z.string().max(LIMITS.descriptionMaxChars),
      baseVersion: z.number().int().min(0).optional(),
    }),
  ],
  {
    error: 'Send either {status} (Open, In-Progress or Resolved) or {description}, each with an optional baseVersion.',
  },
)
export type UpdateCaseBody = z.infer<typeof updateCaseBodySchema>

/** POST /api/t/{tenant}/cases */
export const createCaseBodySchema = z.object({
  id: idSchema.optional(),
  title: requiredText(LIMITS.titleMaxChars),
  description: z.string().max(LIMITS.descriptionMaxChars).default(''),
  expert: expertSchema,
  tags: tagsSchema.default([]),
  conversationId: idSchema.nullable().optional(),
  assignedTo: idSchema.nullable().optional(),
})
export type CreateCaseBody = z.infer<typeof createCaseBodySchema>

/** GET /api/t/{tenant}/cases/{id}/history */
export const caseHistorySchema = z.array(caseEventSchema)

/** A photo or file on a case (POST /cases/{id}/attachments). Images are stored re-encoded, without metadata. */
export const attachmentSchema = z.object({
  id: idSchema,
  caseId: idSchema,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  createdAt: timestampSchema,
  createdBy: idSchema,
})
export type Attachment = z.infer<typeof attachmentSchema>
export const attachmentAnswerSchema = z.object({ attachment: attachmentSchema })
export const attachmentListSchema = z.object({ attachments: z.array(attachmentSchema) })
