import { expertSchema, idSchema, requiredText, timestampSchema } from './common.ts'
import { CASE_STATUSES, LIMITS } from './constants.ts'
import { z } from './zod.ts'

export const caseStatusSchema = z.enum(CASE_STATUSES)
export type CaseStatus = z.infer<typeof caseStatusSchema>

export const tagsSchema = z.array(requiredText(LIMITS.tagMaxChars)).max(LIMITS.tagsMax)

const equipmentText = z.string().trim().max(LIMITS.equipmentFieldMaxChars)

/** One unit a technician works on: make and model, its serial, and hours or firmware where known. */
export const equipmentUnitSchema = z.object({
  make: equipmentText,
  model: equipmentText,
  serial: equipmentText,
  hours: z.number().int().min(0).max(1_000_000).nullable(),
  firmware: equipmentText,
})
export type EquipmentUnit = z.infer<typeof equipmentUnitSchema>
export const equipmentSchema = z.array(equipmentUnitSchema).max(LIMITS.equipmentUnitsMax)
export const vesselSchema = z.string().trim().max(LIMITS.vesselMaxChars)

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
  /** The vessel's name and the units worked on ('' and [] until someone records them). */
  vessel: z.string(),
  equipment: z.array(equipmentUnitSchema),
  /** Goes up on every change to the case; a status change names the version its author last saw. */
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
})
export type Case = z.infer<typeof caseSchema>

export const CASE_EVENT_KINDS = ['created', 'status', 'note', 'conflict', 'equipment'] as const

/** The case history: who changed what, including status changes that lost a conflict. */
export const caseEventSchema = z.object({
  id: idSchema,
  caseId: idSchema,
  kind: z.enum(CASE_EVENT_KINDS),
  authorId: idSchema,
  /** status: {from, to}; note: {text}; conflict: {wanted, current, mid}; created: {}; equipment: {vessel, equipment} */
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
    z.strictObject({ vessel: vesselSchema, equipment: equipmentSchema }),
  ],
  {
    error:
      'Send {status} (Open, In-Progress or Resolved) or {description}, each with an optional baseVersion, or {vessel, equipment}.',
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
  vessel: vesselSchema.default(''),
  equipment: equipmentSchema.default([]),
  conversationId: idSchema.nullable().optional(),
  assignedTo: idSchema.nullable().optional(),
})
export type CreateCaseBody = z.infer<typeof createCaseBodySchema>

/** GET /api/t/{tenant}/cases/{id}/history */
export const caseHistorySchema = z.array(caseEventSchema)

export const ATTACHMENT_KINDS = ['file', 'signature'] as const
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number]

/**
 * A photo or file on a case (POST /cases/{id}/attachments, multipart: `file`, and optionally `id`
 * made on the device so a repeated upload is recognised, and `kind`). Images are stored
 * re-encoded, without metadata. `signature` is the customer's signature for the service report.
 */
export const attachmentSchema = z.object({
  id: idSchema,
  caseId: idSchema,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  kind: z.enum(ATTACHMENT_KINDS),
  createdAt: timestampSchema,
  createdBy: idSchema,
})
export type Attachment = z.infer<typeof attachmentSchema>
export const attachmentAnswerSchema = z.object({ attachment: attachmentSchema })
export const attachmentListSchema = z.object({ attachments: z.array(attachmentSchema) })
/** PUT /uploads/{id}/chunks/{start} and GET /uploads/{id}: the bytes the server has of a file sent in pieces. */
export const stagedUploadSchema = z.object({ received: z.number().int().min(0) })
