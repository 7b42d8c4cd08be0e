import { idSchema, roleSchema, timestampSchema } from './common.ts'
import { DEFAULT_MODEL_CONFIG, LIMITS, PROVIDERS, THEMES } from './constants.ts'
import { ACCENT_MIN_CONTRAST, contrastRatio } from './contrast.ts'
import { z } from './zod.ts'

export const themeSchema = z.enum(THEMES)
export const providerSchema = z.enum(PROVIDERS)

/** Where the server serves a tenant's uploaded logo (PUT /admin/logo sets it; `v` changes with the file). */
export const uploadedLogoPath = (tenant: string, sha256: string) =>
  `/api/branding/${tenant}/logo?v=${sha256.slice(0, 16)}`
const uploadedLogoPattern = /^\/api\/branding\/[a-z0-9][a-z0-9-]{0,62}\/logo\?v=[0-9a-f]{16}$/

export const accentColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #0f766e.')
  .transform((s) => s.toLowerCase())
  .refine((c) => contrastRatio(c, '#ffffff') >= ACCENT_MIN_CONTRAST, {
    message: `White text on this colour is hard to read: pick a darker one (contrast at least ${ACCENT_MIN_CONTRAST}:1).`,
  })

export const brandingSchema = z.object({
  name: z.string().trim().min(1).max(80),
  theme: themeSchema,
  logoUrl: z.union([z.url({ protocol: /^https?$/ }), z.string().regex(uploadedLogoPattern), z.literal('')]).nullable(),
  logoLetters: z
    .string()
    .trim()
    .max(LIMITS.logoLettersMax)
    .transform((s) => s.toUpperCase()),
  /** Replaces the theme's primary colour; absent or null keeps the theme's. */
  accentColor: accentColorSchema.nullable().optional(),
})
export type Branding = z.infer<typeof brandingSchema>

export const modelChoiceSchema = z.object({
  provider: providerSchema,
  model: z.string().trim().min(1).max(120),
  /** Only for openai-compatible: the model server's base URL, e.g. http://10.0.0.5:11434/v1 */
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
})
export type ModelChoice = z.infer<typeof modelChoiceSchema>

export const expertModelConfigSchema = z.object({
  primary: modelChoiceSchema,
  fallback: modelChoiceSchema.nullable().optional(),
  temperature: z.number().min(LIMITS.temperature.min).max(LIMITS.temperature.max),
  maxOutputTokens: z.number().int().min(LIMITS.maxOutputTokens.min).max(LIMITS.maxOutputTokens.max),
  /** Every member's device keeps this expert's manuals for answers at sea, without asking. */
  keepOnDevices: z.boolean().optional(),
})
export type ExpertModelConfig = z.infer<typeof expertModelConfigSchema>

const { step } = LIMITS.temperature
/**
 * What an Admin may save: the temperature in steps of 0.1 (SPEC §5), within a rounding error so
 * 0.1 + 0.2 counts as 0.3. Only on the way in: a config stored before is still read as it is.
 */
export const expertModelConfigInputSchema = expertModelConfigSchema.extend({
  temperature: expertModelConfigSchema.shape.temperature.refine(
    (t) => Math.abs(t / step - Math.round(t / step)) < 1e-6,
    { error: `Use steps of ${step}, e.g. 0.7.` },
  ),
})

export const defaultExpertModelConfig = (): ExpertModelConfig => ({
  primary: { ...DEFAULT_MODEL_CONFIG.primary },
  fallback: null,
  temperature: DEFAULT_MODEL_CONFIG.temperature,
  maxOutputTokens: DEFAULT_MODEL_CONFIG.maxOutputTokens,
})

/** GET /api/t/{tenant}/admin/config */
export const tenantConfigSchema = z.object({
  branding: brandingSchema,
  models: z.object({ seakeeper: expertModelConfigSchema, furuno: expertModelConfigSchema }),
})
export type TenantConfig = z.infer<typeof tenantConfigSchema>

/** GET /api/t/{tenant}/admin/config also says, per provider, whether the server holds its key (never the key). */
export const adminConfigSchema = tenantConfigSchema.extend({
  providers: z.record(providerSchema, z.object({ keyConfigured: z.boolean() })),
})
export type AdminConfig = z.infer<typeof adminConfigSchema>

/** POST /api/t/{tenant}/admin/models/{expert}/test */
export const modelTestResultSchema = z.object({
  ok: z.boolean(),
  provider: z.string(),
  model: z.string(),
  latencyMs: z.number().int(),
  error: z.string().nullable(),
})
export type ModelTestResult = z.infer<typeof modelTestResultSchema>

/** PUT /api/t/{tenant}/admin/config */
export const updateConfigBodySchema = z.object({ branding: brandingSchema })
export type UpdateConfigBody = z.infer<typeof updateConfigBodySchema>

/** PUT /api/t/{tenant}/admin/models/{expert} takes expertModelConfigInputSchema. */

/** One row of GET /api/t/{tenant}/admin/users */
export const tenantUserSchema = z.object({
  id: idSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: roleSchema,
  createdAt: timestampSchema,
  profileImageUrl: z.string().nullable(),
  /** Set while an Admin has deactivated the member (absent in rows from before deactivation existed). */
  deactivatedAt: timestampSchema.nullable().optional(),
})
export type TenantUser = z.infer<typeof tenantUserSchema>

/** PUT /api/t/{tenant}/admin/users/{userId}/role */
export const updateRoleBodySchema = z.object({ role: roleSchema })
export type UpdateRoleBody = z.infer<typeof updateRoleBodySchema>

/** PUT /admin/users/{userId}/status: an Admin deactivates (sessions end at once) or reactivates a member. */
export const memberStatusBodySchema = z.object({ active: z.boolean() })

/** POST /admin/users: an Admin adds someone by e-mail. */
export const inviteMemberSchema = z.object({
  email: z.email().max(254),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  role: roleSchema,
})

/** GET /admin/system: what an Admin needs to know the server is healthy. */
export const systemInfoSchema = z.object({
  version: z.string(),
  /** The web app being served: its entry bundle's content hash and when it was built (null without a build). */
  build: z.object({ id: z.string().nullable(), builtAt: timestampSchema.nullable() }),
  protocolVersion: z.string(),
  node: z.string(),
  startedAt: timestampSchema,
  database: z.object({
    kind: z.enum(['sqlite', 'postgres']),
    sizeBytes: z.number().int(),
    freeBytes: z.number().int().nullable(),
  }),
  knowledge: z.object({
    documents: z.number().int(),
    passages: z.number().int(),
    processing: z.number().int(),
    failed: z.number().int(),
  }),
  sync: z.object({
    devices: z.number().int(),
    lastSeenAt: timestampSchema.nullable(),
    /** The oldest question still waiting for its answer, if any. */
    oldestWaitingAt: timestampSchema.nullable(),
  }),
  /** Per expert: the chosen model, why this server cannot call it (null: it can), and who wrote the last 7 days' answers. */
  models: z.array(
    z.object({
      expert: z.enum(['seakeeper', 'furuno']),
      primary: z.string(),
      unavailable: z.string().nullable(),
      answers: z.object({ primary: z.number().int(), fallback: z.number().int(), local: z.number().int() }),
    }),
  ),
  /** The newest errors the server logged about this tenant (fixed messages, no user data). */
  recentErrors: z.array(z.object({ at: timestampSchema, message: z.string() })),
})
export type SystemInfo = z.infer<typeof systemInfoSchema>
