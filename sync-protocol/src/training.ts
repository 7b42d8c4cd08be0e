import { expertSchema, idSchema, requiredText, roleSchema, timestampSchema } from './common.ts'
import { LIMITS } from './constants.ts'
import { z } from './zod.ts'

/** Where a drafted question came from: a manual's passage, or an answer in a conversation. */
export const questionSourceSchema = z.object({
  title: z.string().max(500),
  /** An address in the app (/t/{tenant}/documents/…, /t/{tenant}/ask/…). */
  url: z.string().max(2000).nullable(),
})
export type QuestionSource = z.infer<typeof questionSourceSchema>

export const mcqQuestionSchema = z.object({
  type: z.literal('mcq'),
  question: requiredText(1000),
  options: z.array(requiredText(500)).min(2).max(10),
  correct: z.number().int().min(0),
  explanation: z.string().max(4000),
  source: questionSourceSchema.nullable().optional(),
})

/**
 * Where an image-label question's image may be: a sample image of the app (/training/…) or one
 * uploaded to this tenant (POST /training/images). Every device fetches it with its session and
 * shows it, so no other address (GET /api/logout, another site) may get in; '' is a question
 * still without its image.
 */
export function isTrainingImageUrl(url: string, tenant: string): boolean {
  if (url === '' || /^\/training\/[\w-]+\.(svg|png|jpe?g|webp)$/.test(url)) return true
  const uploaded = `/api/t/${tenant}/training/images/`
  return url.startsWith(uploaded) && idSchema.safeParse(url.slice(uploaded.length)).success
}

export const imageLabelQuestionSchema = z.object({
  type: z.literal('image-label'),
  question: requiredText(1000),
  imageUrl: z.string().max(2000),
  labelPoints: z.array(z.object({ x: z.number(), y: z.number(), label: requiredText(200) })).max(50),
  source: questionSourceSchema.nullable().optional(),
})

export const trainingQuestionSchema = z
  .discriminatedUnion('type', [mcqQuestionSchema, imageLabelQuestionSchema])
  .refine((q) => q.type !== 'mcq' || q.correct < q.options.length, {
    message: 'The correct answer must be one of the options.',
    path: ['correct'],
  })
export type TrainingQuestion = z.infer<typeof trainingQuestionSchema>

export const TRAINING_SET_STATUSES = ['draft', 'published'] as const
export const trainingSetStatusSchema = z.enum(TRAINING_SET_STATUSES)

export const trainingSetSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  expert: expertSchema,
  questions: z.array(trainingQuestionSchema),
  /** A draft is being reviewed by managers and cannot be taken; publishing or assigning it makes it final. */
  status: trainingSetStatusSchema,
  /** Goes up on every edit; an attempt is scored against the version its taker saw. */
  version: z.number().int().min(1),
  createdBy: idSchema,
  createdAt: timestampSchema,
})
export type TrainingSet = z.infer<typeof trainingSetSchema>

/** The Training Builder's messages for a missing title (SPEC §5). */
export const TITLE_REQUIRED = 'Please enter a title for the training set.'
export const trainingTitleSchema = z
  .string({ error: (iss) => (iss.input === undefined ? TITLE_REQUIRED : undefined) })
  .trim()
  .min(1, { error: TITLE_REQUIRED })
  .max(LIMITS.titleMaxChars)

/** POST /api/t/{tenant}/training/build */
export const buildTrainingBodySchema = z.object({
  id: idSchema.optional(),
  title: trainingTitleSchema,
  description: z.string().max(4000).default(''),
  expert: expertSchema,
  /** Omitted or empty: the set starts from SAMPLE_QUESTIONS[expert]. */
  questions: z.array(trainingQuestionSchema).max(200).optional(),
  status: trainingSetStatusSchema.default('draft'),
})

/** PUT /api/t/{tenant}/training/sets/{id}: a manager's edit, as the set's next version. */
export const updateTrainingSetBodySchema = z.object({
  title: requiredText(LIMITS.titleMaxChars),
  description: z.string().max(4000).default(''),
  questions: z.array(trainingQuestionSchema).max(200),
  status: trainingSetStatusSchema,
})
export type BuildTrainingBody = z.infer<typeof buildTrainingBodySchema>

export const assignmentStatsSchema = z.object({
  /** People the assignment covers (each member of a role). */
  assigned: z.number().int().min(0),
  /** Of them, those with an attempt that answered every question. */
  completed: z.number().int().min(0),
  /** Of them, those with only attempts that left questions unanswered. */
  inProgress: z.number().int().min(0),
})

/** A day, as the assign form's date field gives it. */
export const dueDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD.')

export const assignmentSchema = z.object({
  id: idSchema,
  setId: idSchema,
  /** When it should be done by (a day), or null. */
  dueDate: dueDateSchema.nullable(),
  assignedToRole: roleSchema.nullable(),
  assignedToId: idSchema.nullable(),
  completed: z.boolean(),
  /** Percent 0-100, null until completed. */
  score: z.number().min(0).max(100).nullable(),
  createdAt: timestampSchema,
  /** GET /training/assignments: counted from people's attempts. */
  stats: assignmentStatsSchema.optional(),
})
export type Assignment = z.infer<typeof assignmentSchema>

/** POST /training/drafts: questions drafted from real work, for a manager to review (nothing is saved). */
export const draftRequestSchema = z.discriminatedUnion('from', [
  z.strictObject({ from: z.literal('conversation'), conversationId: idSchema }),
  z.strictObject({ from: z.literal('case'), caseId: idSchema }),
  z.strictObject({
    from: z.literal('documents'),
    expert: expertSchema,
    documentIds: z.array(idSchema).min(1).max(20),
    /** Only these sections (a passage counts when its section path starts with one); all when absent. */
    sections: z.array(z.string().min(1).max(500)).max(100).optional(),
  }),
])
export type DraftRequest = z.infer<typeof draftRequestSchema>
export const draftAnswerSchema = z.object({
  title: z.string(),
  description: z.string(),
  expert: expertSchema,
  questions: z.array(trainingQuestionSchema),
})
export type TrainingDraft = z.infer<typeof draftAnswerSchema>

/** POST /training/images: where the uploaded (re-encoded) image is served, for an image-label question's imageUrl. */
export const trainingImageAnswerSchema = z.object({ url: z.string() })

/** GET /training/assignments/{id}/results: each person's result and the questions most often missed. */
export const assignmentResultsSchema = z.object({
  people: z.array(
    z.object({
      userId: idSchema,
      name: z.string(),
      attempts: z.number().int().min(0),
      /** Best score of an attempt that answered every question; null until there is one. */
      bestScore: z.number().min(0).max(100).nullable(),
      lastAttemptAt: timestampSchema.nullable(),
    }),
  ),
  /** Questions of the set's current version, most missed first (attempts on earlier versions are not counted). */
  missed: z.array(
    z.object({
      question: z.number().int().min(0),
      text: z.string(),
      missed: z.number().int().min(0),
      answered: z.number().int().min(0),
    }),
  ),
})
export type AssignmentResults = z.infer<typeof assignmentResultsSchema>

/** One answer of an attempt: a choice for a multiple-choice question, labels for an image-label one. */
export const attemptAnswerSchema = z.union([
  z.strictObject({ question: z.number().int().min(0), choice: z.number().int().min(0) }),
  z.strictObject({ question: z.number().int().min(0), labels: z.array(z.string().max(200)).max(50) }),
])
/** POST /training/assignments/{id}/attempts */
export const attemptBodySchema = z.object({
  answers: z.array(attemptAnswerSchema).max(200),
  /** The set's version the answers were given to (default: the current one). */
  setVersion: z.number().int().min(1).optional(),
})
export type AttemptBody = z.infer<typeof attemptBodySchema>

export const attemptSchema = z.object({
  id: idSchema,
  assignmentId: idSchema,
  userId: idSchema,
  /** Percent 0-100, scored on the server against the set as it was when taken. */
  score: z.number().int().min(0).max(100),
  completedAt: timestampSchema,
})
export type Attempt = z.infer<typeof attemptSchema>
export const attemptAnswerBodySchema = z.object({ attempt: attemptSchema })

/** GET /training/mine: what the signed-in user is assigned, directly or by role, with their best result. */
export const myTrainingSchema = z.object({
  items: z.array(
    z.object({
      assignment: assignmentSchema,
      set: trainingSetSchema,
      completed: z.boolean(),
      score: z.number().min(0).max(100).nullable(),
    }),
  ),
})
export type MyTraining = z.infer<typeof myTrainingSchema>

/** The assign form's messages for what it left empty (SPEC §5). */
export const ASSIGN_MESSAGES = {
  set: 'Please select a training set to assign.',
  role: 'Please select a role to assign to.',
  users: 'Please select at least one user to assign to.',
  shape: 'Send setId with exactly one of assignedToRole, assignedToId or assignedToIds.',
} as const

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)
function assignError(input: unknown): string {
  if (typeof input !== 'object' || input === null) return ASSIGN_MESSAGES.shape
  const body = input as Record<string, unknown>
  if (blank(body.setId)) return ASSIGN_MESSAGES.set
  if (!blank(body.assignedToRole) || !blank(body.assignedToId) || !blank(body.assignedToIds)) {
    return ASSIGN_MESSAGES.shape
  }
  if ('assignedToRole' in body) return ASSIGN_MESSAGES.role
  if ('assignedToId' in body || 'assignedToIds' in body) return ASSIGN_MESSAGES.users
  return ASSIGN_MESSAGES.shape
}

const chosenUser = z.uuid({ error: (iss) => (blank(iss.input) ? ASSIGN_MESSAGES.users : undefined) })

/** POST /api/t/{tenant}/training/assign: one role, one user, or several users (each gets an assignment). */
const dueOption = { dueDate: dueDateSchema.nullable().optional() }
export const assignTrainingBodySchema = z.union(
  [
    z.strictObject({ ...dueOption, setId: idSchema, assignedToRole: roleSchema, id: idSchema.optional() }),
    z.strictObject({ ...dueOption, setId: idSchema, assignedToId: chosenUser, id: idSchema.optional() }),
    z.strictObject({
      ...dueOption,
      setId: idSchema,
      assignedToIds: z.array(idSchema).min(1, { error: ASSIGN_MESSAGES.users }).max(500),
    }),
  ],
  { error: (iss) => assignError(iss.input) },
)
export type AssignTrainingBody = z.infer<typeof assignTrainingBodySchema>

/** The built-in sample questions a new set starts from (the built-in samples). */
export const SAMPLE_QUESTIONS: Record<'seakeeper' | 'furuno', TrainingQuestion[]> = {
  seakeeper: [
    {
      type: 'mcq',
      question: 'What must happen before a gyro stabilizer can produce stabilizing torque?',
      options: [
        'The flywheel must reach its operating speed (spool-up)',
        'The boat must be under way above 10 knots',
        'The hull must be heeled to one side',
        'The bilge pump must be running',
      ],
      correct: 0,
      explanation:
        'A gyro stabilizer only resists roll once the flywheel spins at operating speed; until spool-up completes, precession torque is too small to help.',
    },
    {
      type: 'image-label',
      question: 'Label the main parts of the gyro stabilizer.',
      imageUrl: '/training/gyro-diagram.svg',
      labelPoints: [
        { x: 50, y: 40, label: 'Flywheel enclosure' },
        { x: 20, y: 75, label: 'Gimbal bearing' },
        { x: 80, y: 75, label: 'Brake / damping cylinder' },
      ],
    },
  ],
  furuno: [
    {
      type: 'mcq',
      question: 'Which network standard uses a backbone with terminators at both ends?',
      options: ['NMEA 2000', 'NMEA 0183', 'USB', 'RS-232'],
      correct: 0,
      explanation:
        'An NMEA 2000 backbone needs a 120-ohm terminator at each end; missing or extra terminators cause data errors.',
    },
  ],
}
