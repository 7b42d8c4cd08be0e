import type { z } from 'zod'

const sizeUnit = (origin: string) =>
  origin === 'string' ? ' characters' : origin === 'array' || origin === 'set' ? ' items' : ''
const FORMATS: Record<string, string> = {
  uuid: 'a UUID',
  url: 'an http(s) URL',
  email: 'an e-mail address',
  datetime: 'an ISO date-time',
}

// zod leaves the input out of its issues (unless asked), so a missing value is known by its message.
const isMissing = (issue: z.core.$ZodIssue): boolean =>
  (issue.code === 'invalid_type' && / received undefined$/.test(issue.message)) ||
  (issue.code === 'invalid_union' && issue.errors.some((branch) => branch.some(isMissing)))

/**
 * Turns the first zod issue into a sentence a person can act on, naming the field:
 * "temperature must be at most 2.", "title is required.", "The body has an unknown field: priority."
 */
export function validationMessage(issue: z.core.$ZodIssue | undefined, field: string | undefined): string {
  if (!issue) return 'The request is not valid.'
  const subject = field ?? 'The request body'
  const sentence = (text: string) => `${subject} ${text}.`
  // A schema's own message is a sentence (zod's defaults never end in a full stop) and says it best.
  if (/[.!?]$/.test(issue.message)) return `${field ? `${field}: ` : ''}${issue.message}`
  if (isMissing(issue)) return sentence('is required')
  switch (issue.code) {
    case 'invalid_type':
      return sentence(
        `must be ${issue.expected === 'array' ? 'a list' : `${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`}`,
      )
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return sentence('must not be empty')
      return sentence(
        `must ${sizeUnit(issue.origin) ? 'have' : 'be'} at least ${issue.minimum}${sizeUnit(issue.origin)}`,
      )
    case 'too_big':
      return sentence(
        `must ${sizeUnit(issue.origin) ? 'have' : 'be'} at most ${issue.maximum}${sizeUnit(issue.origin)}`,
      )
    case 'invalid_value':
      return sentence(`must be one of ${issue.values.map((v) => String(v)).join(', ')}`)
    case 'invalid_format':
      return sentence(`must be ${FORMATS[issue.format] ?? `in ${issue.format} format`}`)
    case 'unrecognized_keys':
      return sentence(
        `has ${issue.keys.length === 1 ? 'an unknown field' : 'unknown fields'}: ${issue.keys.join(', ')}`,
      )
    case 'invalid_union':
      return sentence('does not have one of the accepted shapes')
    default:
      return sentence(`is not valid (${issue.message})`)
  }
}
