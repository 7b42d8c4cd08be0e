import path from 'node:path'
import { z } from 'zod'

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  /** Set behind TLS so the session cookie is Secure. Derived from PUBLIC_URL when that is https. */
  PUBLIC_URL: z.url().optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().optional(),
  OPENAI_COMPATIBLE_API_KEY: z.string().optional(),
  /** The operator's OpenAI-compatible server: the only base URL OPENAI_COMPATIBLE_API_KEY is sent to. */
  OPENAI_COMPATIBLE_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
})

const REPO_ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * `./data` at the repository root by default. A relative DATA_DIR is taken from where the user
 * ran the command (npm's INIT_CWD), not from the package folder pnpm runs the server in.
 */
function dataDir(configured: string | undefined, initCwd: string | undefined): string {
  if (!configured) return path.join(REPO_ROOT, 'data')
  return path.resolve(initCwd ?? process.cwd(), configured)
}

export type Env = z.infer<typeof envSchema> & { oidc: OidcEnv | null; dbFile: string }
export type OidcEnv = { issuer: string; clientId: string; clientSecret: string }

/** Parses the environment once at boot; a bad value stops the server with a readable message. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  if (env.DATABASE_URL?.startsWith('postgres')) {
    throw new Error(
      'DATABASE_URL selects PostgreSQL, which this build does not support yet. Unset it to use the embedded SQLite database in DATA_DIR.',
    )
  }
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = env
  const oidc =
    OIDC_ISSUER && OIDC_CLIENT_ID && OIDC_CLIENT_SECRET
      ? { issuer: OIDC_ISSUER, clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET }
      : null
  return { ...env, oidc, dbFile: path.join(dataDir(env.DATA_DIR, source.INIT_CWD), 'workbench.db') }
}
