import { errorBodySchema } from '@mw/sync-protocol'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { seededWorld } from '../test/fixtures.ts'
import { createTestApp } from '../test/test-app.ts'

/**
 * Every route the app has (read from the app itself, so a new endpoint is fuzzed without being
 * listed), called with random methods' bodies, parameters, query strings, content types and
 * identities. The server may refuse anything, but never with a 5xx, and an /api refusal is always
 * the JSON error shape.
 */
const t = await createTestApp()
const world = await seededWorld(t)
const routes = [
  ...new Map(
    t.app.routes
      .filter((r) => r.method !== 'ALL' && r.path !== '/*')
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
]

const emails = ['admin@demo.local', 'manager@demo.local', 'tech@demo.local', 'tech@harbor.local']
const cookies = [null, ...emails.map(world.cookie)]
const realIds = [
  ...emails.map(world.userId),
  world.techCase,
  world.managerCase,
  world.harborCase,
  world.demoSetId,
  await world.conversationOf('tech@demo.local'),
]
const param = fc.oneof(
  fc.constantFrom(...realIds, 'demo', 'harbor', 'furuno', 'seakeeper', 'Admin'),
  fc.uuid(),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', 'x'.repeat(3000), '%E0%A4%A', "1' OR '1'='1"),
)
const json = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      title: fc.oneof(fc.string(), fc.jsonValue()),
      expert: fc.oneof(fc.constantFrom('furuno', 'seakeeper'), fc.jsonValue()),
      description: fc.oneof(fc.string(), fc.jsonValue()),
      status: fc.oneof(fc.constantFrom('open', 'in_progress', 'resolved', 'closed'), fc.jsonValue()),
      role: fc.oneof(fc.constantFrom('Admin', 'Manager', 'Technician'), fc.jsonValue()),
      query: fc.oneof(fc.string(), fc.jsonValue()),
      filters: fc.oneof(fc.constant({ file_subject_type: 'furuno' }), fc.jsonValue()),
      deviceId: fc.oneof(fc.uuid(), fc.jsonValue()),
      mutations: fc.oneof(fc.array(fc.jsonValue(), { maxLength: 5 }), fc.jsonValue()),
      questions: fc.oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), fc.jsonValue()),
      baseVersion: fc.oneof(fc.integer(), fc.jsonValue()),
    },
    { requiredKeys: [] },
  ),
)
const body = fc.oneof(
  json.map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '{',
    '{"title":',
    'null',
    '[]',
    '\u0000',
    '--x\r\nContent-Disposition: form-data; name="query"\r\n\r\nq\r\n--x--',
  ),
)
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'text/plain',
  'application/x-www-form-urlencoded',
  '',
)
const query = fc.dictionary(
  fc.constantFrom('cursor', 'limit', 'status', 'q', 'tenant', 'expert', 'page'),
  fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String)),
  { maxKeys: 3 },
)

const request = fc.record({
  route: fc.constantFrom(...routes),
  params: fc.array(param, { minLength: 3, maxLength: 3 }),
  tenant: fc.constantFrom('demo', 'harbor', 'nowhere'),
  cookie: fc.constantFrom(...cookies),
  query,
  body,
  contentType,
})

describe('fuzzing every endpoint', () => {
  it(`never answers 5xx (${routes.length} routes)`, async () => {
    expect(routes.length).toBeGreaterThan(25)
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        let i = 0
        const path = r.route.path.replace(/:(\w+)/g, (_: string, name: string) =>
          name === 'tenant' ? r.tenant : (r.params[i++ % r.params.length] as string),
        )
        const headers: Record<string, string> = {}
        if (r.cookie) headers.cookie = r.cookie
        const withBody = !['GET', 'HEAD'].includes(r.route.method)
        if (withBody && r.contentType) headers['content-type'] = r.contentType
        const res = await t.app.request(`${path}?${new URLSearchParams(r.query)}`, {
          method: r.route.method,
          headers,
          body: withBody ? r.body : undefined,
        })
        const text = await res.text()
        expect(res.status, `${r.route.method} ${path} -> ${text.slice(0, 200)}`).toBeLessThan(500)
        if (path.startsWith('/api/') && res.status >= 400) {
          expect(() => errorBodySchema.parse(JSON.parse(text)), `${r.route.method} ${path}: ${text}`).not.toThrow()
        }
      }),
      { numRuns: 2500 },
    )
  }, 120_000)
})
