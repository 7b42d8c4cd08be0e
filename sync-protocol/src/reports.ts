import { expertSchema } from './common.ts'
import { z } from './zod.ts'

export const topSearchSchema = z.object({
  query: z.string(),
  count: z.number().int(),
  trend: z.enum(['up', 'down', 'stable']),
})
export type TopSearch = z.infer<typeof topSearchSchema>

export const lowConfidenceTopicSchema = z.object({
  topic: z.string(),
  queries: z.number().int(),
  /** 0 to 1 */
  confidence: z.number().min(0).max(1),
})
export type LowConfidenceTopic = z.infer<typeof lowConfidenceTopicSchema>

export const trainingSummaryRowSchema = z.object({
  module: z.string(),
  /** percent */
  completion: z.number(),
  /** percent */
  avgScore: z.number(),
})
export type TrainingSummaryRow = z.infer<typeof trainingSummaryRowSchema>

/** GET /api/t/{tenant}/reports/summary: the four tiles and expert usage, computed from the tenant's data. */
export const reportSummarySchema = z.object({
  totalQueries: z.number().int(),
  resolvedPercent: z.number(),
  trainingCompletionPercent: z.number(),
  /** Average time from a case opening to its first response (a note or status change), in minutes; null before any. */
  avgResponseMinutes: z.number().nullable(),
  /** Median time from a case opening to its resolution, in minutes; null with no resolved case. */
  avgResolutionMinutes: z.number().nullable(),
  expertUsage: z.array(z.object({ expert: expertSchema, queries: z.number().int() })),
})
export type ReportSummary = z.infer<typeof reportSummarySchema>

export const topSearchesSchema = z.array(topSearchSchema)
export const lowConfidenceTopicsSchema = z.array(lowConfidenceTopicSchema)
export const trainingSummarySchema = z.array(trainingSummaryRowSchema)

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-25.')

/** Query of every GET /reports/*: the days to count, inclusive (absent: from the start, or until today). */
export const reportRangeQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'The range starts after it ends.', path: ['from'] })
export type ReportRange = z.infer<typeof reportRangeQuerySchema>

/** GET /reports/activity: questions per day and expert over the range (at most a year, days without questions included). */
export const activityDaySchema = z.object({ day: isoDay, seakeeper: z.number().int(), furuno: z.number().int() })
export const activitySchema = z.array(activityDaySchema)
export type ActivityDay = z.infer<typeof activityDaySchema>
