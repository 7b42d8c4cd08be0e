import pino, { type DestinationStream, type Logger } from 'pino'
import type { Env } from '../env.ts'

export type { Logger }

/**
 * JSON lines on stdout (pino). What may be logged is chosen field by field at each call: never a
 * header, cookie, token, key, password or message text.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  return pino({ level: env.LOG_LEVEL, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, destination)
}
