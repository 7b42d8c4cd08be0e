import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@mw/sync-protocol'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** The one error type of the server; app.onError turns it into the JSON error body. */
export class ApiError extends Error {
  readonly code: ErrorCode
  readonly field: string | undefined

  constructor(code: ErrorCode, message: string, options?: { field?: string; cause?: unknown }) {
    super(message, { cause: options?.cause })
    this.code = code
    this.field = options?.field
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code] as ContentfulStatusCode
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } }
  }
}

export const notFound = (what: string) => new ApiError('not_found', `${what} was not found.`)
export const forbidden = (message: string) => new ApiError('forbidden', message)
