import { AGENT_IDS, EXPERTS, ROLES } from './constants.ts'
import { z } from './zod.ts'

/** Ids are UUIDs (v7 for rows made on a device, so they sort by creation). */
export const idSchema = z.uuid()
/** Server timestamps are ISO 8601 strings in UTC. */
export const timestampSchema = z.iso.datetime({ offset: true })
export const roleSchema = z.enum(ROLES)
export const expertSchema = z.enum(EXPERTS)
export const agentIdSchema = z.enum(AGENT_IDS)
export const tenantSlugSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'A tenant slug is 1-40 lowercase letters, digits or dashes.')

export type Role = z.infer<typeof roleSchema>
export type Expert = z.infer<typeof expertSchema>
export type AgentId = z.infer<typeof agentIdSchema>

/** Whether an agent id (or a path segment) names an expert. */
export const isExpert = (value: string): value is Expert => (EXPERTS as readonly string[]).includes(value)

/** A trimmed, non-empty string of at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max)

/**
 * Paging of the REST lists (cases, conversations, training sets and assignments, users,
 * documents): `limit` rows at most, after the opaque `cursor` the previous page's `Link: <…>;
 * rel="next"` header carried. A list answers the same array (or object) it always did.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().max(400).optional(),
})
export type PageQuery = z.infer<typeof pageQuerySchema>
