import { brandingSchema, buildTrainingBodySchema, updateCaseBodySchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { validationMessage } from './validation-message.ts'

const messageFor = (schema: z.ZodType, input: unknown) => {
  const issue = schema.safeParse(input).error?.issues[0]
  return validationMessage(issue, issue?.path.join('.') || undefined)
}

describe('validation messages', () => {
  it.each([
    ['a missing field', z.object({ title: z.string() }), {}, 'title is required.'],
    ['a field of the wrong type', z.object({ title: z.string() }), { title: 5 }, 'title must be a string.'],
    ['a body that is not an object', z.object({ title: z.string() }), 'str', 'The request body must be an object.'],
    ['a list that is not one', z.object({ tags: z.array(z.string()) }), { tags: 'a' }, 'tags must be a list.'],
    ['an empty required text', z.object({ title: z.string().min(1) }), { title: '' }, 'title must not be empty.'],
    ['a number under its minimum', z.object({ n: z.number().min(100) }), { n: 5 }, 'n must be at least 100.'],
    [
      'a missing nullable URL',
      brandingSchema,
      { name: 'Marine Workbench', theme: 'slate', logoLetters: 'MW' },
      'logoUrl is required.',
    ],
    // The body was sent: a root union names what it accepts, not a missing body.
    [
      'a root union with a field missing from every shape',
      updateCaseBodySchema,
      { status: 'In Progress' },
      'Send {status} (Open, In-Progress or Resolved) or {description}, each with an optional baseVersion, or {vessel, equipment}.',
    ],
    [
      "a schema's own sentence for a missing field",
      z.object({ title: z.string({ error: 'Please enter a title.' }) }),
      {},
      'title: Please enter a title.',
    ],
  ])('%s', (_what, schema, input, message) => {
    expect(messageFor(schema, input)).toBe(message)
  })

  it('names the field of a real schema', () => {
    expect(messageFor(buildTrainingBodySchema, { title: 7 })).toMatch(/^title must be a string\.$/)
  })
})
