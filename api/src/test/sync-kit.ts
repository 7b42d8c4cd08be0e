/** What the sync route tests share: mutations, pushes and pulls as a device makes them. */
import { type Change, type PullAnswer, pullAnswerSchema, pushAnswerSchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { expect } from 'vitest'
import { createTestApp } from './test-app.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
export const T = '/api/t/demo/sync'

export function mutation(seq: number, type: string, args: Record<string, unknown>, baseVersion: number | null = null) {
  return { mid: uuidv7(), seq, type, args, baseVersion, createdAt: new Date().toISOString() }
}
export const newCase = (seq: number, title = 'Gyro will not spool up') =>
  mutation(seq, 'case.create', {
    id: uuidv7(),
    title,
    description: '',
    expert: 'seakeeper',
    tags: [],
    conversationId: null,
  })

export async function setup(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(overrides)
  const tech = await t.signIn('tech@demo.local')
  const manager = await t.signIn('manager@demo.local')
  return { ...t, tech, manager }
}

export async function push(t: TestApp, cookie: string, deviceId: string, mutations: unknown[]) {
  const res = await t.app.request(`${T}/push`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ deviceId, mutations }),
  })
  return { status: res.status, body: await res.json() }
}
export async function pushOk(t: TestApp, cookie: string, deviceId: string, mutations: unknown[]) {
  const res = await push(t, cookie, deviceId, mutations)
  expect(res.status).toBe(200)
  return pushAnswerSchema.parse(res.body)
}
export async function pull(t: TestApp, cookie: string, cursor: number, limit = 1000): Promise<PullAnswer> {
  const res = await t.app.request(`${T}/pull?cursor=${cursor}&limit=${limit}`, { headers: { cookie } })
  expect(res.status).toBe(200)
  return pullAnswerSchema.parse(await res.json())
}
export async function pullAll(t: TestApp, cookie: string, cursor = 0): Promise<{ changes: Change[]; cursor: number }> {
  const changes: Change[] = []
  for (;;) {
    const page = await pull(t, cookie, cursor, 1000)
    if (page.kind === 'reset') throw new Error('unexpected reset')
    changes.push(...page.changes)
    cursor = page.cursor
    if (!page.hasMore) return { changes, cursor }
  }
}
export const count = async (t: TestApp, table: 'cases' | 'messages' | 'conversations') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
