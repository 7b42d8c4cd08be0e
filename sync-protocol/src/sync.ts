import { attachmentSchema, caseEventSchema, caseSchema } from './cases.ts'
import { idSchema } from './common.ts'
import { LIMITS } from './constants.ts'
import { conversationSchema, messageSchema } from './conversations.ts'
import { knowledgeStateSchema } from './documents.ts'
import { tenantConfigSchema, tenantUserSchema } from './tenant.ts'
import { assignmentSchema, trainingSetSchema } from './training.ts'
import { z } from './zod.ts'

/** POST /api/t/{tenant}/sync/push */
export const pushBodySchema = z.object({
  deviceId: idSchema,
  mutations: z.array(z.unknown()).min(1).max(LIMITS.pushBatchMax),
})
export type PushBody = z.infer<typeof pushBodySchema>
/** Each entry of `mutations` is validated on its own (mutationSchema), so one bad mutation is rejected, not the batch. */

export const PUSH_STATUSES = ['applied', 'duplicate', 'gap', 'rejected', 'conflict'] as const
export type PushStatus = (typeof PUSH_STATUSES)[number]

export const pushResultSchema = z.object({
  mid: z.string(),
  status: z.enum(PUSH_STATUSES),
  /** For gap: the seq the server expects next. */
  expectedSeq: z.number().int().optional(),
  /** For rejected and conflict: a sentence the user sees. */
  reason: z.string().optional(),
  code: z.string().optional(),
  /** For duplicate: what the first delivery of this mid did. */
  outcome: z.enum(['applied', 'rejected', 'conflict']).optional(),
})
export type PushResult = z.infer<typeof pushResultSchema>

export const pushAnswerSchema = z.object({
  results: z.array(pushResultSchema),
  /** The last seq the server has applied (or rejected) for this device. */
  lastSeq: z.number().int(),
})
export type PushAnswer = z.infer<typeof pushAnswerSchema>

/** GET /api/t/{tenant}/sync/pull?cursor=N&limit=M */
export const pullQuerySchema = z.object({
  cursor: z.coerce.number().int().min(0),
  limit: z.coerce.number().int().min(1).max(LIMITS.pullPageMax).default(LIMITS.pullPageDefault),
})
export type PullQuery = z.infer<typeof pullQuerySchema>

const upsert = <E extends string, S extends z.ZodType>(entity: E, row: S) =>
  z.object({
    version: z.number().int(),
    entity: z.literal(entity),
    id: z.string(),
    op: z.literal('upsert'),
    row,
  })

export const SYNC_ENTITIES = [
  'case',
  'caseEvent',
  'attachment',
  'conversation',
  'message',
  'trainingSet',
  'assignment',
  'tenantConfig',
  'tenantUser',
  'knowledge',
] as const
export type SyncEntity = (typeof SYNC_ENTITIES)[number]

export const changeSchema = z.union([
  upsert('case', caseSchema),
  upsert('caseEvent', caseEventSchema),
  upsert('attachment', attachmentSchema),
  upsert('conversation', conversationSchema),
  upsert('message', messageSchema),
  upsert('trainingSet', trainingSetSchema),
  upsert('assignment', assignmentSchema),
  /** The tenant config row has id = tenant slug. */
  upsert('tenantConfig', tenantConfigSchema),
  upsert('tenantUser', tenantUserSchema),
  /** One row per expert, id = the expert. */
  upsert('knowledge', knowledgeStateSchema),
  z.object({
    version: z.number().int(),
    entity: z.enum(SYNC_ENTITIES),
    id: z.string(),
    op: z.literal('delete'),
  }),
])
export type Change = z.infer<typeof changeSchema>

export const pullAnswerSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('page'),
    changes: z.array(changeSchema),
    /** Pass back as ?cursor= for the next page. */
    cursor: z.number().int(),
    hasMore: z.boolean(),
  }),
  /** The cursor is older than the server's log: download everything again (keep the outbox). */
  z.object({ kind: z.literal('reset') }),
])
export type PullAnswer = z.infer<typeof pullAnswerSchema>
