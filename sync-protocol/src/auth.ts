import { idSchema, roleSchema, tenantSlugSchema } from './common.ts'
import { z } from './zod.ts'

export const tenantMembershipSchema = z.object({
  slug: tenantSlugSchema,
  name: z.string(),
  role: roleSchema,
})

/** GET /api/auth/user */
export const currentUserSchema = z.object({
  id: idSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  claims: z.object({ sub: z.string() }),
  tenants: z.array(tenantMembershipSchema),
})
export type CurrentUser = z.infer<typeof currentUserSchema>

/** GET /api/t/{tenant}/user/role */
export const roleAnswerSchema = z.object({ role: roleSchema })
export type RoleAnswer = z.infer<typeof roleAnswerSchema>
