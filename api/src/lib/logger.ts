import pino, { type DestinationStream, type Logger } from 'pino'
import type { Env } from '../env.ts'

export type { Logger }

/**
 * JSON lines on stdout (pino). What may be logged is chosen field by field at each call: never a
 * header, cookie, token, key, password or message text.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const errors: RecentError[] = []
  const logger = pino(
    {
      level: env.LOG_LEVEL,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      hooks: {
        // The last errors, for an Admin's System tab: the fixed message and the tenant it concerned.
        logMethod(args, method, level) {
          if (level >= ERROR_LEVEL) {
            const [first, second] = args as unknown[]
            const message = typeof first === 'string' ? first : typeof second === 'string' ? second : 'error'
            const tenant =
              typeof first === 'object' && first !== null ? (first as { tenant?: unknown }).tenant : undefined
            errors.push({ at: new Date().toISOString(), message, tenant: typeof tenant === 'string' ? tenant : null })
            if (errors.length > KEEP_ERRORS) errors.shift()
          }
          return method.apply(this, args)
        },
      },
    },
    destination,
  )
  recent.set(logger, errors)
  return logger
}

const ERROR_LEVEL = 50
const KEEP_ERRORS = 100

interface RecentError {
  at: string
  message: string
  tenant: string | null
}
const recent = new WeakMap<Logger, RecentError[]>()

/** The newest errors this process logged about one tenant, newest first. */
export function recentErrors(logger: Logger, tenant: string, limit = 10): { at: string; message: string }[] {
  return (recent.get(logger) ?? [])
    .filter((e) => e.tenant === tenant)
    .slice(-limit)
    .reverse()
    .map(({ at, message }) => ({ at, message }))
}
