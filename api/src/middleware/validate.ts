import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { ApiError } from '../errors.ts'
import { validationMessage } from '../lib/validation-message.ts'

/** zValidator with our error body: 400 invalid_input naming the first offending field. */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0]
      const field = issue?.path.join('.') || undefined
      throw new ApiError('invalid_input', validationMessage(issue, field), { field })
    }
  })
