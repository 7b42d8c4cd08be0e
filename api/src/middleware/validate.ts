import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { z } from 'zod'
import { ApiError } from '../errors.ts'
import { validationMessage } from '../lib/validation-message.ts'

const hasBody = (req: Request) => req.headers.get('content-length') !== '0' && req.body !== null

/** zValidator with our error body: 400 invalid_input naming the first offending field. */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) => {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0]
      const field = issue?.path.join('.') || undefined
      throw new ApiError('invalid_input', validationMessage(issue, field), { field })
    }
  })
  if (target !== 'json') return validator
  // Hono reads a body of another type as {}: say what is wrong instead of "title is required".
  return createMiddleware((c, next) => {
    const type = c.req.header('content-type') ?? ''
    if (hasBody(c.req.raw) && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
      throw new ApiError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.')
    }
    return validator(c, next)
  }) as typeof validator
}
