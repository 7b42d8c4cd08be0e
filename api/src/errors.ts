import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@mw/sync-protocol'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** The one error type of the server; app.onError turns it into the JSON error body. */
export class ApiError extends Error {
  readonly code: ErrorCode
  readonly field: string | undefined
  /** With rate_limited: sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined

  constructor(
    code: ErrorCode,
    message: string,
    options?: { field?: string; cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, { cause: options?.cause })
    this.code = code
    this.field = options?.field
    this.retryAfterSeconds = options?.retryAfterSeconds
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code] as ContentfulStatusCode
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } }
  }
}

export const notFound = (what: string) => new ApiError('not_found', `${what} was not found.`)

/**
 * A new record's id is already taken. Only a row the caller can see is named a duplicate (409);
 * one they cannot see (another tenant's, another user's) answers like an unusable id, so an id
 * never confirms that someone else's record exists.
 */
export const idTaken = (what: string, field: string, visibleToCaller: boolean) =>
  visibleToCaller
    ? new ApiError('conflict', `${what} with this id already exists.`, { field })
    : new ApiError('invalid_input', 'This id cannot be used. Create the record again with a new id.', { field })
export const forbidden = (message: string) => new ApiError('forbidden', message)

/**
 * PostgreSQL refuses text holding U+0000 (SQLite stores it): a request that carries one is at
 * fault, not the server. Null for every other error.
 */
export function fromDatabaseError(error: unknown): ApiError | null {
  if ((error as { code?: unknown } | null)?.code === '22021') {
    return new ApiError('invalid_input', 'Text may not contain the NUL character (U+0000).', { cause: error })
  }
  return null
}
