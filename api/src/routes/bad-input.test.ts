import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { ASSIGN_MESSAGES, defaultExpertModelConfig, errorBodySchema, LIMITS } from '@mw/sync-protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seededWorld } from '../test/fixtures.ts'
import { fingerprint, send, type TestApp } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

type World = Awaited<ReturnType<typeof seededWorld>>
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'
const model = defaultExpertModelConfig()
const branding = { name: 'Marine Workbench', theme: 'slate', logoUrl: null, logoLetters: 'MW' }
const mcq = { type: 'mcq', question: 'Q?', options: ['a', 'b'], correct: 0, explanation: '' }

interface Bad {
  call: string
  what: string
  method: 'GET' | 'PUT' | 'POST'
  path: (w: World) => string
  /** A string is sent as-is (malformed JSON); anything else as JSON. */
  body?: (w: World) => unknown
  headers?: Record<string, string>
  status: number
  code: string
  /** The exact message, where the spec gives the sentence (SPEC §5). */
  message?: string
}

const json =
  (call: string, method: Bad['method'], path: Bad['path']) =>
  (what: string, body: Bad['body'], status = 400, code = status === 400 ? 'invalid_input' : 'not_found'): Bad => ({
    call,
    what,
    method,
    path,
    body,
    status,
    code,
  })

const malformed = (make: ReturnType<typeof json>) => ({
  ...make('malformed JSON', () => '{"oops":'),
  code: 'bad_request',
})
const oversized = (make: ReturnType<typeof json>): Bad => {
  const body = JSON.stringify({ description: 'x'.repeat(LIMITS.jsonBodyMaxBytes + 10) })
  return {
    ...make('a body over the JSON limit', () => body),
    headers: { 'content-length': String(body.length) },
    status: 413,
    code: 'payload_too_large',
  }
}
// A form body where JSON is expected is refused as such, not read as an empty object.
const formBody = (make: ReturnType<typeof json>): Bad => ({
  ...make('a form body instead of JSON', () => 'title=x&status=Open'),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  status: 415,
  code: 'unsupported_media_type',
})

const putCase = json('PUT cases/{id}', 'PUT', (w) => `cases/${w.techCase}`)
const postCase = json('POST cases', 'POST', () => 'cases')
const putConfig = json('PUT admin/config', 'PUT', () => 'admin/config')
const putModel = json('PUT admin/models/seakeeper', 'PUT', () => 'admin/models/seakeeper')
const putRole = json('PUT admin/users/{id}/role', 'PUT', (w) => `admin/users/${w.userId('tech@demo.local')}/role`)
const build = json('POST training/build', 'POST', () => 'training/build')
const assign = json('POST training/assign', 'POST', () => 'training/assign')

const BAD: Bad[] = [
  ...[putCase, postCase, putConfig, putModel, putRole, build, assign].map(formBody),
  malformed(putCase),
  oversized(putCase),
  putCase('no fields', () => ({})),
  putCase('a status of the wrong type', () => ({ status: 3 })),
  putCase('an unknown status', () => ({ status: 'Closed' })),
  putCase('status and description together', () => ({ status: 'Open', description: 'x' })),
  putCase('an unknown field', () => ({ status: 'Open', priority: 'high' })),
  putCase('a negative base version', () => ({ status: 'Resolved', baseVersion: -1 })),
  putCase('a description of the wrong type', () => ({ description: ['x'] })),
  { ...putCase('an unknown case id', () => ({ status: 'Resolved' }), 404), path: () => `cases/${UNKNOWN_ID}` },
  { ...putCase('a malformed case id', () => ({ status: 'Resolved' }), 404), path: () => 'cases/not-a-uuid' },
  malformed(postCase),
  oversized(postCase),
  postCase('no title', () => ({ expert: 'seakeeper' })),
  postCase('a blank title', () => ({ title: '   ', expert: 'seakeeper' })),
  postCase('a title over the limit', () => ({ title: 'x'.repeat(LIMITS.titleMaxChars + 1), expert: 'seakeeper' })),
  postCase('the master expert', () => ({ title: 'x', expert: 'master' })),
  postCase('tags that are not a list', () => ({ title: 'x', expert: 'furuno', tags: 'radar' })),
  postCase('too many tags', () => ({
    title: 'x',
    expert: 'furuno',
    tags: Array.from({ length: LIMITS.tagsMax + 1 }, (_, i) => `t${i}`),
  })),
  postCase('an id that is not a UUID', () => ({ id: '42', title: 'x', expert: 'furuno' })),
  postCase('an unknown conversation', () => ({ title: 'x', expert: 'furuno', conversationId: UNKNOWN_ID }), 404),
  postCase('an unknown assignee', () => ({ title: 'x', expert: 'furuno', assignedTo: UNKNOWN_ID }), 404),
  postCase('an id already taken', (w) => ({ id: w.techCase, title: 'x', expert: 'furuno' }), 409, 'conflict'),
  malformed(putConfig),
  putConfig('no branding', () => ({})),
  putConfig('an unknown theme', () => ({ branding: { ...branding, theme: 'neon' } })),
  putConfig('three logo letters', () => ({ branding: { ...branding, logoLetters: 'ABC' } })),
  putConfig('a javascript: logo URL', () => ({ branding: { ...branding, logoUrl: 'javascript:alert(1)' } })),
  putConfig('a name that is only markup', () => ({ branding: { ...branding, name: '<b></b>' } })),
  malformed(putModel),
  putModel('no primary model', () => ({ temperature: 0.2, maxOutputTokens: 1000 })),
  putModel('a temperature over 2', () => ({ ...model, temperature: 2.5 })),
  putModel('a temperature between steps of 0.1', () => ({ ...model, temperature: 0.15 })),
  putModel('too few output tokens', () => ({ ...model, maxOutputTokens: 50 })),
  putModel('an unknown provider', () => ({ ...model, primary: { provider: 'acme', model: 'x' } })),
  putModel('an OpenAI-compatible model without its URL', () => ({
    ...model,
    primary: { provider: 'openai-compatible', model: 'llama' },
  })),
  putModel('an OpenAI-compatible fallback without its URL', () => ({
    ...model,
    fallback: { provider: 'openai-compatible', model: 'llama' },
  })),
  { ...putModel('the master expert', () => model), path: () => 'admin/models/master' },
  malformed(putRole),
  putRole('an unknown role', () => ({ role: 'Owner' })),
  putRole('no role', () => ({})),
  { ...putRole('an unknown user', () => ({ role: 'Manager' }), 404), path: () => `admin/users/${UNKNOWN_ID}/role` },
  malformed(build),
  { ...build('no title', () => ({ expert: 'furuno' })), message: 'title: Please enter a title for the training set.' },
  {
    ...build('a blank title', () => ({ title: ' ', expert: 'furuno' })),
    message: 'title: Please enter a title for the training set.',
  },
  build('an unknown expert', () => ({ title: 'x', expert: 'radar' })),
  build('questions that are not a list', () => ({ title: 'x', expert: 'furuno', questions: 'mcq' })),
  build('a correct answer outside the options', () => ({
    title: 'x',
    expert: 'furuno',
    questions: [{ ...mcq, correct: 5 }],
  })),
  build('an unknown question type', () => ({ title: 'x', expert: 'furuno', questions: [{ ...mcq, type: 'essay' }] })),
  build('too many questions', () => ({
    title: 'x',
    expert: 'furuno',
    questions: Array.from({ length: 201 }, () => mcq),
  })),
  malformed(assign),
  { ...assign('no set', () => ({ assignedToRole: 'Technician' })), message: 'Please select a training set to assign.' },
  { ...assign('no one to assign to', (w) => ({ setId: w.demoSetId })), message: ASSIGN_MESSAGES.shape },
  {
    ...assign('role type with no role', (w) => ({ setId: w.demoSetId, assignedToRole: null })),
    message: 'Please select a role to assign to.',
  },
  {
    ...assign('user type with no user', (w) => ({ setId: w.demoSetId, assignedToId: '' })),
    message: 'assignedToId: Please select at least one user to assign to.',
  },
  {
    ...assign('user type with a null user', (w) => ({ setId: w.demoSetId, assignedToId: null })),
    message: 'Please select at least one user to assign to.',
  },
  assign('a role and a user together', (w) => ({
    setId: w.demoSetId,
    assignedToRole: 'Technician',
    assignedToId: w.userId('tech@demo.local'),
  })),
  assign('an unknown role', (w) => ({ setId: w.demoSetId, assignedToRole: 'Owner' })),
  {
    ...assign('an empty user list', (w) => ({ setId: w.demoSetId, assignedToIds: [] })),
    message: 'assignedToIds: Please select at least one user to assign to.',
  },
  assign('an unknown set', () => ({ setId: UNKNOWN_ID, assignedToRole: 'Technician' }), 404),
  assign(
    'a user list with one unknown user',
    (w) => ({ setId: w.demoSetId, assignedToIds: [w.userId('tech@demo.local'), UNKNOWN_ID] }),
    404,
  ),
  {
    call: 'GET conversations',
    what: 'an unknown agent',
    method: 'GET',
    path: () => 'conversations?agentId=radar',
    status: 400,
    code: 'invalid_input',
  },
  {
    call: 'GET conversations/{id}',
    what: 'an unknown id',
    method: 'GET',
    path: () => `conversations/${UNKNOWN_ID}`,
    status: 404,
    code: 'not_found',
  },
  {
    call: 'GET cases/{id}',
    what: 'an unknown id',
    method: 'GET',
    path: () => `cases/${UNKNOWN_ID}`,
    status: 404,
    code: 'not_found',
  },
  {
    call: 'GET cases/{id}/history',
    what: 'an unknown id',
    method: 'GET',
    path: () => `cases/${UNKNOWN_ID}/history`,
    status: 404,
    code: 'not_found',
  },
  { call: 'GET', what: 'an unknown call', method: 'GET', path: () => 'tides', status: 404, code: 'not_found' },
]

let t: TestApp
let world: World
beforeAll(async () => {
  t = await createTestApp()
  world = await seededWorld(t)
})

describe('bad input gets a clear 4xx and changes nothing', () => {
  it.each(BAD)('$call with $what answers $status', async (bad) => {
    const before = await fingerprint(t.db)
    const res = await send(
      t,
      world.cookie('admin@demo.local'),
      bad.method,
      `/api/t/demo/${bad.path(world)}`,
      bad.body?.(world),
      bad.headers,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(bad.status)
    const { error } = errorBodySchema.parse(res.body)
    expect(error.code).toBe(bad.code)
    expect(error.message).toMatch(/^\S.*[.!?"]$/)
    if (bad.message) expect(error.message).toBe(bad.message)
    expect(await fingerprint(t.db)).toBe(before)
  })
})

describe('over real HTTP on loopback', () => {
  let base = ''
  let close = () => {}
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
        base = `http://127.0.0.1:${info.port}`
        resolve()
      })
      close = () => server.close()
    })
  })
  afterAll(() => close())

  it('refuses a JSON body over the limit with 413 before parsing it, and changes nothing', async () => {
    const before = await fingerprint(t.db)
    const res = await fetch(`${base}/api/t/demo/cases`, {
      method: 'POST',
      headers: { cookie: world.cookie('admin@demo.local'), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Big', expert: 'furuno', description: 'x'.repeat(LIMITS.jsonBodyMaxBytes) }),
    })
    expect(res.status).toBe(413)
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('payload_too_large')
    expect(await fingerprint(t.db)).toBe(before)
  })
})
