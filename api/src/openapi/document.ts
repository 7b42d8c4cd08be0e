import { errorBodySchema, PROTOCOL_VERSION } from '@mw/sync-protocol'
import { z } from 'zod'
import { type Access, OPERATIONS, type Operation } from './operations.ts'

const ACCESS: Record<Access, string> = {
  public: 'No sign-in.',
  'signed-in': 'Any signed-in user (session cookie).',
  member: 'Any member of the tenant.',
  manager: 'Managers and Admins of the tenant.',
  admin: 'Admins of the tenant.',
  'loopback-or-token': 'From this machine, or with Authorization: Bearer METRICS_TOKEN.',
}

/** JSON Schema 2020-12, which OpenAPI 3.1 uses as is; what JSON cannot carry (transforms) is described by its input. */
const schema = (type: z.ZodType) => z.toJSONSchema(type, { io: 'input', unrepresentable: 'any' })

function operationObject(op: Operation) {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }))
  const query = op.query
    ? Object.entries(op.query.shape).map(([name, field]) => ({
        name,
        in: 'query',
        required: !(field as z.ZodType).safeParse(undefined).success,
        schema: schema(field as z.ZodType),
      }))
    : []
  const body =
    op.body || op.bodyType
      ? {
          required: true,
          content: {
            [op.bodyType ?? 'application/json']: {
              schema: op.body
                ? schema(op.body)
                : op.bodyType === 'image/*' || op.bodyType === 'application/octet-stream'
                  ? { type: 'string', format: 'binary' }
                  : { type: 'object' },
            },
          },
        }
      : undefined
  const success = op.response
    ? { description: op.summary, content: { 'application/json': { schema: schema(op.response) } } }
    : { description: op.summary, ...(op.produces ? { content: { [op.produces]: {} } } : {}) }
  return {
    summary: op.summary,
    description: ACCESS[op.access],
    tags: [op.tag],
    parameters: [...params, ...query],
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(op.status)]: success,
      default: {
        description:
          'An error: 400 invalid input, 401 signed out, 403 not allowed, 404 not found (also for other tenants’ ids), 409 conflict, 413 too large, 415 wrong type, 429 rate limited (Retry-After), 503 unavailable.',
        content: { 'application/json': { schema: schema(errorBodySchema) } },
      },
    },
  }
}

/** The OpenAPI 3.1 document of the whole server, built from OPERATIONS. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of OPERATIONS) {
    paths[op.path] ??= {}
    ;(paths[op.path] as Record<string, unknown>)[op.method] = operationObject(op)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Marine Workbench API',
      version: PROTOCOL_VERSION,
      description:
        'Every call of the Marine Workbench server. Sign-in sets a session cookie; writes must come from the same origin and may carry an Idempotency-Key. Errors are always {"error":{"code","message","field"?}}.',
    },
    paths,
  }
}
