import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { isPostgresUrl } from './db/database.ts'
import { outboundFetch } from './lib/outbound.ts'
import { REPO_ROOT } from './paths.ts'

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
  /** Hosts the server may call although they are private (a model server on the boat's LAN), comma-separated. */
  OUTBOUND_ALLOWED_HOSTS: z.string().default(''),
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  /** How long requests and answer streams in flight may finish after SIGTERM before they are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  OUTBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
  /** A session unused this long ends; longer than the 6-month offline window, so a tablet back from sea is still signed in. */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(3650).default(200),
  /** Every session ends this long after sign-in, however much it is used. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  /** The largest manual an admin may upload, in MB. */
  KB_MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(2048).default(100),
  /** A PDF with more pages is refused. */
  KB_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(2000),
  /** Buffers (a PDF's decoded streams) reading one manual may hold, in MB; beyond it the manual fails. */
  KB_PARSE_MEMORY_MB: z.coerce.number().int().min(16).max(65_536).default(1024),
  /** Where scheduled backups go; unset means no scheduled backups. */
  BACKUP_DIR: z.string().optional(),
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Lets a scraper off this machine read /metrics with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Names this instance among several on one database (document jobs it has claimed). The same name
   * after a restart takes its unfinished jobs back at once; another instance waits for their lease.
   */
  INSTANCE_ID: z.string().min(1).max(200).optional(),
  /** Per-user and per-tenant request budgets (middleware/rate-limit.ts); off only for tests that hammer the API. */
  RATE_LIMITS: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
})

/**
 * `./data` at the repository root by default. A relative DATA_DIR is taken from where the user
 * ran the command (npm's INIT_CWD), not from the package folder pnpm runs the server in.
 */
function dataDir(configured: string | undefined, initCwd: string | undefined): string {
  if (!configured) return path.join(REPO_ROOT, 'data')
  return path.resolve(initCwd ?? process.cwd(), configured)
}

export type Env = z.infer<typeof envSchema> & {
  oidc: OidcEnv | null
  /** The embedded SQLite file in DATA_DIR (used when DATABASE_URL is unset). */
  dbFile: string
  /** What openDatabase opens: DATABASE_URL when it names PostgreSQL, else the SQLite file. */
  database: string
  /** INSTANCE_ID, else this host and port. */
  instanceId: string
  /** Where uploaded manuals are kept, by content hash. */
  documentsDir: string
  /** Every outbound call goes through this fetch (lib/outbound.ts). */
  fetch: typeof fetch
}
export type OidcEnv = { issuer: string; clientId: string; clientSecret: string; fetch: typeof fetch }

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Parses the environment once at boot; a bad value stops the server with a readable message. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  if (env.DATABASE_URL && !isPostgresUrl(env.DATABASE_URL)) {
    throw new Error(
      'Invalid environment:\n  DATABASE_URL: must be a postgres:// URL; unset it to use the embedded SQLite database in DATA_DIR.',
    )
  }
  const allowedHosts = new Set(
    env.OUTBOUND_ALLOWED_HOSTS.split(',')
      .map((h) =>
        h
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ''),
      )
      .filter(Boolean),
  )
  // The operator's own OpenAI-compatible server is allowed wherever it runs, but only at its own
  // origin: a tenant's base URL on another port of that host (a database beside it) stays refused.
  const allowedOrigins = new Set(env.OPENAI_COMPATIBLE_BASE_URL ? [new URL(env.OPENAI_COMPATIBLE_BASE_URL).origin] : [])
  const limits = {
    allowedHosts,
    allowedOrigins,
    timeoutMs: env.OUTBOUND_TIMEOUT_MS,
    maxBytes: env.OUTBOUND_MAX_BYTES,
  }
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = env
  let oidc: OidcEnv | null = null
  if (OIDC_ISSUER && OIDC_CLIENT_ID && OIDC_CLIENT_SECRET) {
    const issuer = new URL(OIDC_ISSUER)
    if (issuer.protocol !== 'https:' && !LOOPBACK_HOSTS.has(issuer.hostname)) {
      throw new Error('Invalid environment:\n  OIDC_ISSUER: must be an https address (http only on this machine).')
    }
    // The operator named this issuer, so it may sit on a private network.
    const issuerLimits = {
      ...limits,
      allowedHosts: new Set([...allowedHosts, issuer.hostname.replace(/^\[|\]$/g, '')]),
    }
    oidc = {
      issuer: OIDC_ISSUER,
      clientId: OIDC_CLIENT_ID,
      clientSecret: OIDC_CLIENT_SECRET,
      fetch: outboundFetch(issuerLimits),
    }
  }
  return {
    ...env,
    oidc,
    dbFile: path.join(dataDir(env.DATA_DIR, source.INIT_CWD), 'workbench.db'),
    database: env.DATABASE_URL ?? path.join(dataDir(env.DATA_DIR, source.INIT_CWD), 'workbench.db'),
    instanceId: env.INSTANCE_ID ?? `${os.hostname()}:${env.PORT}`,
    documentsDir: path.join(dataDir(env.DATA_DIR, source.INIT_CWD), 'originals'),
    fetch: outboundFetch(limits),
  }
}
