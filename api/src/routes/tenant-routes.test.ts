import { defaultExpertModelConfig, errorBodySchema } from '@mw/sync-protocol'
import { beforeAll, describe, expect, it } from 'vitest'
import { type SeedEmail, seededWorld } from '../test/fixtures.ts'
import { send, type TestApp } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

type World = Awaited<ReturnType<typeof seededWorld>>
type Role = 'Technician' | 'Manager' | 'Admin'
const ACTORS: Record<Role, SeedEmail> = {
  Technician: 'tech@demo.local',
  Manager: 'manager@demo.local',
  Admin: 'admin@demo.local',
}

interface Call {
  name: string
  method: 'GET' | 'PUT' | 'POST'
  path: (w: World, me: SeedEmail) => string
  body?: (w: World) => unknown
  /** Expected status in the caller's own tenant, by role. */
  own: Record<Role, number>
}

const all = (status: number) => ({ Technician: status, Manager: status, Admin: status })
const seedBranding = { branding: { name: 'Marine Workbench', theme: 'slate', logoUrl: null, logoLetters: '' } }
const someoneElse = (me: SeedEmail): SeedEmail => (me === 'tech@demo.local' ? 'admin@demo.local' : 'tech@demo.local')

/** Every tenant call, each with who may make it. */
const CALLS: Call[] = [
  { name: 'role', method: 'GET', path: () => 'user/role', own: all(200) },
  { name: 'read config (the shell themes from it)', method: 'GET', path: () => 'admin/config', own: all(200) },
  {
    name: 'save branding',
    method: 'PUT',
    path: () => 'admin/config',
    body: () => seedBranding,
    own: { Technician: 403, Manager: 200, Admin: 200 },
  },
  {
    name: 'save a model',
    method: 'PUT',
    path: () => 'admin/models/seakeeper',
    body: () => defaultExpertModelConfig(),
    own: { Technician: 403, Manager: 200, Admin: 200 },
  },
  { name: 'list users', method: 'GET', path: () => 'admin/users', own: { Technician: 403, Manager: 403, Admin: 200 } },
  {
    name: "set another user's role",
    method: 'PUT',
    path: (w, me) =>
      `admin/users/${w.userId(me === 'manager@demo.local' ? 'tech@demo.local' : 'manager@demo.local')}/role`,
    body: () => ({ role: 'Manager' }),
    own: { Technician: 403, Manager: 403, Admin: 200 },
  },
  {
    name: 'set own role',
    method: 'PUT',
    path: (w, me) => `admin/users/${w.userId(me)}/role`,
    body: () => ({ role: 'Admin' }),
    own: all(403),
  },
  { name: 'list conversations', method: 'GET', path: () => 'conversations', own: all(200) },
  { name: 'list conversations of one agent', method: 'GET', path: () => 'conversations?agentId=furuno', own: all(200) },
  { name: 'read own conversation', method: 'GET', path: () => 'conversations/OWN', own: all(200) },
  { name: "read another user's conversation", method: 'GET', path: () => 'conversations/OTHER', own: all(404) },
  { name: 'list cases', method: 'GET', path: () => 'cases', own: all(200) },
  { name: "read the technician's case", method: 'GET', path: (w) => `cases/${w.techCase}`, own: all(200) },
  {
    name: "read the manager's unassigned case",
    method: 'GET',
    path: (w) => `cases/${w.managerCase}`,
    own: { Technician: 404, Manager: 200, Admin: 200 },
  },
  {
    name: "set the technician's case status",
    method: 'PUT',
    path: (w) => `cases/${w.techCase}`,
    body: () => ({ status: 'In-Progress' }),
    own: all(200),
  },
  {
    name: "note on the manager's unassigned case",
    method: 'PUT',
    path: (w) => `cases/${w.managerCase}`,
    // An append to the description as stored, as the spec's client sends it.
    body: async (w) => ({ description: `${await w.caseDescription(w.managerCase)}\n\nChecked the end stops.` }),
    own: { Technician: 404, Manager: 200, Admin: 200 },
  },
  {
    name: 'create a case',
    method: 'POST',
    path: () => 'cases',
    body: () => ({ title: 'Gyro alarm at start-up', expert: 'seakeeper' }),
    own: all(201),
  },
  { name: 'case history', method: 'GET', path: (w) => `cases/${w.techCase}/history`, own: all(200) },
  { name: 'list training sets', method: 'GET', path: () => 'training/sets', own: all(200) },
  {
    name: 'build a training set',
    method: 'POST',
    path: () => 'training/build',
    body: () => ({ title: 'Radar basics', description: '', expert: 'furuno' }),
    own: all(201),
  },
  { name: 'list assignments', method: 'GET', path: () => 'training/assignments', own: all(200) },
  {
    name: 'assign training',
    method: 'POST',
    path: () => 'training/assign',
    body: (w) => ({ setId: w.demoSetId, assignedToRole: 'Technician' }),
    own: { Technician: 403, Manager: 201, Admin: 201 },
  },
  ...['top-searches', 'low-confidence', 'training-summary', 'summary'].map(
    (report): Call => ({
      name: `report ${report}`,
      method: 'GET',
      path: () => `reports/${report}`,
      own: all(200),
    }),
  ),
]

let t: TestApp
let world: World
beforeAll(async () => {
  t = await createTestApp()
  world = await seededWorld(t)
})

async function resolvePath(call: Call, me: SeedEmail) {
  const path = call.path(world, me)
  return path
    .replace('OWN', await world.conversationOf(me))
    .replace('OTHER', await world.conversationOf(someoneElse(me)))
}

const rows = CALLS.flatMap((call) => (Object.keys(ACTORS) as Role[]).map((role) => ({ call, role })))

describe('role and tenant matrix', () => {
  it.each(rows)('$call.name as $role in own tenant', async ({ call, role }) => {
    const me = ACTORS[role]
    const res = await send(
      t,
      world.cookie(me),
      call.method,
      `/api/t/demo/${await resolvePath(call, me)}`,
      await call.body?.(world),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(call.own[role])
    if (res.status >= 400) expect(errorBodySchema.parse(res.body).error.message).toMatch(/\w+.*\./)
  })

  it.each(rows)('$call.name as $role in another tenant answers 404 and reveals nothing', async ({ call, role }) => {
    const me = ACTORS[role]
    const res = await send(
      t,
      world.cookie(me),
      call.method,
      `/api/t/harbor/${await resolvePath(call, me)}`,
      await call.body?.(world),
    )
    expect(res.status).toBe(404)
    expect(errorBodySchema.parse(res.body).error).toMatchObject({
      code: 'not_found',
      message: 'The workspace "harbor" was not found.',
    })
  })

  it.each(CALLS)('$name signed out answers 401', async (call) => {
    const res = await send(
      t,
      null,
      call.method,
      `/api/t/demo/${await resolvePath(call, 'tech@demo.local')}`,
      await call.body?.(world),
    )
    expect(res.status).toBe(401)
    expect(errorBodySchema.parse(res.body).error.code).toBe('unauthorized')
  })
})

describe("another tenant's ids through one's own tenant", () => {
  const cases = [
    { name: 'read a harbor case', method: 'GET', path: (w: World) => `cases/${w.harborCase}` },
    {
      name: 'update a harbor case',
      method: 'PUT',
      path: (w: World) => `cases/${w.harborCase}`,
      body: () => ({ status: 'Resolved' }),
    },
    { name: "a harbor case's history", method: 'GET', path: (w: World) => `cases/${w.harborCase}/history` },
    {
      name: "set a harbor user's role",
      method: 'PUT',
      path: (w: World) => `admin/users/${w.userId('tech@harbor.local')}/role`,
      body: () => ({ role: 'Admin' }),
    },
    {
      name: 'assign training to a harbor user',
      method: 'POST',
      path: () => 'training/assign',
      body: (w: World) => ({ setId: w.demoSetId, assignedToId: w.userId('tech@harbor.local') }),
    },
    {
      name: 'assign a case to a harbor user',
      method: 'POST',
      path: () => 'cases',
      body: (w: World) => ({ title: 'x', expert: 'furuno', assignedTo: w.userId('admin@harbor.local') }),
    },
  ] as const
  it.each(cases)('$name answers 404 even for an admin', async (c) => {
    const body = 'body' in c ? await c.body(world) : undefined
    const res = await send(t, world.cookie('admin@demo.local'), c.method, `/api/t/demo/${c.path(world)}`, body)
    expect(res.status).toBe(404)
    expect(errorBodySchema.parse(res.body).error.code).toBe('not_found')
  })

  it('answers 404 for a harbor training set assigned from demo', async () => {
    const built = await send(t, world.cookie('admin@harbor.local'), 'POST', '/api/t/harbor/training/build', {
      title: 'Harbor set',
      expert: 'seakeeper',
    })
    expect(built.status).toBe(201)
    const res = await send(t, world.cookie('admin@demo.local'), 'POST', '/api/t/demo/training/assign', {
      setId: built.body.id,
      assignedToRole: 'Technician',
    })
    expect(res.status).toBe(404)
    const harborCase = await send(
      t,
      world.cookie('admin@harbor.local'),
      'GET',
      `/api/t/harbor/cases/${world.harborCase}`,
    )
    expect(harborCase.body.status).toBe('Open')
  })
})
