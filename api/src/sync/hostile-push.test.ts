import { type PushAnswer, pushAnswerSchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { beforeAll, describe, expect, it } from 'vitest'
import { seededWorld } from '../test/fixtures.ts'
import { fingerprint, send, type TestApp } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

/** A hostile member sends sync mutations that name rows, users and ids that are not theirs. */
type World = Awaited<ReturnType<typeof seededWorld>>
let t: TestApp
let w: World

beforeAll(async () => {
  t = await createTestApp()
  w = await seededWorld(t)
})

const mutation = (type: string, args: Record<string, unknown>, baseVersion: number | null = null) => ({
  mid: uuidv7(),
  seq: 1,
  type,
  args,
  baseVersion,
  createdAt: new Date().toISOString(),
})

async function pushOne(email: string, m: ReturnType<typeof mutation>, tenant = 'demo'): Promise<PushAnswer> {
  const res = await send(t, w.cookie(email), 'POST', `/api/t/${tenant}/sync/push`, {
    deviceId: uuidv7(),
    mutations: [m],
  })
  expect(res.status).toBe(200)
  return pushAnswerSchema.parse(res.body)
}

const eventOf = async (caseId: string) =>
  (await t.db.selectFrom('case_events').select('id').where('case_id', '=', caseId).executeTakeFirstOrThrow()).id
const messageOf = async (email: string) =>
  (
    await t.db
      .selectFrom('messages')
      .select('messages.id')
      .where('conversation_id', '=', await w.conversationOf(email))
      .executeTakeFirstOrThrow()
  ).id

interface Attack {
  what: string
  who: string
  make: () => Promise<ReturnType<typeof mutation>>
  code: string
}

const TECH = 'tech@demo.local'
const ADMIN = 'admin@demo.local'
const MANAGER = 'manager@demo.local'

const attacks: Attack[] = [
  {
    what: 'a note whose noteId is an event of a harbor case',
    who: TECH,
    make: async () =>
      mutation('case.appendNote', { caseId: w.techCase, noteId: await eventOf(w.harborCase), text: 'mine' }),
    code: 'invalid_input',
  },
  {
    what: "a note whose noteId is an event of a colleague's case",
    who: TECH,
    make: async () =>
      mutation('case.appendNote', { caseId: w.techCase, noteId: await eventOf(w.managerCase), text: 'mine' }),
    code: 'conflict',
  },
  {
    what: 'a note on a harbor case',
    who: TECH,
    make: async () => mutation('case.appendNote', { caseId: w.harborCase, noteId: uuidv7(), text: 'hi' }),
    code: 'not_found',
  },
  {
    what: "a status change on a colleague's case with a forged baseVersion",
    who: TECH,
    make: async () => mutation('case.setStatus', { caseId: w.managerCase, status: 'Resolved' }, 999),
    code: 'not_found',
  },
  {
    what: 'a case that reuses a harbor case id',
    who: TECH,
    make: async () =>
      mutation('case.create', {
        id: w.harborCase,
        title: 'Mine now',
        description: '',
        expert: 'seakeeper',
        tags: [],
        conversationId: null,
      }),
    code: 'invalid_input',
  },
  {
    what: "a case linked to a colleague's conversation",
    who: TECH,
    make: async () =>
      mutation('case.create', {
        id: uuidv7(),
        title: 'Linked',
        description: '',
        expert: 'seakeeper',
        tags: [],
        conversationId: await w.conversationOf(MANAGER),
      }),
    code: 'not_found',
  },
  {
    what: "a chat message into a colleague's conversation",
    who: TECH,
    make: async () =>
      mutation('chat.send', {
        conversationId: await w.conversationOf(MANAGER),
        messageId: uuidv7(),
        agentId: 'seakeeper',
        query: 'let me in',
        images: [],
      }),
    code: 'not_found',
  },
  {
    what: "a chat message reusing a colleague's message id in a new conversation",
    who: TECH,
    make: async () =>
      mutation('chat.send', {
        conversationId: uuidv7(),
        messageId: await messageOf(MANAGER),
        agentId: 'seakeeper',
        query: 'show me',
        images: [],
      }),
    code: 'invalid_input',
  },
  {
    what: 'a training assignment to a harbor user',
    who: MANAGER,
    make: async () =>
      mutation('training.assign', {
        id: uuidv7(),
        setId: w.demoSetId,
        assignedToRole: null,
        assignedToId: w.userId('tech@harbor.local'),
      }),
    code: 'not_found',
  },
  {
    what: 'a training assignment by a technician',
    who: TECH,
    make: async () =>
      mutation('training.assign', {
        id: uuidv7(),
        setId: w.demoSetId,
        assignedToRole: 'Technician',
        assignedToId: null,
      }),
    code: 'forbidden',
  },
  {
    what: 'a role change of a harbor user',
    who: ADMIN,
    make: async () => mutation('user.setRole', { userId: w.userId('admin@harbor.local'), role: 'Technician' }),
    code: 'not_found',
  },
  {
    what: 'a role change of oneself',
    who: ADMIN,
    make: async () => mutation('user.setRole', { userId: w.userId(ADMIN), role: 'Technician' }),
    code: 'forbidden',
  },
  {
    what: 'a role change by a manager',
    who: MANAGER,
    make: async () => mutation('user.setRole', { userId: w.userId(TECH), role: 'Admin' }),
    code: 'forbidden',
  },
  {
    what: 'branding by a technician',
    who: TECH,
    make: async () =>
      mutation('tenant.saveBranding', {
        branding: { name: 'Owned', theme: 'slate', logoUrl: null, logoLetters: 'OW' },
      }),
    code: 'forbidden',
  },
  {
    what: 'a javascript: logo URL',
    who: ADMIN,
    make: async () =>
      mutation('tenant.saveBranding', {
        branding: { name: 'Demo', theme: 'slate', logoUrl: 'javascript:alert(1)', logoLetters: 'DM' },
      }),
    code: 'invalid_input',
  },
]

describe('hostile sync push', () => {
  it.each(attacks)('rejects $what ($code) and changes nothing', async ({ who, make, code }) => {
    const m = await make()
    const before = await fingerprint(t.db)
    const answer = await pushOne(who, m)
    expect(answer.results).toEqual([expect.objectContaining({ mid: m.mid, status: 'rejected', code })])
    expect(await fingerprint(t.db)).toBe(before)
  })

  it("refuses a device id registered to this user's account in another tenant", async () => {
    const deviceId = uuidv7()
    const cookie = w.cookie(ADMIN)
    const first = await send(t, cookie, 'POST', '/api/t/demo/sync/push', { deviceId, mutations: [{ mid: 'x' }] })
    expect(first.status).toBe(200)
    const other = await send(t, w.cookie('admin@harbor.local'), 'POST', '/api/t/harbor/sync/push', {
      deviceId,
      mutations: [{ mid: 'x' }],
    })
    expect(other.status).toBe(403)
  })

  it("answers a mid first sent by another user's device with a rejection, not that user's outcome", async () => {
    const m = mutation('case.appendNote', { caseId: w.techCase, noteId: uuidv7(), text: 'from tech' })
    expect((await pushOne(TECH, m)).results[0]?.status).toBe('applied')
    const replay = await pushOne(MANAGER, m)
    expect(replay.results).toEqual([expect.objectContaining({ mid: m.mid, status: 'rejected', code: 'conflict' })])
  })

  it('refuses more mutations than a batch may hold, and a deeply nested body, with a 4xx', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ ...mutation('x', {}), seq: i + 1 }))
    const big = await send(t, w.cookie(TECH), 'POST', '/api/t/demo/sync/push', { deviceId: uuidv7(), mutations: many })
    expect(big.status).toBe(400)
    const nested = `{"deviceId":"${uuidv7()}","mutations":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`
    const deep = await send(t, w.cookie(TECH), 'POST', '/api/t/demo/sync/push', nested)
    expect(deep.status).toBe(200)
    expect(deep.body.results[0]).toMatchObject({ status: 'rejected', code: 'invalid_input' })
  })
})
