/**
 * The sync mutations: each user action a device can make offline, named once with its argument
 * schema. The device applies it optimistically to IndexedDB and queues it in the outbox; the
 * server re-validates the arguments, checks permissions, and its result wins.
 */

import { caseStatusSchema, equipmentSchema, tagsSchema, vesselSchema } from './cases.ts'
import { expertSchema, idSchema, requiredText, roleSchema, timestampSchema } from './common.ts'
import { LIMITS } from './constants.ts'
import { FEEDBACK_RATINGS } from './conversations.ts'
import { imageUploadSchema } from './stream.ts'
import { brandingSchema, expertModelConfigInputSchema } from './tenant.ts'
import {
  attemptAnswerSchema,
  dueDateSchema,
  trainingQuestionSchema,
  trainingSetStatusSchema,
  trainingTitleSchema,
} from './training.ts'
import { z } from './zod.ts'

export const mutationArgsSchemas = {
  'case.create': z.object({
    id: idSchema,
    title: requiredText(LIMITS.titleMaxChars),
    description: z.string().max(LIMITS.descriptionMaxChars),
    expert: expertSchema,
    tags: tagsSchema,
    conversationId: idSchema.nullable(),
    vessel: vesselSchema.default(''),
    equipment: equipmentSchema.default([]),
  }),
  'case.setStatus': z.object({ caseId: idSchema, status: caseStatusSchema }),
  /** `text` already carries the author's local "[date-time]" prefix; notes are inserts by id and never conflict. */
  'case.appendNote': z.object({
    caseId: idSchema,
    noteId: idSchema,
    text: requiredText(LIMITS.noteMaxChars),
  }),
  /** Replaces the vessel and the list of units; the history keeps each version, so nothing is lost. */
  'case.setEquipment': z.object({ caseId: idSchema, vessel: vesselSchema, equipment: equipmentSchema }),
  /** Removes an uploaded photo or file of a case (its author, a Manager or an Admin); one already gone stays gone. */
  'attachment.delete': z.object({ id: idSchema }),
  'training.createSet': z.object({
    id: idSchema,
    title: trainingTitleSchema,
    description: z.string().max(4000),
    expert: expertSchema,
    questions: z.array(trainingQuestionSchema).max(200),
    /** A new set is a draft (the spec's "Draft" badge) until it is published or assigned. */
    status: trainingSetStatusSchema.default('draft'),
  }),
  /** A manager's edit of a set: replaced whole, as a new version (attempts keep the version they took). */
  'training.updateSet': z.object({
    id: idSchema,
    title: requiredText(LIMITS.titleMaxChars),
    description: z.string().max(4000),
    questions: z.array(trainingQuestionSchema).max(200),
    status: trainingSetStatusSchema,
  }),
  'training.assign': z
    .object({
      id: idSchema,
      setId: idSchema,
      assignedToRole: roleSchema.nullable(),
      assignedToId: idSchema.nullable(),
      dueDate: dueDateSchema.nullable().default(null),
    })
    .refine((a) => (a.assignedToRole === null) !== (a.assignedToId === null), {
      message: 'Assign to exactly one role or one user.',
    }),
  /** Answers to an assigned set, taken on the device (offline too); the server scores them once, keyed by id. */
  'training.attempt': z.object({
    id: idSchema,
    assignmentId: idSchema,
    answers: z.array(attemptAnswerSchema).max(200),
    setVersion: z.number().int().min(1).optional(),
  }),
  /** A chat message written offline; the server answers it once, keyed by messageId. */
  'chat.send': z.object({
    conversationId: idSchema,
    messageId: idSchema,
    agentId: expertSchema,
    query: requiredText(LIMITS.queryMaxChars),
    images: z.array(imageUploadSchema).max(LIMITS.imagesPerMessage),
    /** Asked from a case: a new conversation is linked to it, so its answers know the case's equipment. */
    caseId: idSchema.nullable().default(null),
  }),
  'conversation.rename': z.object({ id: idSchema, title: requiredText(LIMITS.titleMaxChars) }),
  /** Gone from every list and device; kept on the server so `conversation.restore` can undo it. */
  'conversation.delete': z.object({ id: idSchema }),
  'conversation.restore': z.object({ id: idSchema }),
  /** Thumbs up or down on an answer; a later rating by the same person replaces the earlier one. */
  'message.rate': z.object({
    messageId: idSchema,
    rating: z.enum(FEEDBACK_RATINGS),
    comment: z.string().max(LIMITS.feedbackMaxChars).nullable(),
  }),
  'tenant.saveBranding': z.object({ branding: brandingSchema }),
  'tenant.saveModel': z.object({ expert: expertSchema, config: expertModelConfigInputSchema }),
  'user.setRole': z.object({ userId: idSchema, role: roleSchema }),
} as const

export type MutationType = keyof typeof mutationArgsSchemas
export const MUTATION_TYPES = Object.keys(mutationArgsSchemas) as MutationType[]
export type MutationArgs<T extends MutationType> = z.infer<(typeof mutationArgsSchemas)[T]>
/** What a caller may send: fields with defaults may be left out. */
export type MutationInput<T extends MutationType> = z.input<(typeof mutationArgsSchemas)[T]>

const mutationEnvelope = {
  /** UUIDv7 made on the device; the server remembers it so a replay is never applied twice. */
  mid: idSchema,
  /** Gapless per device, from 1. */
  seq: z.number().int().min(1),
  /** The version of the touched row the device last saw (case.setStatus uses it to detect conflicts). */
  baseVersion: z.number().int().min(0).nullable(),
  createdAt: timestampSchema,
}

export const mutationSchema = z.discriminatedUnion(
  'type',
  MUTATION_TYPES.map((type) =>
    z.object({ ...mutationEnvelope, type: z.literal(type), args: mutationArgsSchemas[type] }),
  ) as unknown as [MutationOf<'case.create'>, ...MutationOf<MutationType>[]],
)

type MutationOf<T extends MutationType> = z.ZodObject<{
  mid: typeof idSchema
  seq: z.ZodNumber
  baseVersion: z.ZodNullable<z.ZodNumber>
  createdAt: typeof timestampSchema
  type: z.ZodLiteral<T>
  args: (typeof mutationArgsSchemas)[T]
}>

export type Mutation = {
  [T in MutationType]: {
    mid: string
    seq: number
    baseVersion: number | null
    createdAt: string
    type: T
    args: MutationArgs<T>
  }
}[MutationType]
